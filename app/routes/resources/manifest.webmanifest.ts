import { themeColor } from "#app/lib/seo";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import type { Route } from "./+types/manifest.webmanifest";

export async function loader(_args: Route.LoaderArgs) {
  const site = await getSiteConfig("en");
  const manifest = {
    name: site.siteName,
    short_name: site.siteName,
    description: site.tagline,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: themeColor,
    lang: "en",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" },
  });
}
