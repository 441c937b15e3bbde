import { defineManifest } from "../../lib/feature-manifest";
import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  user: ["create:group:any"],
  admin: ["update:group:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// Local groups: suggested, verified and counted on their page.
export const manifest = defineManifest({
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
