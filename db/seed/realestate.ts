import { and, eq, inArray, notExists } from "drizzle-orm";
import { agentPlanPermission, imageWidths } from "#app/features/realestate/constants";
import { indexProperty } from "#app/features/realestate/indexing.server";
import { maxPropertyImageBytes } from "#app/features/realestate/properties.server";
import { properties, propertyImages, propertyLeads } from "#app/features/realestate/schema";
import type { Db } from "#app/lib/db.server";
import { deleteImageVariants } from "#app/lib/storage.server";
import { userGrants, users } from "#app/platform/people/schema";
import { demoAgentId } from "./accounts";
import { demoCoverAlt, type StoredCover, storeDemoDrawing, twoAtATime } from "./demo-covers";
import { hoursBefore } from "./demo-dates";

// Demo properties, marked is_demo and badged "Example" on the page: invented listings
// from an invented agency whose account cannot sign in (no password). The agency holds the agent
// plan so the featured placement and the verified-agent badge show. With the demo accounts, the
// agency's agent listings are the demo agent's instead (an account that signs in, with the agent
// plan), with a few inquiries as their leads. Idempotent (by slug).

const demoAgency = {
  id: "demo-realty",
  email: "realty@demo.playahub.test",
  name: "Flamingo Demo Realty",
};

export const demoProperties = [
  {
    slug: "demo-ocean-view-house-flamingo-hills",
    title: "Ocean-view house in the Flamingo hills (example)",
    description:
      "Three bedrooms on one level, a covered terrace facing the sunset over Flamingo bay and a small pool. Ten minutes' walk down to the beach, in a quiet street with water and fiber internet.",
    descriptionLanguage: "en",
    listingType: "sale",
    propertyType: "house",
    priceUsd: 685_000,
    bedrooms: 3,
    bathrooms: 2.5,
    lotM2: 1_150,
    constructionM2: 240,
    areaSlug: "playa-flamingo",
    latitude: 10.4352,
    longitude: -85.7905,
    titleType: "titled",
    inMaritimeZone: false,
    features: ["pool", "ocean-view", "air-conditioning", "parking", "fiber-internet"],
    agent: true,
  },
  {
    slug: "demo-beachfront-concession-brasilito",
    title: "Casa frente al mar en concesión, Brasilito (ejemplo)",
    description:
      "Casa sencilla de dos habitaciones a pocos pasos de la arena, en concesión municipal vigente. Ideal para quien busca vivir frente al mar y entiende las reglas de la zona marítimo-terrestre.",
    descriptionLanguage: "es",
    listingType: "sale",
    propertyType: "house",
    priceUsd: 320_000,
    bedrooms: 2,
    bathrooms: 1,
    lotM2: 600,
    constructionM2: 95,
    areaSlug: "brasilito",
    latitude: 10.4062,
    longitude: -85.7985,
    titleType: "concession",
    inMaritimeZone: true,
    features: ["walk-to-beach", "garden", "backup-water"],
    agent: true,
  },
  {
    slug: "demo-condo-long-term-surfside",
    title: "Furnished condo, long-term rental in Surfside (example)",
    description:
      "Two-bedroom ground-floor condo in a gated complex with a shared pool, five minutes from Playa Potrero. Furnished, with air conditioning in both bedrooms. One-year lease preferred.",
    descriptionLanguage: "en",
    listingType: "rent-long",
    propertyType: "condo",
    priceUsd: 1_450,
    bedrooms: 2,
    bathrooms: 2,
    lotM2: null,
    constructionM2: 110,
    areaSlug: "surfside",
    latitude: 10.4495,
    longitude: -85.7775,
    titleType: "titled",
    inMaritimeZone: false,
    features: ["pool", "furnished", "air-conditioning", "gated", "pet-friendly"],
    agent: false,
  },
  {
    slug: "demo-vacation-apartment-flamingo-marina",
    title: "Apartamento vacacional cerca de la marina (ejemplo)",
    description:
      "Apartamento de una habitación con balcón y vista a la marina, a cinco minutos a pie de Playa Flamingo. Cocina equipada, aire acondicionado y parqueo. Mínimo tres noches.",
    descriptionLanguage: "es",
    listingType: "rent-vacation",
    propertyType: "apartment",
    priceUsd: 140,
    bedrooms: 1,
    bathrooms: 1,
    lotM2: null,
    constructionM2: 65,
    areaSlug: "playa-flamingo",
    latitude: 10.4405,
    longitude: -85.786,
    titleType: "titled",
    inMaritimeZone: false,
    features: ["ocean-view", "air-conditioning", "furnished", "parking"],
    agent: false,
  },
  {
    slug: "demo-building-lot-huacas",
    title: "Building lot with water letter near Huacas (example)",
    description:
      "Flat, fenced lot with a water availability letter and electricity at the property line, on a paved road ten minutes from the beaches. Titled and surveyed (plano catastrado).",
    descriptionLanguage: "en",
    listingType: "sale",
    propertyType: "lot",
    priceUsd: 89_000,
    bedrooms: 0,
    bathrooms: 0,
    lotM2: 2_400,
    constructionM2: null,
    areaSlug: "huacas",
    latitude: 10.4215,
    longitude: -85.7555,
    titleType: "titled",
    inMaritimeZone: false,
    features: [],
    agent: true,
  },
] as const;

