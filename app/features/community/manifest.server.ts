import type { ServerManifest } from "#app/lib/feature-manifest";
import type { ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import { forumPostAdapter, forumReplyAdapter } from "./forum-moderation.server";

// The forums' part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "community",
  moderatedKinds: [forumPostAdapter, forumReplyAdapter],
} satisfies ServerManifest<ModeratedKindAdapter>;
