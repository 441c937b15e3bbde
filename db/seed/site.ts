import type { Db } from "#app/lib/db.server";
import { areas, beaches, siteSettings } from "#app/platform/site/schema";

// The default configuration: the Playa Flamingo area. These are real places described in general
// terms; coordinates are approximate centres, good for maps and sun times, not for navigation.
export const defaultSite = {
  siteName: "Playa Hub",
  taglineEn: "The community hub and business directory for Playa Flamingo and its neighbouring beaches.",
  taglineEs: "El punto de encuentro y directorio de negocios de Playa Flamingo y sus playas vecinas.",
  regionName: "Playa Flamingo, Guanacaste",
  latitude: 10.4333,
  longitude: -85.7903,
  timeZone: "America/Costa_Rica",
  tideStationId: "TWC0349",
  contactEmail: null,
  social: {},
  // A plausible rate for the demo; admins keep it current at /admin/content.
  crcPerUsd: 505,
  crcPerUsdOn: "2026-11-01",
};

export const defaultAreas = [
  {
    slug: "playa-flamingo",
    nameEn: "Playa Flamingo",
    nameEs: "Playa Flamingo",
    summaryEn:
      "A white-sand bay with calm water for swimming, a marina for fishing and sailing trips, and hillside homes looking out to the Catalinas islands.",
    summaryEs:
      "Una bahía de arena blanca con agua tranquila para nadar, una marina para salidas de pesca y vela, y casas en la colina con vista a las islas Catalinas.",
    latitude: 10.4333,
    longitude: -85.7903,
    featuredRank: 1,
  },
  {
    slug: "surfside",
    nameEn: "Surfside & Potrero",
    nameEs: "Surfside y Potrero",
    summaryEn:
      "A quiet residential stretch and the fishing village of Potrero around its soccer field, with a long, gentle beach and sunsets over the bay.",
    summaryEs:
      "Una zona residencial tranquila y el pueblo pesquero de Potrero alrededor de su plaza, con una playa larga y mansa y atardeceres sobre la bahía.",
    latitude: 10.4468,
    longitude: -85.7765,
    featuredRank: 2,
  },
  {
    slug: "brasilito",
    nameEn: "Brasilito & Conchal",
    nameEs: "Brasilito y Conchal",
    summaryEn:
      "A lively small town with local sodas and a beach-front plaza, a short walk from Playa Conchal and its sand made of tiny crushed shells.",
    summaryEs:
      "Un pueblito con movimiento, sodas y una plaza frente al mar, a una caminata corta de Playa Conchal y su arena de conchitas.",
    latitude: 10.4105,
    longitude: -85.7967,
    featuredRank: 3,
  },
  {
    slug: "huacas",
    nameEn: "Huacas",
    nameEs: "Huacas",
    summaryEn:
      "The inland crossroads where the beach roads meet, with supermarkets, hardware stores, banks and services.",
    summaryEs:
      "El cruce tierra adentro donde se juntan las carreteras de playa, con supermercados, ferreterías, bancos y servicios.",
    latitude: 10.3597,
    longitude: -85.7493,
    featuredRank: null,
  },
  {
    slug: "las-catalinas",
    nameEn: "Las Catalinas",
    nameEs: "Las Catalinas",
    summaryEn: "A car-free beach town north of Potrero on Playa Danta, with trails through the dry forest.",
    summaryEs: "Un pueblo de playa sin carros al norte de Potrero, en Playa Danta, con senderos por el bosque seco.",
    latitude: 10.4735,
    longitude: -85.7745,
    featuredRank: null,
  },
];

export const defaultBeaches = [
  {
    slug: "playa-flamingo",
    name: "Playa Flamingo",
    areaSlug: "playa-flamingo",
    latitude: 10.4335,
    longitude: -85.7926,
    sortOrder: 1,
  },
  {
    slug: "playa-potrero",
    name: "Playa Potrero",
    areaSlug: "surfside",
    latitude: 10.4495,
    longitude: -85.7755,
    sortOrder: 2,
  },
  {
    slug: "playa-brasilito",
    name: "Playa Brasilito",
    areaSlug: "brasilito",
    latitude: 10.4127,
    longitude: -85.7975,
    sortOrder: 3,
  },
  {
    slug: "playa-conchal",
    name: "Playa Conchal",
    areaSlug: "brasilito",
    latitude: 10.4035,
    longitude: -85.8058,
    sortOrder: 4,
  },
];

/** Idempotent: inserts what is missing and leaves edited rows alone. */
export async function seedSite(db: Db) {
  await db
    .insert(siteSettings)
    .values({ id: 1, ...defaultSite })
    .onConflictDoNothing();
  await db.insert(areas).values(defaultAreas).onConflictDoNothing();
  await db.insert(beaches).values(defaultBeaches).onConflictDoNothing();
}

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: siteSettings.id }).from(siteSettings).limit(1);
  return rows.length > 0;
}