export async function seedRealEstate(db: Db) {
  await db
    .insert(users)
    .values({
      id: demoAgency.id,
      email: demoAgency.email,
      name: demoAgency.name,
      firstName: demoAgency.name,
      isDemo: true,
    })
    .onConflictDoNothing();
  const [agency] = await db.select({ id: users.id }).from(users).where(eq(users.id, demoAgency.id));
  if (!agency) return;
  await db
    .insert(userGrants)
    .values({ userId: agency.id, permission: agentPlanPermission, scopeType: null, scopeId: null })
    .onConflictDoNothing();
  const [agent] = await db.select({ id: users.id }).from(users).where(eq(users.id, demoAgentId));
  const now = Date.now();
  const inserted = await db
    .insert(properties)
    .values(
      demoProperties.map((property, index) => ({
        slug: property.slug,
        ownerId: property.agent && agent ? agent.id : agency.id,
        title: property.title,
        description: property.description,
        descriptionLanguage: property.descriptionLanguage,
        listingType: property.listingType,
        propertyType: property.propertyType,
        priceUsd: property.priceUsd,
        bedrooms: property.bedrooms,
        bathrooms: property.bathrooms,
        lotM2: property.lotM2,
        constructionM2: property.constructionM2,
        areaSlug: property.areaSlug,
        latitude: property.latitude,
        longitude: property.longitude,
        titleType: property.titleType,
        inMaritimeZone: property.inMaritimeZone,
        features: [...property.features],
        contactName: demoAgency.name,
        contactEmail: demoAgency.email,
        contactPhone: property.agent ? "+506 2654 0000" : null,
        preferredContact: property.agent ? "whatsapp" : "email",
        agentListing: property.agent,
        status: "published",
        isDemo: true,
        // Spread over the last days so "newest first" has an order.
        publishedAt: new Date(now - index * 86_400_000),
      })),
    )
    .onConflictDoNothing({ target: properties.slug })
    .returning({ id: properties.id });
  for (const row of inserted) await indexProperty(row.id, db);
  if (agent) await seedDemoLeads(db, agent.id, new Date(now));
}

