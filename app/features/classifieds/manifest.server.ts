import type { ServerManifest } from "#app/lib/feature-manifest";
import type { ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import { seedClassifieds, seedDemoAdDrawings } from "#root/db/seed/classifieds";
import { classifiedAdapter } from "./classified-moderation.server";
import { classifiedExpiryJob } from "./expiry.server";

// The classifieds' part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "classifieds",
  moderationAdapters: [classifiedAdapter],
  jobs: [{ name: "classified expiry", start: classifiedExpiryJob.start, stop: classifiedExpiryJob.stop }],
  seed: [
    { name: "classifieds", order: 100, run: (db) => seedClassifieds(db) },
    { name: "classified drawings", order: 101, run: (db) => seedDemoAdDrawings(db) },
  ],
} satisfies ServerManifest<ModeratedKindAdapter>;
