import type { ActionFunctionArgs } from "react-router";
import { z } from "zod";
import { createBusiness, createPremiumListing } from "#tests/factories/directory";

// Test server only (see testOnlyRoutes in app/routes.ts): a verified listing owned by a test user,
// with its own premium plan when asked (a live subscription row, as billing writes), through the integration tests' factory, so a browser test
// of the business dashboard starts from a listing of its own.
const body = z.object({
  ownerId: z.string().min(1),
  name: z.string().min(2).max(100),
  premium: z.boolean().default(false),
  phone: z.string().max(30).optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  const payload = (await request.formData().catch(() => null))?.get("payload");
  let options: unknown = null;
  try {
    options = typeof payload === "string" ? JSON.parse(payload) : null;
  } catch {
    // Not JSON: the schema below refuses it.
  }
  const parsed = body.safeParse(options);
  if (!parsed.success) return Response.json({ error: parsed.error.issues }, { status: 400 });
  const listing = { name: parsed.data.name, category: "restaurant" as const, phone: parsed.data.phone };
  const business = parsed.data.premium
    ? await createPremiumListing(parsed.data.ownerId, listing)
    : await createBusiness({ ...listing, owner: parsed.data.ownerId });
  return Response.json(business, { status: 201, headers: { "Cache-Control": "no-store" } });
}