/** Inquiries to the demo agent's listings, by property slug, hours before the seed ran. */
export const demoLeads = [
  {
    property: "demo-ocean-view-house-flamingo-hills",
    name: "Rachel Kim",
    email: "rachel.kim@example.test",
    phone: null,
    preferredContact: "email",
    message: "We're relocating from Seattle next spring. Is the pool heated, and how far is the nearest school?",
    language: "en",
    status: "new",
    hoursAgo: 3,
  },
  {
    property: "demo-beachfront-concession-brasilito",
    name: "Andrés Villalobos",
    email: "andres.villalobos@example.test",
    phone: "+506 8000 0101",
    preferredContact: "whatsapp",
    message: "Buenas, ¿la concesión está al día con la municipalidad? ¿Cuántos años le quedan?",
    language: "es",
    status: "new",
    hoursAgo: 20,
  },
  {
    property: "demo-building-lot-huacas",
    name: "Peter Hansen",
    email: "peter.hansen@example.test",
    phone: null,
    preferredContact: "email",
    message: "Is the lot still available? I'd like to see it when I'm in Tamarindo in two weeks.",
    language: "en",
    status: "contacted",
    hoursAgo: 75,
  },
  {
    property: "demo-ocean-view-house-flamingo-hills",
    name: "Gabriela Mora",
    email: "gabriela.mora@example.test",
    phone: "+506 8000 0202",
    preferredContact: "phone",
    message: "Nos interesa verla este fin de semana. ¿Acepta ofertas?",
    language: "es",
    status: "viewing",
    hoursAgo: 140,
  },
] as const;

async function seedDemoLeads(db: Db, agentId: string, now: Date) {
  const [existing] = await db
    .select({ id: propertyLeads.id })
    .from(propertyLeads)
    .where(eq(propertyLeads.ownerId, agentId))
    .limit(1);
  if (existing) return;
  const owned = await db
    .select({ id: properties.id, slug: properties.slug })
    .from(properties)
    .where(eq(properties.ownerId, agentId));
  const ids = new Map(owned.map((row) => [row.slug, row.id]));
  const rows = demoLeads.flatMap(({ property, hoursAgo, ...lead }) => {
    const propertyId = ids.get(property);
    if (!propertyId) return [];
    const createdAt = hoursBefore(now, hoursAgo);
    return [{ ...lead, propertyId, ownerId: agentId, createdAt, updatedAt: createdAt }];
  });
  if (rows.length) await db.insert(propertyLeads).values(rows);
}

/**
 * Gives every demo property without a photo a drawing (see demo-covers.ts: a drawing with a "Demo
 * image" ribbon, never a photo), stored like an owner's upload. Idempotent.
 */
export async function seedDemoPropertyDrawings(db: Db) {
  const bare = await db
    .select({
      id: properties.id,
      slug: properties.slug,
      title: properties.title,
      language: properties.descriptionLanguage,
    })
    .from(properties)
    .where(
      and(
        eq(properties.isDemo, true),
        inArray(
          properties.slug,
          demoProperties.map((property) => property.slug),
        ),
        notExists(
          db.select({ id: propertyImages.id }).from(propertyImages).where(eq(propertyImages.propertyId, properties.id)),
        ),
      ),
    );
  const stored: (StoredCover & { propertyId: string; alt: string })[] = [];
  try {
    await twoAtATime(bare, async (property) => {
      const name = property.title.replace(/\s*\((example|ejemplo)\)$/i, "");
      const cover = await storeDemoDrawing(
        { slug: property.slug, name, category: "real-estate" },
        { prefix: "properties", widths: imageWidths, maxBytes: maxPropertyImageBytes },
      );
      const alt = demoCoverAlt(name);
      stored.push({ ...cover, propertyId: property.id, alt: property.language === "es" ? alt.es : alt.en });
    });
    if (stored.length)
      await db.insert(propertyImages).values(
        stored.map((cover) => ({
          propertyId: cover.propertyId,
          storageKey: cover.key,
          widths: cover.widths,
          width: cover.width,
          height: cover.height,
          alt: cover.alt,
          sortOrder: 0,
        })),
      );
  } catch (error) {
    for (const cover of stored) await deleteImageVariants(cover.key, cover.widths);
    throw error;
  }
}
