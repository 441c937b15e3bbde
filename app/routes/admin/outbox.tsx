import { Form } from "react-router";
import { inputClass } from "#app/components/accounts/fields";
import { Pager } from "#app/components/accounts/pager";
import { listOutbox } from "#app/domain/outbox/outbox.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/outbox";

export const handle = { i18n: ["accounts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

const pageSize = 25;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "read:outbox:any");
  const { t } = await getRequestTranslator(request);
  const params = new URL(request.url).searchParams;
  const to = (params.get("to") ?? "").trim().slice(0, 320);
  const page = Math.max(1, Math.min(Number.parseInt(params.get("page") ?? "1", 10) || 1, 10_000));
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
    })),
  };
}

export default function OutboxPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("admin.outbox.title")}</h1>
      <p className="text-sm text-slate-600">{t("admin.outbox.intro")}</p>
      <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
        <div className="flex-1">
          <label htmlFor="outbox-to" className="block text-sm font-medium">
            {t("admin.outbox.filterLabel")}
          </label>
          <input
            id="outbox-to"
            name="to"
            type="search"
            defaultValue={loaderData.to}
            maxLength={320}
            className={inputClass}
          />
        </div>
        <button type="submit" className="btn-primary">
          {t("admin.outbox.filter")}
        </button>
      </Form>
      {loaderData.entries.length === 0 ? (
        <p className="text-slate-600">{t("admin.outbox.empty")}</p>
      ) : (
        <ul className="space-y-3">
          {loaderData.entries.map((entry) => (
            <li key={entry.id} className="rounded-xl border border-slate-200 p-4" data-testid="outbox-entry">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold break-words">{entry.subject}</p>
                <span className="rounded bg-slate-100 px-2 py-0.5 text-xs">
                  {t(`admin.outbox.statuses.${entry.status}`)}
                </span>
              </div>
              <p className="mt-1 text-sm break-all text-slate-700">
                {t("admin.outbox.to")}: <span data-testid="outbox-to">{entry.to}</span> ·{" "}
                {formatDate(new Date(entry.createdAt), language, { dateStyle: "medium", timeStyle: "short" })}
              </p>
              <details className="mt-2">
                <summary className="cursor-pointer text-sm text-brand-800">{t("admin.outbox.showBody")}</summary>
                <pre className="mt-2 text-sm break-words whitespace-pre-wrap" data-testid="outbox-body">
                  {entry.text}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.page} pages={loaderData.pages} />
    </div>
  );
}
