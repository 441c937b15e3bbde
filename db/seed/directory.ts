import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { BusinessOffering, SpokenLanguage } from "#app/features/directory/constants";
import { type OpeningPeriod, parseClock } from "#app/features/directory/hours";
import { indexBusiness } from "#app/features/directory/indexing.server";
import { recomputeBusinessRating } from "#app/features/directory/ratings.server";
import {
  businessClosures,
  businessHours,
  businessTaxRegistrations,
  menuItems,
  reviews,
} from "#app/features/directory/schema";
import type { Db } from "#app/lib/db.server";
import { areas } from "#app/platform/site/schema";
import { businesses } from "../../app/platform/listings/schema";
import { type DemoBusiness, demoBusinesses, demoDirections, demoReviewers, demoReviewTexts } from "./directory-data";

/** "1-6 08:00-17:00|0 09:00-13:00" → opening periods (see DemoBusiness.hours). */
export function parseDemoHours(spec: string): OpeningPeriod[] {
  return spec.split("|").flatMap((group) => {
    const [days, ranges] = group.trim().split(/\s+/);
    const weekdays = days.split(",").flatMap((part) => {
      const [from, to] = part.split("-").map(Number);
      return to === undefined ? [from] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
    });
    return weekdays.flatMap((weekday) =>
      ranges.split(",").map((range) => {
        const [opens, closes] = range.split("-").map((clock) => parseClock(clock));
        if (opens === null || closes === null) throw new Error(`bad demo hours: ${spec}`);
        return { weekday, opensAt: opens, closesAt: closes === 0 ? 1440 : closes };
      }),
    );
  });
}

/** Spreads businesses around their area's centre, deterministically, so maps show distinct pins. */
function demoPosition(center: { latitude: number; longitude: number }, index: number) {
  const angle = index * 2.399963; // golden angle
  const distance = 0.0015 + (index % 7) * 0.0009;
  return {
    latitude: Math.round((center.latitude + Math.sin(angle) * distance) * 1e6) / 1e6,
    longitude: Math.round((center.longitude + Math.cos(angle) * distance) * 1e6) / 1e6,
  };
}

/**
 * What a demo business accepts and offers, as places of its kind here do: a soda takes colones and
 * SINPE Móvil, a restaurant or a hotel also cards and dollars, a clinic sees wheelchairs; English
 * is spoken almost everywhere on this coast and a few places speak a third language. Deterministic
 * by position, so every seeded database shows the same.
 */
export function demoOfferingsFor(business: DemoBusiness, index: number) {
  const every = (n: number) => index % n === 0;
  const modest = business.keywords.includes("soda") || business.slug.startsWith("soda-");
  // Most places take SINPE Móvil; some that live off visitors' cards have not set it up.
  const offerings = new Set<BusinessOffering>(modest || index % 3 !== 1 ? ["sinpe", "cash-crc"] : ["cash-crc"]);
  if (!modest) offerings.add("cards");
  if (["restaurant", "accommodation", "entertainment", "retail"].includes(business.category) && !modest)
    offerings.add("cash-usd");
  if (index % 2 === 0) offerings.add("whatsapp");
  switch (business.category) {
    case "restaurant":
      offerings.add("wifi");
      offerings.add("children");
      if (business.premium) offerings.add("reservations");
      if (every(3)) offerings.add("delivery");
      if (every(4)) offerings.add("pets");
      if (!every(5)) offerings.add("parking");
      break;
    case "accommodation":
      for (const offering of ["wifi", "parking", "reservations", "children"] as const) offerings.add(offering);
      if (every(2)) offerings.add("pets");
      if (every(3)) offerings.add("wheelchair");
      break;
    case "health":
      for (const offering of ["wheelchair", "parking", "reservations"] as const) offerings.add(offering);
      break;
    case "entertainment":
      offerings.add("reservations");
      offerings.add("children");
      break;
    case "retail":
      offerings.add("parking");
      if (every(2)) offerings.add("delivery");
      break;
    default:
      if (every(3)) offerings.add("wifi");
  }
  const thirdLanguages: SpokenLanguage[] = ["fr", "de", "it", "pt"];
  const spokenLanguages: SpokenLanguage[] = ["es"];
  if (!modest || every(2)) spokenLanguages.push("en");
  if (every(4)) spokenLanguages.push(thirdLanguages[(index / 4) % thirdLanguages.length]);
  return { offerings: [...offerings], spokenLanguages };
}

