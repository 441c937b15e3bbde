import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";
import { type DeclaredNames, defineManifest, localizedRoute, singleRoute } from "../../lib/feature-manifest";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  admin: ["manage:content:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// The kinds of public content this area owns: a write that changes one bumps it, so cached pages
// showing it expire (app/lib/response-cache/content-kinds.ts).
const contentKinds = ["site"] as const;

declare module "../../lib/response-cache/content-kinds" {
  interface ContentKindRegistry extends DeclaredNames<typeof contentKinds> {}
}

// The site itself: the shell's pages and files (home, offline, robots.txt, sitemap.xml, the web app
// manifest, uploaded files, the page for any other URL), the shell's strings (common) and the
// toasts several areas share.
export const manifest = defineManifest({
  contentKinds,
  permissions,
  id: "site",
  namespaces: ["common"],
  pages: [
    { id: "home", path: "/", file: "routes/_public/index.tsx", labelKey: "nav.home", footer: "about" },
    {
      id: "offline",
      path: "/offline",
      labelKey: "nav.offline",
      sitemap: false,
    },
  ],
  routes: [
    singleRoute("/robots.txt", "routes/resources/robots.txt.ts"),
    singleRoute("/sitemap.xml", "routes/resources/sitemap.xml.ts"),
    singleRoute("/manifest.webmanifest", "routes/resources/manifest.webmanifest.ts"),
    singleRoute("/uploads/*", "routes/resources/uploads/$.ts"),
    // Any other URL: the not-found page (app/routes.ts puts it after every other route).
    localizedRoute("/*", "routes/_public/$.tsx", "not-found"),
  ],
  toasts: ["saved", "photoAdded", "replyPosted"],
});
