import { asc, eq } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { type Executor, getDatabaseHandle, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import type { ExchangeRate } from "#app/lib/format";
import type { Language } from "#app/lib/i18n";
import { versionOf } from "#app/lib/response-cache/versions.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { areas, beaches, siteSettings } from "./schema";

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
  /** Null until an admin sets a rate: prices then show only as entered. */
  exchangeRate: ExchangeRate | null;
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
      crcPerUsd: siteSettings.crcPerUsd,
      crcPerUsdOn: siteSettings.crcPerUsdOn,
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
    exchangeRate:
      row.crcPerUsd !== null && row.crcPerUsdOn !== null ? { crcPerUsd: row.crcPerUsd, on: row.crcPerUsdOn } : null,
  };
}

const areaColumns = {
  slug: areas.slug,
  nameEn: areas.nameEn,
  nameEs: areas.nameEs,
  summaryEn: areas.summaryEn,
  summaryEs: areas.summaryEs,
  latitude: areas.latitude,
  longitude: areas.longitude,
  featuredRank: areas.featuredRank,
};

function toAreaSummary(
  row: Pick<typeof areas.$inferSelect, keyof typeof areaColumns>,
  language: Language,
): AreaSummary {
  return {
    slug: row.slug,
    name: language === "es" ? row.nameEs : row.nameEn,
    summary: language === "es" ? row.summaryEs : row.summaryEn,
    latitude: row.latitude,
    longitude: row.longitude,
    featuredRank: row.featuredRank,
  };
}

type AreaRow = Pick<typeof areas.$inferSelect, keyof typeof areaColumns>;

// Areas are reference data: the seed writes them and no page edits them, yet the home page alone
// asked for them three times per render. One copy per process serves every read outside a
// transaction, for as long as the site configuration's copy, and is dropped when the "site"
// content version moves (another instance's seed or edit).
let areaCache: { rows: Promise<AreaRow[]>; at: number; version: number } | null = null;

function allAreas(): Promise<AreaRow[]> {
  const version = versionOf("site");
  if (!areaCache || Date.now() - areaCache.at > cacheMs || areaCache.version !== version) {
    // Drizzle's query runs again on every `then`: settle it once, into a plain promise.
    const rows: Promise<AreaRow[]> = Promise.resolve(
      getDb().select(areaColumns).from(areas).orderBy(asc(areas.featuredRank), asc(areas.nameEn)),
    );
    const entry = { rows, at: Date.now(), version };
    areaCache = entry;
    // A failed read is not kept: the next caller asks the database again.
    rows.catch(() => {
      if (areaCache === entry) areaCache = null;
    });
  }
  return areaCache.rows;
}

/** Reads outside a transaction may use the copy; a transaction reads what it can see. */
function isSharedDb(executor: Executor): boolean {
  return executor === getDatabaseHandle()?.db;
}

/** Areas by featured rank, then name; the featured ones only when asked. */
export async function listAreas(language: Language, options: { featuredOnly?: boolean } = {}): Promise<AreaSummary[]> {
  const rows = await allAreas();
  return rows
    .filter((row) => !options.featuredOnly || row.featuredRank !== null)
    .map((row) => toAreaSummary(row, language));
}

export async function listBeaches(executor: Executor = getDb()) {
  return executor
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

/** Whether an area exists (other domains check a chosen area here rather than reading the table). */
export async function areaExists(slug: string, executor: Executor = getDb()): Promise<boolean> {
  if (isSharedDb(executor)) return (await allAreas()).some((row) => row.slug === slug);
  const [area] = await executor.select({ slug: areas.slug }).from(areas).where(eq(areas.slug, slug));
  return Boolean(area);
}

/** The site's contact address, when an admin has set one. */
export async function siteContactEmail(executor: Executor = getDb()): Promise<string | null> {
  const [settings] = await executor.select({ contactEmail: siteSettings.contactEmail }).from(siteSettings).limit(1);
  return settings?.contactEmail ?? null;
}

/** Whether a beach exists (the beach report checks a posted beach here). */
export async function beachExists(slug: string, executor: Executor = getDb()): Promise<boolean> {
  const [beach] = await executor.select({ slug: beaches.slug }).from(beaches).where(eq(beaches.slug, slug));
  return Boolean(beach);
}

/** Area names by slug in both languages, for domains that show where something is. */
export async function areaNamesBySlug(executor: Executor = getDb()): Promise<Map<string, { en: string; es: string }>> {
  const rows = isSharedDb(executor)
    ? await allAreas()
    : await executor.select({ slug: areas.slug, nameEn: areas.nameEn, nameEs: areas.nameEs }).from(areas);
  return new Map(rows.map((row) => [row.slug, { en: row.nameEn, es: row.nameEs }]));
}

/** One area in the visitor's language, or null. */
export async function findArea(options: { slug: string; language: Language }): Promise<AreaSummary | null> {
  const row = (await allAreas()).find((area) => area.slug === options.slug);
  return row ? toAreaSummary(row, options.language) : null;
}

/** Every area's slug and featured rank, by slug (for sitemaps). */
export async function listAreaSlugs(): Promise<{ slug: string; featuredRank: number | null }[]> {
  return getDb().select({ slug: areas.slug, featuredRank: areas.featuredRank }).from(areas).orderBy(asc(areas.slug));
}

/**
 * Sets the rate prices are converted with, and its date. Every public page showing a price reads
 * it through the site configuration, so the "site" content version is bumped with the write.
 */
export async function setExchangeRate(options: { actor: Actor; crcPerUsd: number; on: string }) {
  // Owns its transaction: the in-process configuration cache is cleared only after the commit.
  await saveExchangeRate(options);
  invalidateSiteConfig();
}

/** setExchangeRate's transaction, answering the rate it replaced. */
const saveExchangeRate = defineWrite(
  {
    permission: "manage:content:any",
    contentKinds: ["site"],
    audit: (before, { crcPerUsd, on }) => ({
      action: "site.exchange-rate",
      targetType: "site",
      details: { before: { crcPerUsd: before.crcPerUsd, on: before.crcPerUsdOn }, after: { crcPerUsd, on } },
    }),
  },
  async (options: { actor: Actor; crcPerUsd: number; on: string }, tx: Executor) => {
    const [before] = await tx
      .select({ crcPerUsd: siteSettings.crcPerUsd, crcPerUsdOn: siteSettings.crcPerUsdOn })
      .from(siteSettings)
      .limit(1)
      .for("update");
    if (!before) throw new AppError("not_found", "guides:admin.rate.errors.noSite");
    await tx
      .update(siteSettings)
      .set({ crcPerUsd: options.crcPerUsd, crcPerUsdOn: options.on })
      .where(eq(siteSettings.id, 1));
    return before;
  },
);
