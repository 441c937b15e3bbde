import type { ActionFunctionArgs } from "react-router";
import { createPremiumListing } from "#tests/factories/directory";

// Test server only (see testOnlyRoutes in app/routes.ts): a verified listing owned by the user id
// posted as `ownerId`, on the premium plan (a live subscription row, as billing would write), so
// a browser test can set up bookings without going through checkout.
export async function action({ request }: ActionFunctionArgs) {
  const ownerId = String((await request.formData().catch(() => null))?.get("ownerId") ?? "");
  if (!ownerId) return Response.json({ error: "ownerId required" }, { status: 400 });
  const business = await createPremiumListing(ownerId, { name: `Casa Marea ${Date.now() % 100000}` });
  return Response.json(business, { status: 201, headers: { "Cache-Control": "no-store" } });
}
