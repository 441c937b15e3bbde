import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";
import { type DeclaredNames, defineManifest } from "../../lib/feature-manifest";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  user: ["create:group:any"],
  admin: ["update:group:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// The kinds of public content this area owns: a write that changes one bumps it, so cached pages
// showing it expire (app/lib/response-cache/content-kinds.ts).
const contentKinds = ["groups"] as const;

declare module "../../lib/response-cache/content-kinds" {
  interface ContentKindRegistry extends DeclaredNames<typeof contentKinds> {}
}

// What people can report of this area's (app/platform/moderation/kinds.ts; adapters in manifest.server.ts).
const moderatedKinds = ["group"] as const;

declare module "../../platform/moderation/kinds" {
  interface ModeratedKindRegistry extends DeclaredNames<typeof moderatedKinds> {}
}

// Local groups: suggested, verified and counted on their page.
export const manifest = defineManifest({
  contentKinds,
  moderatedKinds,
  permissions,
  id: "groups",
  namespaces: ["groups"],
  pages: [
    // Local groups: links to the neighbourhood's chat groups.
    {
      id: "groups",
      path: "/groups",
      labelKey: "groups:nav.title",
      footer: "community",
    },
  ],
  toasts: ["groupSuggested", "groupVerified", "groupUnverified", "memberCountSaved"],
});
