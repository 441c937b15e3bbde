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
