import { defineManifest, localizedRoute, singleRoute } from "../../lib/feature-manifest";
import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  admin: ["manage:content:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// The site itself: the shell's pages and files (home, offline, robots.txt, sitemap.xml, the web app
// manifest, uploaded files, the page for any other URL), the shell's strings (common) and the
// toasts several areas share.
export const manifest = defineManifest({
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
