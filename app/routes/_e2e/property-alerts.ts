import type { ActionFunctionArgs } from "react-router";
import { runPropertyAlerts } from "#app/features/realestate/alerts.server";

// Test server only (see testOnlyRoutes in app/routes.ts): one run of the saved-search alert job
// as if `days` had passed, so a browser test sees the email without waiting for the interval.
export async function action({ request }: ActionFunctionArgs) {
  const days = Number((await request.formData().catch(() => null))?.get("days") ?? "8");
  const now = new Date(Date.now() + (Number.isFinite(days) ? days : 8) * 86_400_000);
  return Response.json(await runPropertyAlerts({ now }), { headers: { "Cache-Control": "no-store" } });
}
