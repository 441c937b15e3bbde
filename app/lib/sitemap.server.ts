import { type Language, languages, localizePath } from "./i18n";
import { registeredSitePages } from "./site-routes";

export interface SitemapEntry {
  /** English path; the Spanish one is derived. */
  path: string;
  lastModified?: Date;
  /** What the human sitemap (/sitemap) shows for a dynamic page, per language; the path otherwise. */
  title?: Partial<Record<Language, string>>;
  /** The registered source the entry came from (set by sitemapEntries), for grouping in /sitemap. */
  source?: string;
}

/**
 * Dynamic public URLs (a business, an event…) come from sources that each feature registers here;
 * static pages come from the route list. sitemap.xml and /sitemap read both.
 */
const sources: { name: string; list: () => Promise<SitemapEntry[]> }[] = [];

export function registerSitemapSource(name: string, list: () => Promise<SitemapEntry[]>) {
  if (!sources.some((source) => source.name === name)) sources.push({ name, list });
}

export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const dynamic = (
    await Promise.all(
      sources.map(async (source) => (await source.list()).map((entry) => ({ ...entry, source: source.name }))),
    )
  ).flat();
  // The static pages come from the areas' manifests, handed down by app/manifests.ts.
  const pages = registeredSitePages().filter((page) => page.sitemap !== false);
  return [...pages.map((page) => ({ path: page.path })), ...dynamic];
}

function escapeXml(value: string) {
  return value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );
}

export function renderSitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.flatMap((entry) =>
    languages.map((language: Language) => {
      const alternates = languages
        .map(
          (alt) =>
            `    <xhtml:link rel="alternate" hreflang="${alt}" href="${escapeXml(origin + localizePath(entry.path, alt))}"/>`,
        )
        .join("\n");
      const lastmod = entry.lastModified ? `\n    <lastmod>${entry.lastModified.toISOString()}</lastmod>` : "";
      return `  <url>\n    <loc>${escapeXml(origin + localizePath(entry.path, language))}</loc>${lastmod}\n${alternates}\n  </url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
