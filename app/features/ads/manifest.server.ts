import type { ServerManifest } from "#app/lib/feature-manifest";
import { flushAdStats } from "./placement.server";

// Advertising's part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "ads",
  jobs: [{ name: "ad impressions and clicks (buffered counts)", flush: flushAdStats }],
} satisfies ServerManifest<never>;
