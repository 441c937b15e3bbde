import type { ActionFunctionArgs } from "react-router";
import { subscriptions } from "#app/domain/billing/schema";
import { getDb } from "#app/lib/db.server";
import { createBusiness } from "#tests/factories/directory";

// Test server only (see testOnlyRoutes in app/routes.ts): a verified listing owned by the user id
// posted as `ownerId`, on the premium plan (a live subscription row, as billing would write), so
// a browser test can set up bookings without going through checkout.
export async function action({ request }: ActionFunctionArgs) {
  const ownerId = String((await request.formData().catch(() => null))?.get("ownerId") ?? "");
  if (!ownerId) return Response.json({ error: "ownerId required" }, { status: 400 });
  const business = await createBusiness({ owner: ownerId, premium: true, name: `Casa Marea ${Date.now() % 100000}` });
  await getDb().insert(subscriptions).values({ userId: ownerId, businessId: business.id, planId: "premium" });
  return Response.json(business, { status: 201, headers: { "Cache-Control": "no-store" } });
}
