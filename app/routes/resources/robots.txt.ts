import { env } from "#app/lib/env.server";
import { requestOrigin } from "#app/lib/seo";
import type { Route } from "./+types/robots.txt";

export function loader({ request }: Route.LoaderArgs) {
  const origin = requestOrigin(request, env().SITE_URL);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /es/dashboard",
    "Disallow: /admin",
    "Disallow: /es/admin",
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
