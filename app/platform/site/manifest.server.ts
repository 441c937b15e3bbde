import type { ServerManifest } from "#app/lib/feature-manifest";
import { seedSite } from "#root/db/seed/site";

// The site area's part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "site",
  seed: [{ name: "site", order: 10, run: (db) => seedSite(db) }],
} satisfies ServerManifest<never>;
