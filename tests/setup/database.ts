import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDatabase, type DatabaseHandle, openPglite, openPostgres, useDatabase } from "#app/lib/db.server";
import { adminQuery, withDatabase } from "./postgres-admin";

// Every integration test file gets its own database, a copy of the one the global setup
// (tests/setup/template-database.ts) migrated and seeded with the site configuration: in-memory
// PGlite loaded from its snapshot, or (project integration-postgres) a new database on the
// TEST_DATABASE_URL server created from the template, dropped after.
let handle: DatabaseHandle | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

async function createPostgresDatabase(baseUrl: string, template: string) {
  const name = `ph_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return {
    url: withDatabase(baseUrl, name),
    drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

beforeAll(async () => {
  if (process.env.DB_KIND === "postgres") {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error("DB_KIND=postgres needs TEST_DATABASE_URL");
    const created = await createPostgresDatabase(baseUrl, inject("postgresTemplate"));
    dropDatabase = created.drop;
    handle = await openPostgres(created.url, { max: 4 });
  } else {
    const snapshot = new Blob([readFileSync(inject("pgliteSnapshot"))]);
    handle = await openPglite(undefined, { loadDataDir: snapshot });
  }
  useDatabase(handle);
});

afterAll(async () => {
  await closeDatabase();
  await dropDatabase?.();
});
