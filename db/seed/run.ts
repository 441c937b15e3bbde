// The areas' manifests register the content kinds the seed's writes bump, as the server's entry does.
import "#app/manifests";
import { closeDatabase, openDatabase } from "#app/lib/db.server";
import { env } from "#app/lib/env.server";
import { seedDatabase } from "./index";

const config = env();
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await seedDatabase(handle.db);
  console.log("Seed complete.");
} finally {
  await closeDatabase();
}
