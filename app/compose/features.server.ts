import { serverManifest as ads } from "#app/features/ads/manifest.server";
import { serverManifest as alerts } from "#app/features/alerts/manifest.server";
import { serverManifest as beach } from "#app/features/beach/manifest.server";
import { serverManifest as billing } from "#app/features/billing/manifest.server";
import { serverManifest as bookings } from "#app/features/bookings/manifest.server";
import { serverManifest as classifieds } from "#app/features/classifieds/manifest.server";
import { serverManifest as community } from "#app/features/community/manifest.server";
import { serverManifest as directory } from "#app/features/directory/manifest.server";
import { serverManifest as events } from "#app/features/events/manifest.server";
import { serverManifest as groups } from "#app/features/groups/manifest.server";
import { serverManifest as guides } from "#app/features/guides/manifest.server";
import { serverManifest as messages } from "#app/features/messages/manifest.server";
import { serverManifest as realestate } from "#app/features/realestate/manifest.server";
import type { BackgroundJob, SeedStep, ServerManifest } from "#app/lib/feature-manifest";
import { serverManifest as accounts } from "#app/platform/accounts/manifest.server";
import {
  registerModerationAdapters as fillModerationRegistry,
  type ModeratedKindAdapter,
} from "#app/platform/moderation/registry.server";
import { serverManifest as outbox } from "#app/platform/outbox/manifest.server";
import { serverManifest as site } from "#app/platform/site/manifest.server";

// What the areas hand the server process: the adapters of the kinds people can report (the kinds'
// names are in the areas' manifest.ts files), the background jobs and the demo content. One line
// per area that has a manifest.server.ts (its browser-safe twin, manifest.ts, is listed in
// app/manifests.ts). Order matters: adapters register, jobs start, stop and flush in this order;
// seed steps run by their own `order`.

export const serverManifests: readonly ServerManifest<ModeratedKindAdapter>[] = [
  outbox,
  directory,
  community,
  groups,
  classifieds,
  events,
  billing,
  realestate,
  ads,
  site,
  accounts,
  guides,
  beach,
  bookings,
  messages,
  alerts,
];

const jobs: BackgroundJob[] = serverManifests.flatMap((manifest) => manifest.jobs ?? []);

/** Every area's demo content, in the order the steps build on each other. */
export const seedSteps: readonly SeedStep[] = serverManifests
  .flatMap((manifest) => manifest.seed ?? [])
  .sort((a, b) => a.order - b.order);

/**
 * Every moderated kind's adapter, for moderation's registry (app/compose/moderated-kinds.server.ts
 * calls it once, after the manifests registered the kinds' names).
 */
export function registerModerationAdapters() {
  fillModerationRegistry(serverManifests.flatMap((manifest) => manifest.moderationAdapters ?? []));
}

/** Starts every area's background job (the server's bootstrap, once the database is open). */
export function startJobs() {
  for (const job of jobs) job.start?.();
}

/** Stops every area's background job (shutdown). */
export function stopJobs() {
  for (const job of jobs) job.stop?.();
}

/** Writes what the areas buffered (counts), one after the other, before the database closes. */
export async function flushJobs() {
  for (const job of jobs) await job.flush?.();
}
