import { LocalizedLink } from "#app/components/ui/localized-link";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { footerColumns } from "#app/lib/site-routes";
import { sitemapEntries } from "#app/lib/sitemap.server";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { sitePages } from "#app/manifests";
import type { Route } from "./+types/sitemap";

export const handle = { i18n: ["guides"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

interface Group {
  key: string;
  /** A guides:sitemap.columns.* key, or a registered source's name. */
  heading: { key: string } | { source: string };
  links: { path: string; labelKey?: string; title?: string }[];
}

/** A readable fallback for a dynamic entry registered without a title: "/category/real-estate" → "Real estate". */
function labelFromPath(path: string): string {
  const segment = path.split("/").filter(Boolean).at(-1) ?? path;
  let last = segment;
  try {
    last = decodeURIComponent(segment);
  } catch {
    // A malformed escape: show the segment as it is.
  }
  last = last.replace(/[-_]+/g, " ");
  return last.charAt(0).toUpperCase() + last.slice(1);
}

/**
 * The human sitemap: the same entries as sitemap.xml (static pages from the route list plus every
 * registered dynamic source), grouped the way the header and footer group them.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const entries = await sitemapEntries();
  const byPath = new Map(sitePages.map((page) => [page.path, page]));
  const staticEntries = entries.filter((entry) => !entry.source && byPath.has(entry.path));
  const placed = new Set<string>();
  const groups: Group[] = [];
  const take = (paths: string[]) =>
    paths
      .filter((path) => staticEntries.some((entry) => entry.path === path) && !placed.has(path))
      .map((path) => {
        placed.add(path);
        return { path, labelKey: byPath.get(path)?.labelKey };
      });

  const main = take(
    sitePages
      .filter((page) => page.mainNav !== undefined)
      .sort((a, b) => (a.mainNav ?? 0) - (b.mainNav ?? 0))
      .map((page) => page.path),
  );
  if (main.length) groups.push({ key: "main", heading: { key: "sitemap.columns.main" }, links: main });
  for (const column of footerColumns) {
    const links = take(sitePages.filter((page) => page.footer === column).map((page) => page.path));
    if (links.length) groups.push({ key: column, heading: { key: `sitemap.columns.${column}` }, links });
  }
  const rest = take(staticEntries.map((entry) => entry.path));
  if (rest.length) groups.push({ key: "other", heading: { key: "sitemap.columns.other" }, links: rest });

  const bySource = new Map<string, Group["links"]>();
  for (const entry of entries) {
    if (!entry.source) continue;
    const links = bySource.get(entry.source) ?? [];
    links.push({ path: entry.path, title: entry.title?.[language] ?? entry.title?.en ?? labelFromPath(entry.path) });
    bySource.set(entry.source, links);
  }
  for (const [source, links] of bySource) groups.push({ key: `source-${source}`, heading: { source }, links });

  return {
    head: {
      title: t("guides:sitemap.title"),
      description: t("guides:sitemap.description", { language: t(`guides:page.languageNames.${language}`) }),
    },
    groups,
  };
}

export default function SitemapPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("guides");
  return (
    <article className="mx-auto max-w-5xl px-4 py-10" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        {t("sitemap.title")}
      </h1>
      <p className="mt-3 text-lg text-slate-700">{t("sitemap.intro")}</p>
      <div className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.groups.map((group) => (
          <section key={group.key} aria-labelledby={`sitemap-${group.key}`}>
            <h2 id={`sitemap-${group.key}`} className="text-lg font-semibold">
              {"key" in group.heading
                ? t(group.heading.key)
                : t(`sitemap.sources.${group.heading.source}`, { defaultValue: t("sitemap.morePages") })}
            </h2>
            <ul className="mt-3 space-y-2">
              {group.links.map((link) => (
                <li key={link.path}>
                  <LocalizedLink to={link.path} className="text-brand-800 underline-offset-2 hover:underline">
                    {link.labelKey ? t(link.labelKey, { ns: "common" }) : link.title}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </article>
  );
}
