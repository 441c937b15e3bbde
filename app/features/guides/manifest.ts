import { type DeclaredNames, defineManifest } from "../../lib/feature-manifest";

// The kinds of public content this area owns: a write that changes one bumps it, so cached pages
// showing it expire (app/lib/response-cache/content-kinds.ts).
const contentKinds = ["guides"] as const;

declare module "../../lib/response-cache/content-kinds" {
  interface ContentKindRegistry extends DeclaredNames<typeof contentKinds> {}
}

// Guides and public information: the guide pages, their contacts, the contact form, the human sitemap.
export const manifest = defineManifest({
  contentKinds,
  id: "guides",
  namespaces: ["guides"],
  pages: [
    // Guides and public information.
    {
      id: "pura-vida",
      path: "/pura-vida",
      labelKey: "guides:nav.puraVida",
      mainNav: 4,
      footer: "community",
      homeFeature: { descriptionKey: "guides:home.puraVida", icon: "sun" },
    },
    {
      id: "guide",
      path: "/guide",
      labelKey: "guides:nav.guide",
      footer: "community",
      homeFeature: { descriptionKey: "guides:home.guide", icon: "book-open" },
    },
    {
      id: "emergency",
      path: "/emergency",
      labelKey: "guides:nav.emergency",
      footer: "resources",
      homeFeature: { descriptionKey: "guides:home.emergency", icon: "siren" },
    },
    {
      id: "government",
      path: "/government",
      labelKey: "guides:nav.government",
      footer: "resources",
    },
    {
      id: "transportation",
      path: "/transportation",
      labelKey: "guides:nav.transportation",
      footer: "resources",
    },
    {
      id: "healthcare",
      path: "/healthcare",
      labelKey: "guides:nav.healthcare",
      footer: "resources",
    },
    { id: "about", path: "/about", labelKey: "guides:nav.about", footer: "about" },
    {
      id: "guidelines",
      path: "/guidelines",
      labelKey: "guides:nav.guidelines",
      footer: "about",
    },
    {
      id: "privacy",
      path: "/privacy",
      labelKey: "guides:nav.privacy",
      footer: "about",
    },
    {
      id: "contact",
      path: "/contact",
      labelKey: "guides:nav.contact",
      footer: "about",
    },
    {
      id: "sitemap",
      path: "/sitemap",
      labelKey: "guides:nav.sitemap",
      footer: "about",
    },
  ],
  adminSections: [
    // Content management: the guide and public-information pages, their contacts, messages.
    {
      id: "admin-content",
      path: "/admin/content",
      file: "routes/admin/content/index.tsx",
      permission: "manage:content:any",
      labelKey: "guides:admin.nav",
      order: 20,
    },
    {
      id: "admin-content-contact",
      path: "/admin/content/contacts/:contactId",
      file: "routes/admin/content/contacts/$contactId.tsx",
      permission: "manage:content:any",
      labelKey: "guides:admin.nav",
      nav: false,
    },
    {
      id: "admin-content-page",
      path: "/admin/content/:slug",
      file: "routes/admin/content/$slug.tsx",
      permission: "manage:content:any",
      labelKey: "guides:admin.nav",
      nav: false,
    },
  ],
  toasts: ["messageSent", "pageSaved", "contactSaved", "noChanges", "rateSaved", "messageHandled", "messageReopened"],
});