const ratingPattern = [5, 4, 5, 5, 3, 4, 5, 4, 2, 5, 4, 5, 1, 4, 5];

/** The demo reviews of one demo business (exported for the test that they never repeat). */
export function demoReviewsFor(business: DemoBusiness, index: number) {
  const count = business.status === "pending" ? 0 : (index * 7 + 3) % 6;
  const pools = demoReviewTexts[business.category === "restaurant" ? "food" : "other"];
  const usedPerRating = new Map<number, number>();
  return Array.from({ length: count }, (_, n) => {
    const rating = ratingPattern[(index + n * 4) % ratingPattern.length] as 1 | 2 | 3 | 4 | 5;
    const texts = pools[rating];
    // Each review of a business takes the next voice for its rating, so none repeats on a page.
    const used = usedPerRating.get(rating) ?? 0;
    usedPerRating.set(rating, used + 1);
    const text = texts[(index + used) % texts.length];
    const language = (index + n) % 3 === 0 ? "es" : "en";
    return {
      rating,
      body: language === "es" ? text.es(business.name) : text.en(business.name),
      language,
      demoAuthorName: demoReviewers[(index * 3 + n) % demoReviewers.length],
      daysAgo: 3 + ((index * 11 + n * 17) % 200),
    };
  });
}

/** Idempotent: adds the demo businesses that are missing (by slug) and leaves the rest alone. */
export async function seedDirectory(db: Db) {
  await seedDemoOfferings(db);
  await seedDemoDirections(db);
  const existing = new Set(
    (
      await db
        .select({ slug: businesses.slug })
        .from(businesses)
        .where(
          inArray(
            businesses.slug,
            demoBusinesses.map((b) => b.slug),
          ),
        )
    ).map((row) => row.slug),
  );
  const missing = demoBusinesses
    .map((business, index) => ({ business, index }))
    .filter(({ business }) => !existing.has(business.slug));
  if (!missing.length) return seedDemoTaxRegistration(db);
  const areaRows = await db
    .select({ slug: areas.slug, latitude: areas.latitude, longitude: areas.longitude })
    .from(areas);
  const centers = new Map(areaRows.map((area) => [area.slug, area]));
  const now = new Date();
  const year = now.getUTCFullYear();
  // The next green-season break (September to mid-October), when some places close for a rest.
  const seasonYear = now.getUTCMonth() >= 10 ? year + 1 : year;

  await db.transaction(async (tx) => {
    for (const { business, index } of missing) {
      const center = centers.get(business.area);
      if (!center) continue;
      const status = business.status ?? "verified";
      const phone = `+506 0000 ${String(1000 + index).padStart(4, "0")}`;
      const [row] = await tx
        .insert(businesses)
        .values({
          slug: business.slug,
          name: business.name,
          category: business.category,
          areaSlug: business.area,
          address: business.address,
          directionsEn: demoDirections[business.slug]?.en ?? "",
          directionsEs: demoDirections[business.slug]?.es ?? "",
          ...demoPosition(center, index),
          phone,
          whatsapp: index % 2 === 0 ? phone : null,
          email: `hola@${business.slug}.example.com`,
          website: `https://${business.slug}.example.com`,
          descriptionEn: business.en,
          descriptionEs: business.es,
          specialtiesEn: business.specialtiesEn,
          specialtiesEs: business.specialtiesEs,
          keywords: business.keywords,
          seoKeywords: [],
          ...demoOfferingsFor(business, index),
          status,
          isPremium: business.premium ?? false,
          isDemo: true,
          submittedAt: now,
          verifiedAt: status === "verified" ? now : null,
        })
        .onConflictDoNothing()
        .returning({ id: businesses.id });
      if (!row) continue;
      const periods = parseDemoHours(business.hours);
      if (periods.length)
        await tx.insert(businessHours).values(periods.map((period) => ({ businessId: row.id, ...period })));
      if (business.menu?.length) {
        await tx.insert(menuItems).values(
          business.menu.map((item, order) => ({
            businessId: row.id,
            nameEn: item.en,
            nameEs: item.es,
            descriptionEn: item.descEn ?? "",
            descriptionEs: item.descEs ?? "",
            priceMinor: item.currency === "USD" ? Math.round(item.price * 100) : item.price * 100,
            currency: item.currency,
            available: true,
            sortOrder: order,
          })),
        );
      }
      const closures = [
        {
          startsOn: `${year}-12-25`,
          endsOn: `${year}-12-25`,
          kind: "holiday",
          noteEn: "Christmas Day",
          noteEs: "Navidad",
        },
        {
          startsOn: `${year + 1}-01-01`,
          endsOn: `${year + 1}-01-01`,
          kind: "holiday",
          noteEn: "New Year's Day",
          noteEs: "Año Nuevo",
        },
        ...(business.seasonal
          ? [
              {
                startsOn: `${seasonYear}-09-01`,
                endsOn: `${seasonYear}-10-15`,
                kind: "seasonal",
                noteEn: "Green-season break",
                noteEs: "Descanso de temporada verde",
              },
            ]
          : []),
      ];
      if (business.category === "restaurant" || business.seasonal) {
        await tx.insert(businessClosures).values(closures.map((closure) => ({ businessId: row.id, ...closure })));
      }
      const demoReviews = demoReviewsFor(business, index);
      if (demoReviews.length) {
        await tx.insert(reviews).values(
          demoReviews.map((review) => {
            const created = new Date(now.getTime() - review.daysAgo * 86_400_000);
            return {
              businessId: row.id,
              userId: null,
              demoAuthorName: review.demoAuthorName,
              rating: review.rating,
              body: review.body,
              language: review.language,
              isDemo: true,
              createdAt: created,
              updatedAt: created,
            };
          }),
        );
        await recomputeBusinessRating(row.id, tx);
      }
      await indexBusiness(row.id, tx);
    }
  });
  await seedDemoTaxRegistration(db);
}

