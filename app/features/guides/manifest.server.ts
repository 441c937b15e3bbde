import type { ServerManifest } from "#app/lib/feature-manifest";
import { seedGuides } from "#root/db/seed/guides/index";

// The guides area's part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "guides",
  seed: [{ name: "guides", order: 60, run: (db) => seedGuides(db) }],
} satisfies ServerManifest<never>;
