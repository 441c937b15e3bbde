// Process metrics in Prometheus form: what /metrics serves (server/metrics.ts) and what the admin
// "system" section shows. Counters live in this process; each instance is scraped on its own and
// Prometheus adds them up, so nothing here assumes a single instance.

import { sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { getDatabaseHandle, getDb } from "./db.server";
import { responseCacheStats } from "./response-cache/cache.server";

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Route label for requests that matched no route (static files, probes, refused input). */
export const unmatchedRoute = "(none)";

export const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status code.",
  labelNames: ["method", "route", "status"] as const,
  registers: [metricsRegistry],
});

export const httpServerErrors = new Counter({
  name: "http_server_errors_total",
  help: "HTTP requests answered with a 5xx status, by route pattern.",
  labelNames: ["route"] as const,
  registers: [metricsRegistry],
});

export const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer HTTP requests, by method and route pattern.",
  labelNames: ["method", "route"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

// Read from the response cache's own counters at scrape time, so the two can never disagree.
new Counter({
  name: "response_cache_lookups_total",
  help: "Response cache lookups for anonymous pages, by result (hit, stale hit served while refreshing, miss).",
  labelNames: ["result"] as const,
  registers: [metricsRegistry],
  collect() {
    const stats = responseCacheStats();
    this.reset();
    this.inc({ result: "hit" }, stats.hits);
    this.inc({ result: "stale" }, stats.staleHits);
    this.inc({ result: "miss" }, stats.misses);
  },
});

new Gauge({
  name: "response_cache_bytes",
  help: "Bytes held by the response cache, and its limit.",
  labelNames: ["kind"] as const,
  registers: [metricsRegistry],
  collect() {
    const stats = responseCacheStats();
    this.set({ kind: "used" }, stats.bytes);
    this.set({ kind: "limit" }, stats.maxBytes);
  },
});

/** Connection pool figures of the open database: node-postgres totals, or PGlite's single session. */
export function databasePoolState() {
  const handle = getDatabaseHandle();
  if (!handle) return null;
  const pool = handle.pool;
  return {
    kind: handle.kind,
    total: pool?.totalCount ?? 1,
    idle: pool?.idleCount ?? 0,
    waiting: pool?.waitingCount ?? 0,
  };
}

new Gauge({
  name: "db_pool_connections",
  help: "Database connections by state (total, idle, waiting clients); PGlite is one embedded session.",
  labelNames: ["state", "kind"] as const,
  registers: [metricsRegistry],
  collect() {
    const state = databasePoolState();
    this.reset();
    if (!state) return;
    this.set({ state: "total", kind: state.kind }, state.total);
    this.set({ state: "idle", kind: state.kind }, state.idle);
    this.set({ state: "waiting", kind: state.kind }, state.waiting);
  },
});

/** Emails in the outbox by status, and the age of the oldest one still waiting to go out. */
export async function outboxBacklog() {
  // Plain SQL: app/lib reads no domain module (the outbox table belongs to app/platform/outbox).
  const result = await getDb().execute<{ status: string; count: number; oldest: string | null }>(
    sql`select status, count(*)::int as count, min(created_at)::text as oldest from email_outbox group by status`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    status: string;
    count: number;
    oldest: string | null;
  }[];
  const byStatus = Object.fromEntries(rows.map((row) => [row.status, Number(row.count)])) as Record<string, number>;
  const pendingOldest = rows.find((row) => row.status === "pending")?.oldest ?? null;
  return {
    byStatus,
    oldestPendingSeconds: pendingOldest ? Math.max(0, (Date.now() - new Date(pendingOldest).getTime()) / 1000) : 0,
  };
}

new Gauge({
  name: "outbox_emails",
  help: "Emails in the outbox by status (pending is the backlog still to send).",
  labelNames: ["status"] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    try {
      const backlog = await outboxBacklog();
      for (const status of ["pending", "sent", "failed", "kept"]) this.set({ status }, backlog.byStatus[status] ?? 0);
    } catch {
      // The database being away is reported by /readyz and the pool gauge; keep the scrape working.
    }
  },
});

/** The figures of the registry as plain numbers, for the admin page. */
export async function metricsSnapshot() {
  const metrics = await metricsRegistry.getMetricsAsJSON();
  const find = (name: string) => metrics.find((metric) => metric.name === name);
  const values = (name: string) =>
    (find(name)?.values ?? []) as { value: number; labels: Record<string, string | number>; metricName?: string }[];

  const perRoute = new Map<string, { route: string; requests: number; errors: number; seconds: number }>();
  for (const value of values("http_requests_total")) {
    const route = String(value.labels.route);
    const row = perRoute.get(route) ?? { route, requests: 0, errors: 0, seconds: 0 };
    row.requests += value.value;
    if (Number(value.labels.status) >= 500) row.errors += value.value;
    perRoute.set(route, row);
  }
  for (const value of values("http_request_duration_seconds")) {
    if (value.metricName !== "http_request_duration_seconds_sum") continue;
    const row = perRoute.get(String(value.labels.route));
    if (row) row.seconds += value.value;
  }
  const cache = values("response_cache_lookups_total");
  const hits = cache
    .filter((value) => value.labels.result === "hit" || value.labels.result === "stale")
    .reduce((sum, value) => sum + value.value, 0);
  const misses = cache.find((value) => value.labels.result === "miss")?.value ?? 0;
  const routes = [...perRoute.values()]
    .map((row) => ({ ...row, averageMs: row.requests > 0 ? (row.seconds / row.requests) * 1000 : 0 }))
    .sort((a, b) => b.requests - a.requests);
  return {
    routes,
    requests: routes.reduce((sum, row) => sum + row.requests, 0),
    serverErrors: values("http_server_errors_total").reduce((sum, value) => sum + value.value, 0),
    cache: { hits, misses, hitRate: hits + misses > 0 ? hits / (hits + misses) : null },
  };
}

/** Version and size of the open database, for the admin system page; nulls when unreadable. */
export async function databaseFacts() {
  try {
    const result = await getDb().execute<{ version: string; size: string | number }>(
      sql`select version() as version, pg_database_size(current_database()) as size`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      version: string;
      size: string | number;
    }[];
    const row = rows[0];
    return { version: row ? String(row.version).split(" on ")[0] : null, sizeBytes: row ? Number(row.size) : null };
  } catch {
    return { version: null, sizeBytes: null };
  }
}
