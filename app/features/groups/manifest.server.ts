import type { ServerManifest } from "#app/lib/feature-manifest";
import type { ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import { seedGroups } from "#root/db/seed/groups";
import { groupAdapter } from "./group-moderation.server";
import { groupLinkCheckJob } from "./link-check.server";

// The groups' part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "groups",
  moderationAdapters: [groupAdapter],
  jobs: [{ name: "group link checker", start: groupLinkCheckJob.start, stop: groupLinkCheckJob.stop }],
  seed: [{ name: "groups", order: 90, run: (db) => seedGroups(db) }],
} satisfies ServerManifest<ModeratedKindAdapter>;
