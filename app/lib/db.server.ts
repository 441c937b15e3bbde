import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { logger } from "./logger.server";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database handle type, whether PGlite or a PostgreSQL server is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** Runs a raw SQL string (several statements allowed); used by tests and operations. */
  exec(sqlText: string): Promise<void>;
}

export const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

let current: DatabaseHandle | null = null;

export function getDb(): Db {
  if (!current) throw new Error("The database is not open: call openDatabase() first.");
  return current.db;
}

export function getDatabaseHandle(): DatabaseHandle | null {
  return current;
}

/** Installs a handle as the process's database (server start, scripts, each test file). */
export function useDatabase(handle: DatabaseHandle | null) {
  current = handle;
}

export class DatabaseInUseError extends Error {
  constructor(readonly pid: number) {
    super(`the database in DATA_DIR is in use by process ${pid}; stop that process first`);
    this.name = "DatabaseInUseError";
  }
}

function processIsAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else: still alive.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite keeps acknowledged writes through kill -9 but leaves postmaster.pid behind, and the next
 * open then hangs (DESIGN.md, measured). So we own the directory with a lock of our own: a stale
 * lock means a crash, and we clear PGlite's leftover; a live one means refuse, never open twice.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "playa-hub.lock");
  if (existsSync(lockPath)) {
    const pid = Number.parseInt(readFileSync(lockPath, "utf8").trim(), 10);
    if (pid !== process.pid && processIsAlive(pid)) throw new DatabaseInUseError(pid);
    rmSync(path.join(dataDir, "pgdata", "postmaster.pid"), { force: true });
    rmSync(lockPath, { force: true });
  }
  try {
    writeFileSync(lockPath, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      const pid = Number.parseInt(readFileSync(lockPath, "utf8").trim(), 10);
      throw new DatabaseInUseError(pid);
    }
    throw error;
  }
  return () => {
    try {
      if (readFileSync(lockPath, "utf8").trim() === String(process.pid)) rmSync(lockPath, { force: true });
    } catch {
      // Already gone: nothing to release.
    }
  };
}

export async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    // PGlite ignores the options object when the first argument is undefined, so pass one object.
    const client = new PGlite({
      ...(dataDir ? { dataDir: path.join(dataDir, "pgdata") } : {}),
      extensions: { pg_trgm, unaccent },
    });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: "pglite",
      async exec(sqlText) {
        await client.exec(sqlText);
      },
      async close() {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on("error", (error) => logger.error({ err: error }, "idle PostgreSQL client failed"));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
  return {
    db,
    kind: "postgres",
    async exec(sqlText) {
      await pool.query(sqlText);
    },
    async close() {
      await pool.end();
    },
  };
}

/** Opens the configured database (DATABASE_URL, else PGlite in DATA_DIR), migrated. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  const handle = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  useDatabase(handle);
  logger.info({ kind: handle.kind }, "database open and migrated");
  return handle;
}

export async function closeDatabase() {
  const handle = current;
  current = null;
  await handle?.close();
}
