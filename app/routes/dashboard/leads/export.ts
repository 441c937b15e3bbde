import { agentPlanPermission } from "#app/features/realestate/constants";
import { exportMyLeadsCsv } from "#app/features/realestate/leads.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/export";

// The leads dashboard's CSV: the agent's own leads only, never cached anywhere.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, agentPlanPermission);
  const { language } = await getRequestTranslator(request);
  const csv = await exportMyLeadsCsv({ actor: user, language });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
