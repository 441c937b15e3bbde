import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { logger } from "./logger.server";

/**
 * The one database handle type, whether PGlite or a PostgreSQL server is behind it. No relational
 * schema is attached: domains query their own tables, and this layer knows none of them.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/**
 * Where a write runs: the database, or the caller's open transaction. Every domain write function
 * takes one as its last, optional parameter, so a feature composes several domains' writes (a
 * role, an audit row, a search document, an email) into one transaction.
 */
export type Executor = Db | Tx;

export interface DatabaseHandle {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** Runs a raw SQL string (several statements allowed); used by tests and operations. */
  exec(sqlText: string): Promise<void>;
  /** node-postgres pool counters (PostgreSQL only), for /metrics and the admin system page. */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
}

export const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

let current: DatabaseHandle | null = null;

export function getDb(): Db {
  if (!current) throw new Error("The database is not open: call openDatabase() first.");
  return current.db;
}

/**
 * Runs a write in the caller's transaction when given one (so it commits or rolls back with the
 * caller's change), else in a transaction of its own.
 */
export function inTransaction<T>(executor: Executor | undefined, write: (tx: Executor) => Promise<T>): Promise<T> {
  return executor ? write(executor) : getDb().transaction(write);
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
 * open then hangs (measured; docs/decisions/001-embedded-pglite.md). So we own the directory with
 * a lock of our own: a stale lock means a crash, and we clear PGlite's leftover; a live one means
 * refuse, never open twice.
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

const pgliteSharedBuffers = "32MB";

/** `loadDataDir`: start from a dumped data directory (tests start every file from one snapshot). */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    // PGlite ignores the options object when the first argument is undefined, so pass one object.
    const client = new PGlite({
      ...(dataDir ? { dataDir: path.join(dataDir, "pgdata") } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm, unaccent },
      // PostgreSQL's default 128 MB of shared buffers lives in PGlite's WebAssembly memory, which
      // never shrinks; the files it caches are in the operating system's page cache anyway.
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${pgliteSharedBuffers}`],
    });
    await client.waitReady;
    const db = drizzlePglite(client) as unknown as Db;
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

// ---------------------------------------------------------------------------------------------
// PostgreSQL that goes away: a failover, a restart, a terminated backend. The process must live
// through it (every pg client gets an 'error' listener, or one dying connection kills Node),
// answer 503 while the server is unreachable, and carry on by itself when it is back.

const connectionErrorCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01", // admin_shutdown: pg_terminate_backend, a fast shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
]);
const connectionErrorMessages =
  /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Client was closed|terminating connection/i;

/** True when `error` (or what it wraps) says the connection to PostgreSQL is gone, not that a query was wrong. */
export function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (connectionErrorCodes.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && connectionErrorMessages.test(message)) return true;
    current = cause;
  }
  return false;
}

/**
 * A statement that only reads, so running it twice is harmless. Anything that could write (or take
 * a sequence value) is never retried: a write whose connection dropped may have committed.
 */
export function isRetryableRead(text: unknown): boolean {
  if (typeof text !== "string") return false;
  return (
    /^\s*select\b/i.test(text) &&
    !/\b(insert|update|delete|merge|nextval|setval|for\s+update|for\s+share)\b/i.test(text)
  );
}

/** How long clients are told to wait (Retry-After) while the database is away, in seconds. */
export const databaseRetryAfterSeconds = 5;

type Availability = { available: true } | { available: false; since: Date; reason: string };
let availability: Availability = { available: true };
let checking: Promise<void> | null = null;
let recoveryTimer: NodeJS.Timeout | null = null;
let probeDatabase: (() => Promise<void>) | null = null;

/** False while the database server is known to be unreachable (requests answer 503, /readyz fails). */
export function isDatabaseAvailable(): boolean {
  return availability.available;
}

function markUnavailable(error: unknown) {
  if (availability.available) {
    availability = { available: false, since: new Date(), reason: (error as Error)?.message ?? String(error) };
    logger.error({ err: error }, "database unreachable: answering 503 until it is back");
  }
  if (!recoveryTimer) {
    recoveryTimer = setInterval(() => void checkDatabase(), 1_000);
    recoveryTimer.unref();
  }
}

function markAvailable() {
  if (!availability.available) {
    logger.info({ downSince: availability.since }, "database reachable again");
    availability = { available: true };
  }
  if (recoveryTimer) clearInterval(recoveryTimer);
  recoveryTimer = null;
}

/** Probes the server on a fresh connection; one probe at a time however many errors ask for it. */
function checkDatabase(): Promise<void> {
  if (!probeDatabase) return Promise.resolve();
  const probe = probeDatabase;
  checking ??= probe()
    .then(markAvailable, markUnavailable)
    .finally(() => {
      checking = null;
    });
  return checking;
}

/**
 * Called with any error a query or request met: a connection error triggers a probe. One
 * terminated backend is not an outage (the pool simply opens a new connection); only when the probe
 * also fails do requests start getting 503.
 */
export function noteDatabaseError(error: unknown): void {
  if (isConnectionError(error)) void checkDatabase();
}

/** Probes now and answers whether the database is reachable (readiness). */
export async function checkDatabaseNow(): Promise<boolean> {
  if (probeDatabase) await checkDatabase();
  return availability.available;
}

/** A pool whose reads outside transactions are tried once more when their connection dropped. */
class ResilientPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; we pass them through
  override query(...args: any[]): any {
    const [config, values, callback] = args;
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const base = (...call: any[]) => (super.query as (...a: any[]) => any).apply(this, call);
    if (typeof values === "function" || typeof callback === "function") return base(...args);
    const text = typeof config === "string" ? config : config?.text;
    return base(config, values).catch((error: unknown) => {
      if (!isConnectionError(error)) throw error;
      noteDatabaseError(error);
      if (!isRetryableRead(text)) throw error;
      logger.warn({ err: error }, "read lost its connection; trying once more");
      return base(config, values);
    });
  }
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  const pool = new ResilientPool({
    connectionString: url,
    max: options.max ?? 10,
    // Without a limit, a request waits forever for a server that is not coming back.
    connectionTimeoutMillis: 5_000,
  });
  // An idle client whose server went away: the pool drops it and opens a new one when needed.
  pool.on("error", (error) => {
    logger.warn({ err: error }, "idle PostgreSQL connection lost");
    noteDatabaseError(error);
  });
  // A checked-out client (a transaction between statements) has no listener of the pool's, and
  // an 'error' event without one ends the process. Its query fails and the pool discards it.
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      logger.warn({ err: error }, "PostgreSQL connection lost");
      noteDatabaseError(error);
    });
  });
  const db = drizzlePg(pool) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
  const probe = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000, query_timeout: 3_000 });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("select 1");
    } finally {
      await client.end().catch(() => {});
    }
  };
  probeDatabase = probe;
  markAvailable();
  return {
    db,
    kind: "postgres",
    pool,
    async exec(sqlText) {
      await pool.query(sqlText);
    },
    async close() {
      if (probeDatabase === probe) probeDatabase = null;
      markAvailable();
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
