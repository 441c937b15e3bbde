import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { seedDatabase } from "#root/db/seed/index";
import { type DatabaseHandle, closeDatabase, openPglite, openPostgres, useDatabase } from "#app/lib/db.server";

// Every integration test file gets its own freshly migrated and seeded database: in-memory PGlite,
// or (project integration-postgres) a new database on the TEST_DATABASE_URL server, dropped after.
let handle: DatabaseHandle | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

async function createPostgresDatabase(baseUrl: string) {
  const name = `ph_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

beforeAll(async () => {
  if (process.env.DB_KIND === "postgres") {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error("DB_KIND=postgres needs TEST_DATABASE_URL");
    const created = await createPostgresDatabase(baseUrl);
    dropDatabase = created.drop;
    handle = await openPostgres(created.url, { max: 4 });
  } else {
    handle = await openPglite();
  }
  useDatabase(handle);
  await seedDatabase(handle.db);
});

afterAll(async () => {
  await closeDatabase();
  await dropDatabase?.();
});
