import { eq } from "drizzle-orm";
import { agentPlanPermission } from "#app/features/realestate/constants";
import { indexProperty } from "#app/features/realestate/indexing.server";
import { properties } from "#app/features/realestate/schema";
import type { Db } from "#app/lib/db.server";
import { userGrants, users } from "#app/platform/people/schema";

// Demo properties, marked is_demo and badged "Example" on the page: invented listings
// from an invented agency whose account cannot sign in (no password). The agency holds the agent
// plan so the featured placement and the verified-agent badge show. Idempotent (by slug).

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
  const now = Date.now();
  const inserted = await db
    .insert(properties)
    .values(
      demoProperties.map((property, index) => ({
        slug: property.slug,
        ownerId: agency.id,
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
}
