import { and, desc, eq, isNotNull } from "drizzle-orm";
import { businessEvents, reviews } from "#app/features/directory/schema";
import type { Db } from "#app/lib/db.server";
import { demoOwnerListing } from "./accounts";
import { demoInstant, hoursBefore } from "./demo-dates";

// The directory's side of the demo owner's listing: eight weeks of visits and clicks behind the
// analytics page, and the owner's answer to its newest review. Counts follow a fixed pattern (busier
// weekends, a slow climb towards the seed's day), so every demo shows the same shapes. Only with
// the demo accounts; once per listing.

export const demoAnalyticsDays = 56;

const sources = ["search", "category", "direct", "concierge", "search", "direct"] as const;
const clickKinds = ["whatsapp", "phone", "waze", "website", "directions", "email"] as const;

/** Views and clicks of one past day (`daysAgo` ≥ 1): deterministic, never zero. */
export function demoDayCounts(daysAgo: number) {
  const weekend = daysAgo % 7 === 1 || daysAgo % 7 === 2 ? 5 : 0;
  const views = 4 + ((daysAgo * 7) % 5) + weekend + Math.floor((demoAnalyticsDays - daysAgo) / 8);
  const clicks = 1 + ((daysAgo * 3) % 4);
  return { views, clicks };
}

export const demoReviewReply = {
  en: "Thank you for coming by! Our fish comes from the marina every morning, so the menu changes with the catch: we hope to see you again soon.",
  es: "¡Muchas gracias por visitarnos! El pescado llega de la marina cada mañana, así que la carta cambia con la pesca; esperamos verle pronto.",
};

export async function seedDemoListingActivity(db: Db, now: Date = new Date()) {
  const listing = await demoOwnerListing(db);
  if (!listing) return;

  const [answered] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.businessId, listing.id), isNotNull(reviews.ownerReply)))
    .limit(1);
  if (!answered) {
    const [newest] = await db
      .select({ id: reviews.id, language: reviews.language, createdAt: reviews.createdAt })
      .from(reviews)
      .where(and(eq(reviews.businessId, listing.id), eq(reviews.status, "published")))
      .orderBy(desc(reviews.createdAt))
      .limit(1);
    if (newest) {
      const repliedAt = new Date(Math.min(newest.createdAt.getTime() + 20 * 3_600_000, hoursBefore(now, 1).getTime()));
      await db
        .update(reviews)
        .set({
          ownerReply: newest.language === "es" ? demoReviewReply.es : demoReviewReply.en,
          ownerReplyAt: repliedAt,
        })
        .where(eq(reviews.id, newest.id));
    }
  }

  const [counted] = await db
    .select({ id: businessEvents.id })
    .from(businessEvents)
    .where(eq(businessEvents.businessId, listing.id))
    .limit(1);
  if (counted) return;
  const rows: (typeof businessEvents.$inferInsert)[] = [];
  for (let daysAgo = demoAnalyticsDays; daysAgo >= 1; daysAgo--) {
    const { views, clicks } = demoDayCounts(daysAgo);
    for (let n = 0; n < views; n++) {
      const minute = 7 * 60 + ((n * 53 + daysAgo * 17) % (12 * 60));
      rows.push({
        businessId: listing.id,
        kind: "view",
        language: (n + daysAgo) % 3 === 0 ? "es" : "en",
        source: sources[(n + daysAgo) % sources.length],
        occurredAt: demoInstant(now, -daysAgo, clock(minute)),
      });
    }
    for (let n = 0; n < clicks; n++) {
      rows.push({
        businessId: listing.id,
        kind: clickKinds[(n + daysAgo) % clickKinds.length],
        language: (n + daysAgo) % 2 === 0 ? "es" : "en",
        source: "direct",
        occurredAt: demoInstant(now, -daysAgo, clock(9 * 60 + ((n * 97 + daysAgo * 13) % (9 * 60)))),
      });
    }
  }
  for (let start = 0; start < rows.length; start += 500)
    await db.insert(businessEvents).values(rows.slice(start, start + 500));
}

function clock(minutes: number) {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
