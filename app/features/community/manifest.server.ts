import type { ServerManifest } from "#app/lib/feature-manifest";
import type { ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import { seedCommunity } from "#root/db/seed/community";
import { forumPostAdapter, forumReplyAdapter } from "./forum-moderation.server";

// The forums' part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "community",
  moderationAdapters: [forumPostAdapter, forumReplyAdapter],
  seed: [{ name: "community", order: 80, run: (db) => seedCommunity(db) }],
} satisfies ServerManifest<ModeratedKindAdapter>;
