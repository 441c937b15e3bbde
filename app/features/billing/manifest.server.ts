import type { ServerManifest } from "#app/lib/feature-manifest";
import { startSubscriptionLapseJob, stopSubscriptionLapseJob } from "./grants.server";
import { startSinpeExpiryJob, stopSinpeExpiryJob } from "./sinpe.server";

// Billing's part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "billing",
  jobs: [
    { name: "subscription lapse", start: () => startSubscriptionLapseJob(), stop: stopSubscriptionLapseJob },
    { name: "SINPE transfer expiry", start: () => startSinpeExpiryJob(), stop: stopSinpeExpiryJob },
  ],
} satisfies ServerManifest<never>;
