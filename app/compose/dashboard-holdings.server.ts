import { countAdsByAuthor } from "#app/features/classifieds/status.server";
import { listMyClaims } from "#app/features/directory/claims.server";
import { countEventsByOrganizer } from "#app/features/events/event-status.server";
import { hasAgentPlan, listMyProperties } from "#app/features/realestate/properties.server";
import type { Actor } from "#app/lib/authorization";
import type { Holding } from "#app/lib/shell-sections";
import { listMyBusinesses } from "#app/platform/listings/listings.server";

/**
 * What a person has among the things the dashboard's sections are about: listings (owned or
 * started), claims, events, classified ads, properties and the agent plan. The side navigation
 * lists the sections about these and offers the rest (app/lib/shell-sections.ts: dashboardNav).
 */
export async function dashboardHoldings(actor: Actor): Promise<Set<Holding>> {
  const [businesses, claims, events, ads, properties] = await Promise.all([
    listMyBusinesses({ actor }),
    listMyClaims({ actor }),
    countEventsByOrganizer({ authorId: actor.id }),
    countAdsByAuthor({ authorId: actor.id }),
    listMyProperties({ actor }),
  ]);
  const holdings = new Set<Holding>();
  if (businesses.length) holdings.add("listing");
  if (claims.length) holdings.add("claim");
  if (events > 0) holdings.add("event");
  if (ads > 0) holdings.add("ad");
  if (properties.length) holdings.add("property");
  if (hasAgentPlan(actor)) holdings.add("agent");
  return holdings;
}
