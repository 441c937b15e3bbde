import { seedSteps } from "#app/compose/features.server";
import type { Db } from "#app/lib/db.server";
import { logger } from "#app/lib/logger.server";
import { isSeeded } from "./site";

// The demo content is declared by each area (`seed` in its manifest.server.ts, assembled in
// app/compose/features.server.ts). Steps are idempotent; demo rows are marked is_demo so they are
// never presented as a real business's claim.

export async function seedDatabase(db: Db, options: { onlyIfEmpty?: boolean } = {}) {
  if (options.onlyIfEmpty && (await isSeeded(db))) return false;
  for (const step of seedSteps) {
    await step.run(db);
    logger.info({ step: step.name }, "seeded");
  }
  return true;
}
