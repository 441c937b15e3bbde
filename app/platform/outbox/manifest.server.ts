import type { ServerManifest } from "#app/lib/feature-manifest";
import { startEmailWorker, stopEmailWorker } from "./outbox.server";

// The outbox's part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "outbox",
  jobs: [
    { name: "email worker (drains the outbox when SMTP_URL is set)", start: startEmailWorker, stop: stopEmailWorker },
  ],
} satisfies ServerManifest<never>;
