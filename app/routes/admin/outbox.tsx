import { Form } from "react-router";
import { DataTable } from "#app/components/ui/data-table";
import { FilterForm } from "#app/components/ui/filter-form";
import { PageHeader } from "#app/components/ui/page-header";
import { StatusBadge, type StatusTone } from "#app/components/ui/status-badge";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { listOutbox } from "#app/platform/outbox/outbox.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/outbox";

export const handle = { i18n: ["accounts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

const pageSize = 25;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "read:outbox:any");
  const { t } = await getRequestTranslator(request);
  const { to, page } = readSearchParams(request, {
    to: searchParam.text({ trim: true, max: 320 }),
    page: searchParam.int((page) => Math.max(1, Math.min(page || 1, 10_000))),
  });
  const { entries, total } = await listOutbox({ to: to || undefined, limit: pageSize, offset: (page - 1) * pageSize });
  return {
    head: { title: t("accounts:admin.outbox.metaTitle"), description: t("accounts:admin.outbox.intro"), noindex: true },
    to,
    page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    entries: entries.map((entry) => ({
      ...entry,
      createdAt: entry.createdAt.toISOString(),
      sentAt: entry.sentAt?.toISOString() ?? null,
      // Names only: the files themselves stay on the server.
      attachments: entry.attachments?.map((file) => file.filename) ?? [],
    })),
  };
}

const statusTones: Record<string, StatusTone> = {
  pending: "warning",
  sent: "success",
  failed: "danger",
  kept: "info",
};

export default function OutboxPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin.outbox.title")} description={t("admin.outbox.intro")} />
      <FilterForm
        id="outbox"
        search={{ name: "to", label: t("admin.outbox.filterLabel"), value: loaderData.to, maxLength: 320 }}
        submit={t("admin.outbox.filter")}
      />
      <DataTable
        rows={loaderData.entries}
        rowKey={(entry) => entry.id}
        caption={t("admin.outbox.title")}
        empty={t("admin.outbox.empty")}
        page={loaderData.page}
        pages={loaderData.pages}
        rowTestId="outbox-entry"
        columns={[
          {
            id: "subject",
            header: t("admin.outbox.subject"),
            cell: (entry) => (
              <>
                <span className="font-semibold">{entry.subject}</span>
                <details className="mt-1">
                  <summary className="cursor-pointer text-brand-800">{t("admin.outbox.showBody")}</summary>
                  <pre className="mt-2 font-sans break-words whitespace-pre-wrap" data-testid="outbox-body">
                    {entry.text}
                  </pre>
                </details>
                {entry.attachments.length ? (
                  <p className="mt-1 text-xs text-slate-600" data-testid="outbox-attachments">
                    {t("admin.outbox.attachments", { names: entry.attachments.join(", ") })}
                  </p>
                ) : null}
              </>
            ),
          },
          {
            id: "to",
            header: t("admin.outbox.to"),
            className: "break-all",
            cell: (entry) => <span data-testid="outbox-to">{entry.to}</span>,
          },
          {
            id: "status",
            header: t("admin.outbox.status"),
            cell: (entry) => (
              <StatusBadge tone={statusTones[entry.status]}>{t(`admin.outbox.statuses.${entry.status}`)}</StatusBadge>
            ),
          },
          {
            id: "created",
            header: t("admin.outbox.created"),
            className: "sm:whitespace-nowrap",
            cell: (entry) =>
              formatDate(new Date(entry.createdAt), language, { dateStyle: "medium", timeStyle: "short" }),
          },
        ]}
      />
    </div>
  );
}
