import { data } from "react-router";
import { analyticsCsv, getOwnerAnalytics } from "#app/compose/owner-analytics.server";
import { isUuid } from "#app/features/directory/constants";
import { orAppError } from "#app/lib/errors.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/export.csv";
import { readPeriod } from "./period";

// /dashboard/analytics/export.csv?business=…&days=…: the daily series for a spreadsheet.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  const { business: businessId } = readSearchParams(request, { business: searchParam.text() });
  if (!isUuid(businessId)) throw data(t("directory:errors.notFound"), { status: 404 });
  const days = readPeriod(request);
  const analytics = await orAppError(language, () => getOwnerAnalytics({ actor: user, businessId, days }));
  if (analytics.gated) throw data(t("owner:gate.analytics.title"), { status: 403 });
  const csv = analyticsCsv(analytics, {
    day: t("owner:analytics.table.day"),
    series: analytics.series.map((series) => t(series.labelKey)),
  });
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="analytics-${days}d.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
