import { DataTable } from "#app/components/ui/data-table";
import { PageHeader } from "#app/components/ui/page-header";
import { Stat } from "#app/components/ui/stat";
import { getConciergeStats } from "#app/compose/concierge/concierge.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/concierge";

// /admin/concierge: what visitors ask, counted by intent, and what went unanswered (to improve
// the guides). Anonymous by construction: the table holds no user, address or conversation.
export const handle = { i18n: ["concierge"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePermission(request, "read:concierge-stats:any");
  const { t } = await getRequestTranslator(request);
  const stats = await getConciergeStats({ actor, days: 30 });
  return {
    head: { title: t("concierge:admin.title"), description: t("concierge:admin.description"), noindex: true },
    stats,
  };
}

export default function AdminConciergePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("concierge");
  const language = useLanguage();
  const { stats } = loaderData;
  const unansweredTotal = stats.intents.reduce((sum, row) => sum + row.unanswered, 0);
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin.title")} description={t("admin.description")}>
        <p className="text-sm text-slate-600">{t("admin.period", { count: stats.days })}</p>
      </PageHeader>
      <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
        <Stat label={t("admin.total")} value={stats.total} testId="concierge-total" />
        <Stat label={t("admin.unansweredTotal")} value={unansweredTotal} testId="concierge-unanswered" />
      </dl>
      <section aria-labelledby="concierge-intents" className="space-y-2">
        <h2 id="concierge-intents" className="text-lg font-semibold">
          {t("admin.intentsTitle")}
        </h2>
        <DataTable
          rows={stats.intents}
          rowKey={(row) => row.intent}
          caption={t("admin.intentsTitle")}
          empty={t("admin.noQuestions")}
          rowTestId="concierge-intent"
          columns={[
            { id: "intent", header: t("admin.intent"), cell: (row) => t(`admin.intents.${row.intent}`) },
            { id: "count", header: t("admin.count"), cell: (row) => row.count },
            { id: "unanswered", header: t("admin.unanswered"), cell: (row) => row.unanswered },
          ]}
        />
      </section>
      <section aria-labelledby="concierge-unanswered-title" className="space-y-2">
        <h2 id="concierge-unanswered-title" className="text-lg font-semibold">
          {t("admin.unansweredTitle")}
        </h2>
        <DataTable
          rows={stats.unanswered}
          rowKey={(row) => `${row.askedAt}:${row.question}`}
          caption={t("admin.unansweredTitle")}
          empty={t("admin.noUnanswered")}
          rowTestId="concierge-unanswered-question"
          columns={[
            { id: "question", header: t("admin.question"), cell: (row) => row.question },
            { id: "language", header: t("admin.language"), cell: (row) => row.language.toUpperCase() },
            {
              id: "askedAt",
              header: t("admin.askedAt"),
              cell: (row) => formatDate(new Date(row.askedAt), language, { dateStyle: "medium", timeStyle: "short" }),
            },
          ]}
        />
      </section>
    </div>
  );
}
