import type { ServerManifest } from "#app/lib/feature-manifest";
import { seedDemoBookings } from "#root/db/seed/bookings";

// Bookings' part of the server process (listed in app/compose/features.server.ts): the demo owner's
// services and bookings, once they hold their listing (accounts' "demo ownership").
export const serverManifest = {
  id: "bookings",
  seed: [{ name: "demo bookings", order: 54, run: (db) => seedDemoBookings(db) }],
} satisfies ServerManifest<never>;
