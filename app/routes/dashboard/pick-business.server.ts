import type { Actor } from "#app/lib/authorization";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { listMyBusinesses } from "#app/platform/listings/listings.server";

/**
 * The business a dashboard section works on: `?business=<id>` among the person's own, else their
 * only one. The list offers the choice; whether the id may be touched is decided by the domain
 * function the section calls (someone else's id is "not found" there).
 */
export async function pickBusiness(request: Request, actor: Actor, options: { ownedOnly?: boolean } = {}) {
  const mine = (await listMyBusinesses({ actor })).filter((business) =>
    options.ownedOnly ? business.ownerId === actor.id : true,
  );
  const choices = mine.map((business) => ({ id: business.id, name: business.name, status: business.status }));
  const { business: asked } = readSearchParams(request, { business: searchParam.nullable() });
  const selectedId = asked ?? (choices.length === 1 ? choices[0].id : null);
  return { choices, selectedId };
}
