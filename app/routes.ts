import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { sitePages } from "./lib/site-routes";

/** Registers a route at its English path and at /es/…, the Spanish twin. */
function localized(path: string, file: string, id: string) {
  return [route(path, file, { id }), route(`es/${path}`, file, { id: `es:${id}` })];
}

const pages = sitePages.flatMap((page) =>
  page.path === "/"
    ? [index(page.file, { id: page.id }), route("es", page.file, { id: `es:${page.id}` })]
    : localized(page.path.slice(1), page.file, page.id),
);

export default [
  ...pages,
  // Spec §2 redirects, permanent, in both languages.
  ...localized("basic/:slug", "routes/resources/redirect-basic.ts", "redirect-basic"),
  ...localized("forums", "routes/resources/redirect-forums.ts", "redirect-forums"),
  ...localized("forums/create", "routes/resources/redirect-forums-create.ts", "redirect-forums-create"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap-xml.ts"),
  route("manifest.webmanifest", "routes/resources/manifest.ts"),
  route("_e2e/flaky", "routes/resources/e2e-flaky.tsx"),
  ...localized("*", "routes/_public/not-found.tsx", "not-found"),
] satisfies RouteConfig;
