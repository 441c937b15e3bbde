import type { ServerManifest } from "#app/lib/feature-manifest";
import type { ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import { seedDemoPropertyDrawings, seedRealEstate } from "#root/db/seed/realestate";
import { propertyAlertsJob } from "./alerts.server";
import { propertyAdapter } from "./property-status.server";

// Real estate's part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "realestate",
  moderationAdapters: [propertyAdapter],
  jobs: [{ name: "property alerts", start: propertyAlertsJob.start, stop: propertyAlertsJob.stop }],
  seed: [
    { name: "real estate", order: 120, run: (db) => seedRealEstate(db) },
    { name: "property drawings", order: 121, run: (db) => seedDemoPropertyDrawings(db) },
  ],
} satisfies ServerManifest<ModeratedKindAdapter>;
