import type { DeclaredPermissions, PermissionDeclaration } from "../../lib/authorization";
import { type DeclaredNames, defineManifest, localizedRoute } from "../../lib/feature-manifest";

// What this area lets each role do (app/lib/authorization.ts).
const permissions = {
  user: ["create:forum-post:any", "update:forum-post:own", "delete:forum-post:own", "react:forum-post:any"],
  admin: ["manage:forum:any", "update:forum-post:any", "delete:forum-post:any"],
} as const satisfies PermissionDeclaration;

declare module "../../lib/authorization" {
  interface PermissionRegistry extends DeclaredPermissions<typeof permissions> {}
}

// The kinds of public content this area owns: a write that changes one bumps it, so cached pages
// showing it expire (app/lib/response-cache/content-kinds.ts).
const contentKinds = ["forums"] as const;

declare module "../../lib/response-cache/content-kinds" {
  interface ContentKindRegistry extends DeclaredNames<typeof contentKinds> {}
}

// What people can report of this area's (app/platform/moderation/kinds.ts; adapters in manifest.server.ts).
const moderatedKinds = ["forum_post", "forum_reply"] as const;

declare module "../../platform/moderation/kinds" {
  interface ModeratedKindRegistry extends DeclaredNames<typeof moderatedKinds> {}
}

// Community: the forums.
export const manifest = defineManifest({
  contentKinds,
  moderatedKinds,
  permissions,
  id: "community",
  namespaces: ["community"],
  pages: [
    // Community: the forums' front page. The forum pages themselves are dynamic (routes below).
    {
      id: "community",
      path: "/community",
      file: "routes/community/community.tsx",
      labelKey: "community:nav.title",
      mainNav: 2,
      footer: "community",
      homeFeature: { descriptionKey: "community:nav.homeDescription", icon: "users" },
    },
  ],
  routes: [
    // Forums: categories, discussions, starting one (signed in), and the emails' unsubscribe link.
    localizedRoute("/forums/new", "routes/community/forums/new.tsx", "forum-new"),
    localizedRoute("/forums/category/:slug", "routes/community/forums/category/$slug.tsx", "forum-category"),
    localizedRoute("/forums/post/:id", "routes/community/forums/post/$id.tsx", "forum-post"),
    localizedRoute("/forums/unsubscribe", "routes/community/forums/unsubscribe.tsx", "forum-unsubscribe"),
    // Old addresses (/forums, /forums/create) redirect, permanent, in both languages.
    localizedRoute("/forums", "routes/resources/forums.ts", "redirect-forums"),
    localizedRoute("/forums/create", "routes/resources/forums/create.ts", "redirect-forums-create"),
  ],
  dashboardSections: [
    // Forums: my discussions, my replies, what I follow.
    {
      id: "dashboard-forums",
      path: "/dashboard/forums",
      file: "routes/dashboard/forums.tsx",
      labelKey: "community:nav.dashboard",
      order: 30,
    },
  ],
  adminSections: [
    // Forum moderation: categories, pinned and locked threads, moving a thread.
    {
      id: "admin-forums",
      path: "/admin/forums",
      file: "routes/admin/forums.tsx",
      permission: "manage:forum:any",
      labelKey: "community:nav.admin",
      order: 31,
    },
  ],
  toasts: [
    "discussionPosted",
    "forumPending",
    "postUpdated",
    "postDeleted",
    "followed",
    "unfollowed",
    "categorySaved",
    "threadUpdated",
  ],
});
