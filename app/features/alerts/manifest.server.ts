import type { ServerManifest } from "#app/lib/feature-manifest";
import { seedAlerts } from "#root/db/seed/alerts";
import { startAlertBoundaryJob, stopAlertBoundaryJob } from "./boundaries.server";
import { startAlertDelivery, stopAlertDelivery } from "./delivery.server";

// The alerts' part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "alerts",
  jobs: [
    { name: "alert start and expiry", start: startAlertBoundaryJob, stop: stopAlertBoundaryJob },
    { name: "alert delivery (Web Push and email)", start: startAlertDelivery, stop: stopAlertDelivery },
  ],
  seed: [{ name: "alerts", order: 75, run: (db) => seedAlerts(db) }],
} satisfies ServerManifest<never>;
