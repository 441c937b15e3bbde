// Vitest globalSetup for the integration projects: migrate and seed the site configuration ONCE,
// then every test file starts from a copy instead of running migrations and seeds itself.
//   PGlite:     the migrated data directory, dumped to a tarball each file loads (loadDataDir).
//   PostgreSQL: a template database each file's database is created from (CREATE DATABASE … TEMPLATE).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { adminQuery, withDatabase } from "./postgres-admin";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: path of the seeded data directory's tarball. */
    pgliteSnapshot: string;
    /** PostgreSQL: name of the seeded template database on the TEST_DATABASE_URL server. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const kind = project.config.env?.DB_KIND;
  // The seed reads env(): parse it as the test workers will see it.
  process.env.NODE_ENV = "test";
  const { seedTestBaseline } = await import("./baseline");
  const { openPglite, openPostgres } = await import("#app/lib/db.server");

  if (kind === "postgres") {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error("DB_KIND=postgres needs TEST_DATABASE_URL");
    const name = `ph_tpl_${Date.now()}_${randomBytes(4).toString("hex")}`;
    await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
    const handle = await openPostgres(withDatabase(baseUrl, name), { max: 2 });
    try {
      await seedTestBaseline(handle.db);
    } finally {
      // A template must have no open connections when it is copied.
      await handle.close();
    }
    project.provide("postgresTemplate", name);
    return async () => {
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), "playa-pglite-template-"));
  const file = path.join(dir, "baseline.tar");
  const handle = await openPglite();
  try {
    await seedTestBaseline(handle.db);
    // drizzle keeps the driver it wraps as $client: here the PGlite instance.
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide("pgliteSnapshot", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
