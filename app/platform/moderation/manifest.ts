import { defineManifest, localizedRoute } from "../../lib/feature-manifest";
import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  user: ["report:content:any"],
  admin: ["moderate:content:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// Moderation: reports, the queue across every moderated kind, warnings and suspensions.
export const manifest = defineManifest({
  permissions,
  id: "moderation",
  namespaces: ["moderation"],
  routes: [
    // Moderation: where every report control posts, in both languages.
    localizedRoute("/moderation/report", "routes/moderation/report.tsx", "moderation-report"),
  ],
  adminSections: [
    // Moderation: one queue across every moderated kind.
    {
      id: "admin-moderation",
      path: "/admin/moderation",
      file: "routes/admin/moderation.tsx",
      permission: "moderate:content:any",
      labelKey: "moderation:admin.nav",
      order: 17,
    },
  ],
  toasts: [
    "itemReported",
    "itemApproved",
    "itemHidden",
    "itemDeleted",
    "authorWarned",
    "authorSuspended",
    "noticeDismissed",
  ],
});
