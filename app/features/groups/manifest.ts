import { defineManifest } from "../../lib/feature-manifest";

// Local groups: suggested, verified and counted on their page.
export const manifest = defineManifest({
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
