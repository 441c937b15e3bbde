import type { ServerManifest } from "#app/lib/feature-manifest";
import type { ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import { seedDemoEventDrawings, seedEvents } from "#root/db/seed/events";
import { eventAdapter } from "./event-moderation.server";

// The events' part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "events",
  moderationAdapters: [eventAdapter],
  seed: [
    { name: "events", order: 110, run: (db) => seedEvents(db) },
    { name: "event drawings", order: 111, run: (db) => seedDemoEventDrawings(db) },
  ],
} satisfies ServerManifest<ModeratedKindAdapter>;
