import type { ServerManifest } from "#app/lib/feature-manifest";
import type { ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import { seedDemoCovers } from "#root/db/seed/demo-covers";
import { seedDemoListingActivity } from "#root/db/seed/demo-listing-activity";
import { seedDirectory } from "#root/db/seed/directory";
import { flushBusinessEvents } from "./business.server";
import { reviewAdapter } from "./review-moderation.server";

// The directory's part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "directory",
  moderationAdapters: [reviewAdapter],
  jobs: [{ name: "listing views and clicks (buffered counts)", flush: flushBusinessEvents }],
  seed: [
    { name: "directory", order: 30, run: (db) => seedDirectory(db) },
    { name: "demo covers", order: 40, run: (db) => seedDemoCovers(db) },
    // After the demo owner holds their listing (accounts' "demo ownership").
    { name: "demo listing activity", order: 52, run: (db) => seedDemoListingActivity(db) },
  ],
} satisfies ServerManifest<ModeratedKindAdapter>;
