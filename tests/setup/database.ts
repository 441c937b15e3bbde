import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDatabase, type DatabaseHandle, openPglite, openPostgres, useDatabase } from "#app/lib/db.server";

// Every integration test file gets its own database, a copy of the one the global setup
// (tests/setup/template-database.ts) migrated and seeded with the site configuration: in-memory
// PGlite loaded from its snapshot, or (project integration-postgres) a new database on the
// TEST_DATABASE_URL server created from the template, dropped after.
let handle: DatabaseHandle | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

async function adminQuery(baseUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function createPostgresDatabase(baseUrl: string, template: string) {
  const name = `ph_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
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
