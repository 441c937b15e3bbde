import type { ServerManifest } from "#app/lib/feature-manifest";
import { seedBeach } from "#root/db/seed/beach";

// The beach area's part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "beach",
  seed: [{ name: "beach", order: 70, run: (db) => seedBeach(db) }],
} satisfies ServerManifest<never>;
