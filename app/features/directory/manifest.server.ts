import type { ServerManifest } from "#app/lib/feature-manifest";
import type { ModeratedKindAdapter } from "#app/platform/moderation/registry.server";
import { flushBusinessEvents } from "./business.server";
import { reviewAdapter } from "./review-moderation.server";

// The directory's part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "directory",
  moderatedKinds: [reviewAdapter],
  jobs: [{ name: "listing views and clicks (buffered counts)", flush: flushBusinessEvents }],
} satisfies ServerManifest<ModeratedKindAdapter>;
