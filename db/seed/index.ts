import type { Db } from "#app/lib/db.server";
import { logger } from "#app/lib/logger.server";
import { seedAccounts, seedDemoOwnership } from "./accounts";
import { seedBeach } from "./beach";
import { seedClassifieds } from "./classifieds";
import { seedCommunity } from "./community";
import { seedDemoCovers } from "./demo-covers";
import { seedDirectory } from "./directory";
import { seedEvents } from "./events";
import { seedGroups } from "./groups";
import { seedGuides } from "./guides/index";
import { seedRealEstate } from "./realestate";
import { isSeeded, seedSite } from "./site";

/**
 * Each feature adds its seeding step here. Steps are idempotent; demo rows are marked is_demo so
 * they are never presented as a real business's claim.
 */
const steps: { name: string; run: (db: Db) => Promise<void> }[] = [
  { name: "site", run: seedSite },
  { name: "accounts", run: seedAccounts },
  { name: "directory", run: seedDirectory },
  { name: "demo covers", run: seedDemoCovers },
  { name: "demo ownership", run: seedDemoOwnership },
  { name: "guides", run: seedGuides },
  { name: "beach", run: seedBeach },
  { name: "community", run: seedCommunity },
  { name: "groups", run: seedGroups },
  { name: "classifieds", run: seedClassifieds },
  { name: "events", run: seedEvents },
  { name: "real estate", run: seedRealEstate },
];

export async function seedDatabase(db: Db, options: { onlyIfEmpty?: boolean } = {}) {
  if (options.onlyIfEmpty && (await isSeeded(db))) return false;
  for (const step of steps) {
    await step.run(db);
    logger.info({ step: step.name }, "seeded");
  }
  return true;
}
