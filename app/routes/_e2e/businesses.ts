import type { ActionFunctionArgs } from "react-router";
import { z } from "zod";
import { getDb } from "#app/lib/db.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import { createBusiness, createPremiumListing } from "#tests/factories/directory";
import { readPayload } from "./payload";

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
  const read = await readPayload(request, body);
  if ("refusal" in read) return read.refusal;
  const { ownerId, name, premium, phone } = read.options;
  const listing = { name, category: "restaurant" as const, phone };
  const business = premium
    ? await createPremiumListing(ownerId, listing)
    : await createBusiness({ ...listing, owner: ownerId });
  // As every write of a listing does: cached pages and remembered directory pages show it next.
  await bumpContentVersion(getDb(), "businesses");
  return Response.json(business, { status: 201, headers: { "Cache-Control": "no-store" } });
}
