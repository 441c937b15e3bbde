import type { ServerManifest } from "#app/lib/feature-manifest";
import { seedDemoSinpeTransfer } from "#root/db/seed/billing";
import { startSubscriptionLapseJob, stopSubscriptionLapseJob } from "./grants.server";
import { startSinpeExpiryJob, stopSinpeExpiryJob } from "./sinpe.server";

// Billing's part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "billing",
  jobs: [
    { name: "subscription lapse", start: () => startSubscriptionLapseJob(), stop: stopSubscriptionLapseJob },
    { name: "SINPE transfer expiry", start: () => startSinpeExpiryJob(), stop: stopSinpeExpiryJob },
  ],
  // After the demo owner holds their listing (accounts' "demo ownership") and the site's rate is set.
  seed: [{ name: "demo SINPE transfer", order: 55, run: (db) => seedDemoSinpeTransfer(db) }],
} satisfies ServerManifest<never>;
