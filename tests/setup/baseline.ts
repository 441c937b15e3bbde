import type { Db } from "#app/lib/db.server";
import { seedAccounts } from "#root/db/seed/accounts";
import { seedBeach } from "#root/db/seed/beach";
import { seedGuides } from "#root/db/seed/guides/index";
import { seedSite } from "#root/db/seed/site";

/**
 * What every integration test file's database holds before its tests run: the migrated schema and
 * the site's configuration (settings, areas, beaches, plans, the guide pages every installation
 * ships). No demo businesses, reviews or users: each test creates the data it reads, through
 * tests/factories, so nothing depends on the demo seed's contents.
 */
export async function seedTestBaseline(db: Db) {
  await seedSite(db);
  await seedAccounts(db);
  await seedGuides(db);
  await seedBeach(db);
}
