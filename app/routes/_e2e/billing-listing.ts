import type { ActionFunctionArgs } from "react-router";
import { createBusiness } from "#tests/factories/directory";

// Test server only (see testOnlyRoutes in app/routes.ts): a verified free listing owned by the
// given user, with a phone number (shown only once the listing is premium), for the billing tests.
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const ownerId = String(form?.get("ownerId") ?? "");
  const name = String(form?.get("name") ?? "").slice(0, 80);
  if (!ownerId || !name) return Response.json({ error: "ownerId and name" }, { status: 400 });
  const business = await createBusiness({ name, owner: ownerId, category: "restaurant", phone: "+506 2654 0000" });
  return Response.json(
    { id: business.id, slug: business.slug },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
}
