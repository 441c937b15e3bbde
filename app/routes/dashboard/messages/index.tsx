import { PlanGate } from "#app/components/owner/plan-gate";
import { type Column, DataTable } from "#app/components/ui/data-table";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { StatusBadge } from "#app/components/ui/status-badge";
import { listInbox, type ThreadSummary } from "#app/features/messages/messages.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/index";

// /dashboard/messages: the inbox of every listing the person owns, newest conversation first.
export const handle = { i18n: ["messages", "owner"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t } = await getRequestTranslator(request);
  const inbox = await listInbox({ actor: user });
  return {
    head: { title: t("messages:inbox.title"), description: t("messages:inbox.intro"), noindex: true },
    ...inbox,
    unread: inbox.threads.reduce((sum, thread) => sum + thread.unread, 0),
  };
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("messages");
  const language = useLanguage();
  const free = loaderData.listings.filter((listing) => !listing.isPremium);
  const columns: Column<ThreadSummary>[] = [
    {
      id: "from",
      header: t("inbox.columns.from"),
      cell: (row) => (
        <LocalizedLink
          to={`/dashboard/messages/${row.id}`}
          className={`text-brand-800 underline ${row.unread ? "font-bold" : "font-medium"}`}
          data-testid="thread-link"
        >
          {row.visitorName}
        </LocalizedLink>
      ),
    },
    { id: "business", header: t("inbox.columns.business"), cell: (row) => row.businessName },
    {
      id: "preview",
      header: t("inbox.columns.preview"),
      cell: (row) => <span className="line-clamp-2">{row.preview}</span>,
    },
    {
      id: "when",
      header: t("inbox.columns.when"),
      cell: (row) => formatDate(new Date(row.lastMessageAt), language, { dateStyle: "medium", timeStyle: "short" }),
    },
    {
      id: "unread",
      header: t("inbox.columns.unread"),
      cell: (row) =>
        row.unread ? (
          <StatusBadge tone="info" testId="unread-badge">
            {t("inbox.unread", { count: row.unread })}
          </StatusBadge>
        ) : (
          <span className="text-sm text-slate-600">{t("inbox.read")}</span>
        ),
    },
  ];
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("inbox.title")}
        description={loaderData.unread ? t("inbox.unreadTotal", { count: loaderData.unread }) : t("inbox.intro")}
      />
      {!loaderData.listings.length ? (
        <p className="rounded-xl bg-slate-50 p-5 text-slate-700" data-testid="no-listings">
          {t("inbox.noListings")}{" "}
          <LocalizedLink to="/list-business" className="text-brand-800 underline">
            {t("inbox.listBusiness")}
          </LocalizedLink>
        </p>
      ) : null}
      {free.length ? (
        <PlanGate title={t("gate.title")} testId="messages-gate">
          {t("gate.text", { names: free.map((listing) => listing.name).join(", ") })}
        </PlanGate>
      ) : null}
      {loaderData.listings.length ? (
        <DataTable
          rows={loaderData.threads}
          columns={columns}
          rowKey={(row) => row.id}
          caption={t("inbox.title")}
          empty={<p className="text-sm text-slate-600">{t("inbox.empty")}</p>}
          rowTestId="thread"
        />
      ) : null}
    </div>
  );
}
