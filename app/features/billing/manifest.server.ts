import type { ServerManifest } from "#app/lib/feature-manifest";
import { seedDemoSinpeTransfer } from "#root/db/seed/billing";
import { subscriptionLapseJob } from "./grants.server";
import { sinpeExpiryJob } from "./sinpe.server";

// Billing's part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "billing",
  jobs: [
    { name: "subscription lapse", start: subscriptionLapseJob.start, stop: subscriptionLapseJob.stop },
    { name: "SINPE transfer expiry", start: sinpeExpiryJob.start, stop: sinpeExpiryJob.stop },
  ],
  // After the demo owner holds their listing (accounts' "demo ownership") and the site's rate is set.
  seed: [{ name: "demo SINPE transfer", order: 55, run: (db) => seedDemoSinpeTransfer(db) }],
} satisfies ServerManifest<never>;
