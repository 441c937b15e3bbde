import { asc, isNotNull } from "drizzle-orm";
import { areas, beaches, siteSettings } from "#app/domain/content/schema";
import { getDb } from "./db.server";
import type { Language } from "./i18n";

export interface SiteConfig {
  siteName: string;
  tagline: string;
  regionName: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  tideStationId: string | null;
  contactEmail: string | null;
  social: { network: "facebook" | "instagram" | "whatsapp"; url: string }[];
}

export interface AreaSummary {
  slug: string;
  name: string;
  summary: string;
  latitude: number;
  longitude: number;
  featuredRank: number | null;
}

const socialOrder = ["facebook", "instagram", "whatsapp"] as const;

type SettingsRow = Awaited<ReturnType<typeof readSettings>>;

// Every page reads the settings (root and page loaders), and they change only when an admin edits
// them, so a copy lives for a few seconds. Each instance's copy expires on its own; an edit in this
// process clears it at once (invalidateSiteConfig).
const cacheMs = 15_000;
let cached: { row: SettingsRow; at: number } | null = null;

export function invalidateSiteConfig() {
  cached = null;
}

async function readSettings() {
  const [row] = await getDb()
    .select({
      siteName: siteSettings.siteName,
      taglineEn: siteSettings.taglineEn,
      taglineEs: siteSettings.taglineEs,
      regionName: siteSettings.regionName,
      latitude: siteSettings.latitude,
      longitude: siteSettings.longitude,
      timeZone: siteSettings.timeZone,
      tideStationId: siteSettings.tideStationId,
      contactEmail: siteSettings.contactEmail,
      social: siteSettings.social,
    })
    .from(siteSettings)
    .limit(1);
  if (!row) throw new Error("site_settings is empty: the database has not been seeded");
  return row;
}

/** The configured site, in the visitor's language. Throws when the database was never seeded. */
export async function getSiteConfig(language: Language): Promise<SiteConfig> {
  if (!cached || Date.now() - cached.at > cacheMs) cached = { row: await readSettings(), at: Date.now() };
  const row = cached.row;
  return {
    siteName: row.siteName,
    tagline: language === "es" ? row.taglineEs : row.taglineEn,
    regionName: row.regionName,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.timeZone,
    tideStationId: row.tideStationId,
    contactEmail: row.contactEmail,
    // Only https links are rendered: a configuration typo must not become a javascript: link.
    social: socialOrder
      .map((network) => ({ network, url: row.social[network] ?? "" }))
      .filter((link) => link.url.startsWith("https://")),
  };
}

export async function listAreas(language: Language, options: { featuredOnly?: boolean } = {}): Promise<AreaSummary[]> {
  const rows = await getDb()
    .select({
      slug: areas.slug,
      nameEn: areas.nameEn,
      nameEs: areas.nameEs,
      summaryEn: areas.summaryEn,
      summaryEs: areas.summaryEs,
      latitude: areas.latitude,
      longitude: areas.longitude,
      featuredRank: areas.featuredRank,
    })
    .from(areas)
    .where(options.featuredOnly ? isNotNull(areas.featuredRank) : undefined)
    .orderBy(asc(areas.featuredRank), asc(areas.nameEn));
  return rows.map((row) => ({
    slug: row.slug,
    name: language === "es" ? row.nameEs : row.nameEn,
    summary: language === "es" ? row.summaryEs : row.summaryEn,
    latitude: row.latitude,
    longitude: row.longitude,
    featuredRank: row.featuredRank,
  }));
}

export async function listBeaches() {
  return getDb()
    .select({
      slug: beaches.slug,
      name: beaches.name,
      areaSlug: beaches.areaSlug,
      latitude: beaches.latitude,
      longitude: beaches.longitude,
    })
    .from(beaches)
    .orderBy(asc(beaches.sortOrder), asc(beaches.name));
}
