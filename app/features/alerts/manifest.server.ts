import type { ServerManifest } from "#app/lib/feature-manifest";
import { startAlertDelivery, stopAlertDelivery } from "./delivery.server";

// Alerts' part of the server process (listed in app/compose/features.server.ts).
export const serverManifest = {
  id: "alerts",
  jobs: [{ name: "alert delivery (Web Push and email)", start: () => startAlertDelivery(), stop: stopAlertDelivery }],
} satisfies ServerManifest<never>;
