import { env } from "#app/lib/env.server";
import { requestOrigin } from "#app/lib/seo";
import { renderSitemapXml, sitemapEntries } from "#app/lib/sitemap.server";
import type { Route } from "./+types/sitemap.xml";

export async function loader({ request }: Route.LoaderArgs) {
  const xml = renderSitemapXml(requestOrigin(request, env().SITE_URL), await sitemapEntries());
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
