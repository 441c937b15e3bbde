import type { ServerManifest } from "#app/lib/feature-manifest";
import { seedDemoMessages } from "#root/db/seed/messages";

// Messages' part of the server process (listed in app/compose/features.server.ts): visitors'
// messages to the demo owner's listing, once they hold it (accounts' "demo ownership").
export const serverManifest = {
  id: "messages",
  seed: [{ name: "demo messages", order: 56, run: (db) => seedDemoMessages(db) }],
} satisfies ServerManifest<never>;
