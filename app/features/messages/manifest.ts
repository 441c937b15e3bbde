import { defineManifest, localizedRoute } from "../../lib/feature-manifest";
import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  user: ["manage:business-message:own"],
  admin: ["manage:business-message:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// Messages: what visitors send from the business page, and the owner's inbox.
export const manifest = defineManifest({
  permissions,
  id: "messages",
  namespaces: ["messages"],
  routes: [
    // Where the business page's message form posts.
    localizedRoute("/business/:slug/message", "routes/_public/business/$slug/message.tsx", "business-message"),
  ],
  dashboardSections: [
    // The inbox of the messages visitors send from the business page.
    {
      id: "dashboard-messages",
      shownFor: ["listing"],
      path: "/dashboard/messages",
      file: "routes/dashboard/messages/index.tsx",
      labelKey: "messages:nav.dashboard",
      order: 27,
    },
    {
      id: "dashboard-message",
      path: "/dashboard/messages/:threadId",
      file: "routes/dashboard/messages/$threadId.tsx",
      labelKey: "messages:nav.dashboard",
      nav: false,
    },
  ],
});
