import type { ServerManifest } from "#app/lib/feature-manifest";
import { seedAccounts, seedDemoOwnership } from "#root/db/seed/accounts";

// The accounts area's part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "accounts",
  seed: [
    { name: "accounts", order: 20, run: (db) => seedAccounts(db) },
    { name: "demo ownership", order: 50, run: (db) => seedDemoOwnership(db) },
  ],
} satisfies ServerManifest<never>;