/**
 * One demo listing carries the "registered business" mark, as if an admin had checked its tax ID.
 * The number is invented: 999 is no kind of company Costa Rica registers, so it names no real one.
 */
export const demoRegisteredBusiness = { slug: "hotel-vista-catalinas", taxId: "3999000001" };

async function seedDemoTaxRegistration(db: Db) {
  const [business] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.slug, demoRegisteredBusiness.slug), eq(businesses.isDemo, true)));
  if (!business) return;
  await db
    .insert(businessTaxRegistrations)
    .values({ businessId: business.id, taxId: demoRegisteredBusiness.taxId, method: "manual", isDemo: true })
    .onConflictDoNothing();
}

/**
 * Demo businesses seeded before places said what they accept get it now; a demo row whose lists
 * someone has already set (an admin trying the form) keeps them.
 */
async function seedDemoOfferings(db: Db) {
  const positions = new Map(demoBusinesses.map((business, index) => [business.slug, { business, index }]));
  await backfillDemoBusinesses(
    db,
    demoBusinesses.map((b) => b.slug),
    sql`cardinality(${businesses.offerings}) = 0 and cardinality(${businesses.spokenLanguages}) = 0`,
    (slug) => {
      const demo = positions.get(slug);
      return demo && demoOfferingsFor(demo.business, demo.index);
    },
  );
}

/** Databases seeded before places had directions: the demo rows still without any get theirs. */
async function seedDemoDirections(db: Db) {
  await backfillDemoBusinesses(
    db,
    Object.keys(demoDirections),
    and(eq(businesses.directionsEn, ""), eq(businesses.directionsEs, "")),
    (slug) => {
      const directions = demoDirections[slug];
      return directions && { directionsEn: directions.en, directionsEs: directions.es };
    },
  );
}

/**
 * Fills in what demo rows seeded before a column existed lack: each demo business among `slugs`
 * that `unset` still matches gets `valuesFor(slug)` and is indexed again, all in one transaction.
 */
async function backfillDemoBusinesses(
  db: Db,
  slugs: string[],
  unset: SQL | undefined,
  valuesFor: (slug: string) => Partial<typeof businesses.$inferInsert> | undefined,
) {
  const rows = await db
    .select({ id: businesses.id, slug: businesses.slug })
    .from(businesses)
    .where(and(eq(businesses.isDemo, true), unset, inArray(businesses.slug, slugs)));
  if (!rows.length) return;
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const values = valuesFor(row.slug);
      if (!values) continue;
      await tx.update(businesses).set(values).where(eq(businesses.id, row.id));
      await indexBusiness(row.id, tx);
    }
  });
}

/** For tests and the bench: the demo business ids, by slug. */
export async function demoBusinessIds(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: businesses.id, slug: businesses.slug })
    .from(businesses)
    .where(eq(businesses.isDemo, true));
  return new Map(rows.map((row) => [row.slug, row.id]));
}
