import { type Column, DataTable } from "#app/components/ui/data-table";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { AddLink, PageHeader } from "#app/components/ui/page-header";
import { StatusBadge, type StatusTone } from "#app/components/ui/status-badge";
import { listMyEvents } from "#app/features/events/organiser.server";
import { formatDate, formatNumber } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/index";

// /dashboard/events: the events the signed-in person organises, with their next date and answers.
export const handle = { i18n: ["events"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t } = await getRequestTranslator(request);
  const events = await listMyEvents({ actor: user });
  return {
    head: { title: t("events:dashboard.title"), description: t("events:dashboard.intro"), noindex: true },
    events,
  };
}

type Row = Awaited<ReturnType<typeof loader>>["events"][number];

export default function DashboardEvents({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("events");
  const language = useLanguage();
  const statusOf = (row: Row): { key: string; tone: StatusTone } =>
    row.cancelledAt
      ? { key: "cancelled", tone: "danger" }
      : row.status === "pending"
        ? { key: "pending", tone: "warning" }
        : row.status === "hidden"
          ? { key: "hidden", tone: "danger" }
          : !row.nextStart
            ? { key: "past", tone: "neutral" }
            : { key: "published", tone: "success" };
  const columns: Column<Row>[] = [
    {
      id: "event",
      header: t("dashboard.columns.event"),
      cell: (row) => (
        <LocalizedLink to={`/dashboard/events/${row.id}`} className="font-medium text-brand-800 underline">
          {(language === "es" ? row.titleEs || row.titleEn : row.titleEn || row.titleEs) || row.slug}
        </LocalizedLink>
      ),
    },
    {
      id: "next",
      header: t("dashboard.columns.next"),
      cell: (row) =>
        row.nextStart
          ? formatDate(new Date(row.nextStart), language, { dateStyle: "medium", timeStyle: "short" })
          : t("dashboard.noNext"),
    },
    {
      id: "status",
      header: t("dashboard.columns.status"),
      cell: (row) => {
        const status = statusOf(row);
        return <StatusBadge tone={status.tone}>{t(`dashboard.status.${status.key}`)}</StatusBadge>;
      },
    },
    { id: "going", header: t("dashboard.columns.going"), cell: (row) => formatNumber(row.confirmed, language) },
    { id: "waiting", header: t("dashboard.columns.waiting"), cell: (row) => formatNumber(row.waitlisted, language) },
  ];
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("dashboard.title")}
        description={t("dashboard.intro")}
        actions={<AddLink to="/events/new" label={t("dashboard.add")} />}
      />
      <DataTable
        rows={loaderData.events}
        columns={columns}
        rowKey={(row) => row.id}
        caption={t("dashboard.title")}
        empty={<p className="text-sm text-slate-600">{t("dashboard.empty")}</p>}
        testId="my-events"
      />
    </div>
  );
}
