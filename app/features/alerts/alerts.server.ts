import { and, arrayContained, arrayOverlaps, asc, desc, eq, gt, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { type Actor, can } from "#app/lib/authorization";
import { assertCan, assertSignedIn } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { contentMemo } from "#app/lib/minute-memo.server";
import { dayKey, instantToWallTime, parseWallTime, wallTimeToInstant } from "#app/platform/calendar/wall-time.server";
import { areaNamesBySlug } from "#app/platform/site/site-config.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import {
  type AlertChange,
  type AlertKind,
  type AlertSeverity,
  type AlertStatus,
  alertLimits,
  alertSeverities,
  stripSeverities,
} from "./constants";
import { alertPath, queueAlertDelivery } from "./delivery.server";
import { alerts, alertUpdates as updateRows } from "./schema";

// Local alerts: admins, and people granted `post:alert:any` for an area, publish, update and end
// them; each change is a revision with an alert_updates row (a note in both languages), an audit
// line and a bump of the "alerts" content version. An alert is public while published and
// starts_at <= now < expires_at: every read filters on the clock, so an expired alert leaves the
// lists by itself. The background job (manifest.server.ts) bumps the content version when a
// scheduled start or expiry passes, so cached pages change at that moment too.

export const alertPermission = "post:alert:any" as const;
/** The scope type of an area grant: `post:alert:any` for ("area", slug), or ("area", null) for every area. */
export const alertScopeType = "area";

const dayMs = 24 * 60 * 60 * 1000;

/** What the publishing form gives: times as instants, or wall times on the site's clocks. */
export interface AlertInput {
  kind: AlertKind;
  severity: AlertSeverity;
  /** Area slugs; empty: the whole site. */
  areas: readonly string[];
  titleEn: string;
  titleEs: string;
  bodyEn?: string;
  bodyEs?: string;
  sourceName: string;
  sourceUrl?: string | null;
  /** Absent or empty: now (for an update: unchanged). */
  startsAt?: Date | string | null;
  expiresAt: Date | string;
}

/** What an update or an end says changed, in both languages. */
export interface AlertNote {
  noteEn?: string;
  noteEs?: string;
}

/** Where an alert stands at a moment. */
export type AlertState = "draft" | "scheduled" | "active" | "expired" | "ended";

export interface AlertView {
  id: number;
  kind: AlertKind;
  severity: AlertSeverity;
  areas: { slug: string; name: { en: string; es: string } }[];
  title: { en: string; es: string };
  body: { en: string; es: string };
  sourceName: string;
  sourceUrl: string | null;
  startsAt: Date;
  expiresAt: Date;
  status: AlertStatus;
  state: AlertState;
  revision: number;
  isDemo: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface AlertUpdateView {
  id: number;
  alertId: number;
  revision: number;
  change: AlertChange;
  note: { en: string; es: string };
  createdAt: Date;
}

type AlertRow = typeof alerts.$inferSelect;

export function alertState(row: Pick<AlertRow, "status" | "startsAt" | "expiresAt">, now: Date): AlertState {
  if (row.status === "draft") return "draft";
  if (row.status === "ended") return "ended";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  if (row.startsAt.getTime() > now.getTime()) return "scheduled";
  return "active";
}

function toView(row: AlertRow, names: Map<string, { en: string; es: string }>, now: Date): AlertView {
  return {
    id: row.id,
    kind: row.kind as AlertKind,
    severity: row.severity as AlertSeverity,
    areas: row.areas.map((slug) => ({ slug, name: names.get(slug) ?? { en: slug, es: slug } })),
    title: { en: row.titleEn, es: row.titleEs },
    body: { en: row.bodyEn, es: row.bodyEs },
    sourceName: row.sourceName,
    sourceUrl: row.sourceUrl,
    startsAt: row.startsAt,
    expiresAt: row.expiresAt,
    status: row.status as AlertStatus,
    state: alertState(row, now),
    revision: row.revision,
    isDemo: row.isDemo,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function toViews(rows: AlertRow[], now: Date, executor: Executor = getDb()) {
  if (!rows.length) return [];
  const names = await areaNamesBySlug(executor);
  return rows.map((row) => toView(row, names, now));
}

// ---------------------------------------------------------------------------------------------
// Who may post where

/**
 * Throws unless the actor may post alerts for all these areas: each area needs a grant covering
 * it (or the admin role), and the whole site (no areas) needs every area the site has.
 */
async function assertMayPost(actor: Actor | null | undefined, areaSlugs: readonly string[], executor: Executor) {
  assertSignedIn(actor);
  const names = await areaNamesBySlug(executor);
  const targets = areaSlugs.length ? areaSlugs : [...names.keys()];
  if (!targets.length) assertCan(actor, alertPermission);
  for (const slug of targets) assertCan(actor, alertPermission, { scope: { type: alertScopeType, id: slug } });
}

/** Whether the actor may post alerts at all (for showing the publishing section and its links). */
export function canPostAlerts(actor: Actor | null | undefined): boolean {
  if (!actor) return false;
  if (can(actor, alertPermission)) return true;
  return (actor.grants ?? []).some(
    (grant) => grant.permission === alertPermission && (grant.scopeType === null || grant.scopeType === alertScopeType),
  );
}

/** The area slugs the actor may post for; null means every area and the whole site. */
export async function postableAreas(actor: Actor | null | undefined): Promise<string[] | null> {
  if (!canPostAlerts(actor) || !actor) return [];
  const names = await areaNamesBySlug();
  const slugs = [...names.keys()];
  const allowed = slugs.filter((slug) => {
    try {
      assertCan(actor, alertPermission, { scope: { type: alertScopeType, id: slug } });
      return true;
    } catch {
      return false;
    }
  });
  return allowed.length === slugs.length ? null : allowed;
}

// ---------------------------------------------------------------------------------------------
// Writes

// Times are on the site's clock (siteTimeZone, as events and bookings read them): the site
// configuration is not read here because a write runs inside its transaction, and on the embedded
// database a second connection would wait for that transaction forever.
function resolveInstant(value: Date | string | null | undefined, field: string) {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return value;
  const [day, time] = value.split("T");
  const wall = parseWallTime(day ?? "", (time ?? "").slice(0, 5));
  if (!wall) throw new AppError("invalid", "alerts:form.errors.time", { field });
  return wallTimeToInstant(wall);
}

/** An instant as the publishing form's datetime-local field shows it, on the site's clocks. */
export function alertWallTime(instant: Date): string {
  const wall = instantToWallTime(instant);
  return `${dayKey(wall)}T${String(wall.hour).padStart(2, "0")}:${String(wall.minute).padStart(2, "0")}`;
}

async function checkedColumns(
  input: AlertInput,
  options: { now: Date; keepStartsAt?: Date; executor: Executor },
): Promise<Omit<typeof alerts.$inferInsert, "status" | "revision" | "createdBy" | "isDemo">> {
  const names = await areaNamesBySlug(options.executor);
  const areas = [...new Set(input.areas)];
  const unknown = areas.find((slug) => !names.has(slug));
  if (unknown) throw new AppError("invalid", "alerts:form.errors.area", { field: "areas" });
  const startsAt = resolveInstant(input.startsAt, "startsAt") ?? options.keepStartsAt ?? options.now;
  const expiresAt = resolveInstant(input.expiresAt, "expiresAt");
  if (!expiresAt) throw new AppError("invalid", "alerts:form.errors.time", { field: "expiresAt" });
  if (expiresAt <= startsAt)
    throw new AppError("invalid", "alerts:form.errors.expiresBeforeStart", { field: "expiresAt" });
  if (expiresAt <= options.now)
    throw new AppError("invalid", "alerts:form.errors.expiresInPast", { field: "expiresAt" });
  if (startsAt.getTime() > options.now.getTime() + alertLimits.maxLeadDays * dayMs)
    throw new AppError("invalid", "alerts:form.errors.startsTooLate", {
      field: "startsAt",
      days: alertLimits.maxLeadDays,
    });
  if (expiresAt.getTime() - startsAt.getTime() > alertLimits.maxDurationDays * dayMs)
    throw new AppError("invalid", "alerts:form.errors.durationTooLong", {
      field: "expiresAt",
      days: alertLimits.maxDurationDays,
    });
  const title = (value: string, field: string) => {
    const trimmed = value.trim();
    if (!trimmed) throw new AppError("invalid", "alerts:form.errors.titleRequired", { field });
    if (trimmed.length > alertLimits.titleMax) throw new AppError("invalid", "alerts:form.errors.tooLong", { field });
    return trimmed;
  };
  const body = (value: string | undefined, field: string) => {
    const trimmed = (value ?? "").trim();
    if (trimmed.length > alertLimits.bodyMax) throw new AppError("invalid", "alerts:form.errors.tooLong", { field });
    return trimmed;
  };
  const sourceName = input.sourceName.trim();
  if (!sourceName || sourceName.length > alertLimits.sourceNameMax)
    throw new AppError("invalid", "alerts:form.errors.sourceName", { field: "sourceName" });
  const sourceUrl = input.sourceUrl?.trim() || null;
  if (sourceUrl && (!/^https?:\/\/[^\s<>"]+$/i.test(sourceUrl) || sourceUrl.length > alertLimits.sourceUrlMax))
    throw new AppError("invalid", "alerts:form.errors.sourceUrl", { field: "sourceUrl" });
  if (!(alertSeverities as readonly string[]).includes(input.severity))
    throw new AppError("invalid", "alerts:form.errors.severity", { field: "severity" });
  return {
    kind: input.kind,
    severity: input.severity,
    areas,
    titleEn: title(input.titleEn, "titleEn"),
    titleEs: title(input.titleEs, "titleEs"),
    bodyEn: body(input.bodyEn, "bodyEn"),
    bodyEs: body(input.bodyEs, "bodyEs"),
    sourceName,
    sourceUrl,
    startsAt,
    expiresAt,
  };
}

function checkedNote(note: AlertNote | undefined) {
  const one = (value: string | undefined, field: string) => {
    const trimmed = (value ?? "").trim();
    if (trimmed.length > alertLimits.noteMax) throw new AppError("invalid", "alerts:form.errors.tooLong", { field });
    return trimmed;
  };
  return { noteEn: one(note?.noteEn, "noteEn"), noteEs: one(note?.noteEs, "noteEs") };
}

async function lockAlert(tx: Executor, alertId: number): Promise<AlertRow> {
  if (!Number.isSafeInteger(alertId) || alertId < 1) throw new AppError("not_found", "alerts:errors.notFound");
  const [row] = await tx.select().from(alerts).where(eq(alerts.id, alertId)).for("update");
  if (!row) throw new AppError("not_found", "alerts:errors.notFound");
  return row;
}

async function recordUpdate(
  tx: Executor,
  row: AlertRow,
  change: AlertChange,
  note: { noteEn: string; noteEs: string },
  actor: Actor,
) {
  await tx.insert(updateRows).values({ alertId: row.id, revision: row.revision, change, ...note, actorId: actor.id });
  // Its subscribers hear of this revision once the transaction commits, and never if it rolls back.
  await queueAlertDelivery(
    {
      alertId: row.id,
      revision: row.revision,
      change,
      kind: row.kind,
      areas: row.areas,
      content: {
        en: { title: row.titleEn, body: row.bodyEn, note: note.noteEn },
        es: { title: row.titleEs, body: row.bodyEs, note: note.noteEs },
      },
      path: alertPath(row.id),
    },
    tx,
  );
}

export interface AlertWriteResult {
  id: number;
  revision: number;
  status: AlertStatus;
  areas: string[];
  startsAt: Date;
  expiresAt: Date;
}

function writeResult(row: AlertRow): AlertWriteResult {
  return {
    id: row.id,
    revision: row.revision,
    status: row.status as AlertStatus,
    areas: row.areas,
    startsAt: row.startsAt,
    expiresAt: row.expiresAt,
  };
}

/** Publishes a new alert (revision 1) for areas the actor may post for. */
export const publishAlert = defineWrite(
  {
    contentKinds: ["alerts"],
    audit: (result) => ({
      action: "alert.publish",
      targetType: "alert",
      targetId: String(result.id),
      details: { revision: result.revision, areas: result.areas },
    }),
  },
  async (
    options: { actor: Actor | null; input: AlertInput; note?: AlertNote; now?: Date },
    tx: Executor,
  ): Promise<AlertWriteResult> => {
    const { actor } = options;
    const now = options.now ?? new Date();
    await assertMayPost(actor, options.input.areas, tx);
    assertSignedIn(actor);
    const columns = await checkedColumns(options.input, { now, executor: tx });
    const [row] = await tx
      .insert(alerts)
      .values({ ...columns, status: "published", revision: 1, createdBy: actor.id })
      .returning();
    await recordUpdate(tx, row, "published", checkedNote(options.note), actor);
    return writeResult(row);
  },
);

/**
 * Changes a published alert (its text, severity, areas, times…): a new revision whose note says
 * what changed. The actor needs the alert's areas and the new ones.
 */
export const updateAlert = defineWrite(
  {
    contentKinds: ["alerts"],
    audit: (result) => ({
      action: "alert.update",
      targetType: "alert",
      targetId: String(result.id),
      details: { revision: result.revision, areas: result.areas },
    }),
  },
  async (
    options: { actor: Actor | null; alertId: number; input: AlertInput; note?: AlertNote; now?: Date },
    tx: Executor,
  ): Promise<AlertWriteResult> => {
    const { actor } = options;
    const now = options.now ?? new Date();
    assertSignedIn(actor);
    const before = await lockAlert(tx, options.alertId);
    await assertMayPost(actor, before.areas, tx);
    await assertMayPost(actor, options.input.areas, tx);
    if (before.status === "ended") throw new AppError("conflict", "alerts:errors.ended");
    const columns = await checkedColumns(options.input, { now, keepStartsAt: before.startsAt, executor: tx });
    const [row] = await tx
      .update(alerts)
      .set({ ...columns, status: "published", revision: before.revision + 1 })
      .where(eq(alerts.id, before.id))
      .returning();
    await recordUpdate(tx, row, before.status === "draft" ? "published" : "updated", checkedNote(options.note), actor);
    return writeResult(row);
  },
);

/** Ends an alert before its expiry (the all-clear): it leaves every list now. */
export const endAlert = defineWrite(
  {
    contentKinds: ["alerts"],
    audit: (result) => ({
      action: "alert.end",
      targetType: "alert",
      targetId: String(result.id),
      details: { revision: result.revision, areas: result.areas },
    }),
  },
  async (
    options: { actor: Actor | null; alertId: number; note?: AlertNote; now?: Date },
    tx: Executor,
  ): Promise<AlertWriteResult> => {
    const { actor } = options;
    assertSignedIn(actor);
    const before = await lockAlert(tx, options.alertId);
    await assertMayPost(actor, before.areas, tx);
    if (before.status === "ended") throw new AppError("conflict", "alerts:errors.ended");
    if (before.status === "draft") throw new AppError("conflict", "alerts:errors.notPublished");
    const [row] = await tx
      .update(alerts)
      .set({ status: "ended", revision: before.revision + 1 })
      .where(eq(alerts.id, before.id))
      .returning();
    await recordUpdate(tx, row, "ended", checkedNote(options.note), actor);
    return writeResult(row);
  },
);

// ---------------------------------------------------------------------------------------------
// Reads

/** In force at `now`: published, started, not expired. */
function inForceAt(now: Date): SQL {
  return and(eq(alerts.status, "published"), lte(alerts.startsAt, now), gt(alerts.expiresAt, now)) as SQL;
}

/** For an area: alerts for the whole site and those naming the area. */
function concerning(area: string): SQL {
  return or(sql`cardinality(${alerts.areas}) = 0`, arrayOverlaps(alerts.areas, [area])) as SQL;
}

const bySeverityThenNewest = [
  desc(
    sql`array_position(array[${sql.raw(alertSeverities.map((s) => `'${s}'`).join(", "))}]::text[], ${alerts.severity})`,
  ),
  desc(alerts.startsAt),
  desc(alerts.id),
];

/** The alerts in force now (for an area: its own and the whole site's), most serious first. */
export async function activeAlerts(
  options: { now?: Date; area?: string | null; severities?: readonly AlertSeverity[] } = {},
  executor: Executor = getDb(),
): Promise<AlertView[]> {
  const now = options.now ?? new Date();
  const conditions: SQL[] = [inForceAt(now)];
  if (options.area) conditions.push(concerning(options.area));
  if (options.severities) conditions.push(inArray(alerts.severity, [...options.severities]));
  const rows = await executor
    .select()
    .from(alerts)
    .where(and(...conditions))
    .orderBy(...bySeverityThenNewest)
    .limit(100);
  return toViews(rows, now, executor);
}

/** The kinds the beach report shows: what bears on going into the sea. */
export const beachAlertKinds: readonly AlertKind[] = ["surf", "red-tide", "water-quality", "weather"];

const inForceMemo = contentMemo<AlertView[]>(["alerts"], 32);

/**
 * The alerts in force for a public page's block (the home page, an area, a beach), remembered like
 * the strip's for the minute and the "alerts" content version they were read at: every page of the
 * site asked for them with its own statement before, cached page or not.
 */
export function publicAlertsInForce(options: { now?: Date; area?: string | null } = {}): Promise<AlertView[]> {
  const now = options.now ?? new Date();
  return inForceMemo(options.area ?? "", now, () => activeAlerts({ now, area: options.area }));
}

/** The home page's alerts in force: the whole site's, and every warning or emergency anywhere. */
export async function homeAlerts(options: { now?: Date } = {}): Promise<AlertView[]> {
  const inForce = await publicAlertsInForce({ now: options.now });
  return inForce.filter((alert) => alert.areas.length === 0 || stripSeverities.includes(alert.severity));
}

/** A beach's alerts in force (its area's and the whole site's) of the kinds about the sea. */
export async function beachAlerts(options: { area: string; now?: Date }): Promise<AlertView[]> {
  const inForce = await publicAlertsInForce({ now: options.now, area: options.area });
  return inForce.filter((alert) => beachAlertKinds.includes(alert.kind));
}

/** The alerts that put the strip on public pages: warnings and emergencies in force. */
export function stripAlerts(options: { now?: Date } = {}) {
  return activeAlerts({ now: options.now, severities: stripSeverities });
}

/** One alert, whatever its state, or null. A draft only for those who may post it. */
export async function getAlert(options: { id: number; now?: Date; actor?: Actor | null }): Promise<AlertView | null> {
  if (!Number.isSafeInteger(options.id) || options.id < 1) return null;
  const now = options.now ?? new Date();
  const [row] = await getDb().select().from(alerts).where(eq(alerts.id, options.id));
  if (!row) return null;
  if (row.status === "draft") {
    try {
      await assertMayPost(options.actor, row.areas, getDb());
    } catch {
      return null;
    }
  }
  const [view] = await toViews([row], now);
  return view;
}

export interface AlertListFilters {
  kind?: AlertKind;
  severity?: AlertSeverity;
  area?: string;
  /** now: in force; upcoming: published, starting later; absent: both. */
  when?: "now" | "upcoming";
}

/** Public: alerts in force and announced ones, filtered; expired and ended ones are never listed. */
export async function listAlerts(options: { filters?: AlertListFilters; now?: Date } = {}): Promise<AlertView[]> {
  const now = options.now ?? new Date();
  const filters = options.filters ?? {};
  const conditions: SQL[] = [eq(alerts.status, "published"), gt(alerts.expiresAt, now)];
  if (filters.when === "now") conditions.push(lte(alerts.startsAt, now));
  if (filters.when === "upcoming") conditions.push(gt(alerts.startsAt, now));
  if (filters.kind) conditions.push(eq(alerts.kind, filters.kind));
  if (filters.severity) conditions.push(eq(alerts.severity, filters.severity));
  if (filters.area) conditions.push(concerning(filters.area));
  const rows = await getDb()
    .select()
    .from(alerts)
    .where(and(...conditions))
    .orderBy(asc(sql`${alerts.startsAt} > ${now}`), ...bySeverityThenNewest)
    .limit(200);
  return toViews(rows, now);
}

/**
 * Every alert the actor may manage (in force, scheduled, expired and ended), newest first: the
 * publishing section's list.
 */
export async function listManagedAlerts(options: { actor: Actor | null; now?: Date; limit?: number }) {
  const now = options.now ?? new Date();
  const areas = await postableAreas(options.actor);
  if (areas !== null && areas.length === 0) return [];
  const rows = await getDb()
    .select()
    .from(alerts)
    // An area poster manages the alerts that concern only areas they hold.
    .where(areas === null ? undefined : and(sql`cardinality(${alerts.areas}) > 0`, arrayContained(alerts.areas, areas)))
    .orderBy(desc(alerts.updatedAt), desc(alerts.id))
    .limit(options.limit ?? 100);
  return toViews(rows, now);
}

/** Every published change of an alert, first to last. */
export async function alertUpdates(alertId: number, executor: Executor = getDb()): Promise<AlertUpdateView[]> {
  if (!Number.isSafeInteger(alertId) || alertId < 1) return [];
  const rows = await executor
    .select()
    .from(updateRows)
    .where(eq(updateRows.alertId, alertId))
    .orderBy(asc(updateRows.revision));
  return rows.map((row) => ({
    id: row.id,
    alertId: row.alertId,
    revision: row.revision,
    change: row.change as AlertChange,
    note: { en: row.noteEn, es: row.noteEs },
    createdAt: row.createdAt,
  }));
}

/**
 * Whether a published alert's start or expiry fell in (since, until]: then pages that were
 * rendered before it show the wrong alerts.
 */
export async function alertBoundaryPassed(since: Date, until: Date, executor: Executor = getDb()): Promise<boolean> {
  const [row] = await executor
    .select({ id: alerts.id })
    .from(alerts)
    .where(
      and(
        eq(alerts.status, "published"),
        or(
          and(gt(alerts.startsAt, since), lte(alerts.startsAt, until)),
          and(gt(alerts.expiresAt, since), lte(alerts.expiresAt, until)),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** An alert as pages show it: one language, times as ISO strings. */
export interface AlertCard {
  id: number;
  kind: AlertKind;
  severity: AlertSeverity;
  state: AlertState;
  /** Area names; empty: the whole site. */
  areas: string[];
  areaSlugs: string[];
  title: string;
  body: string;
  sourceName: string;
  sourceUrl: string | null;
  startsAt: string;
  expiresAt: string;
  updatedAt: string;
  revision: number;
  isDemo: boolean;
}

export function alertCard(alert: AlertView, language: "en" | "es"): AlertCard {
  return {
    id: alert.id,
    kind: alert.kind,
    severity: alert.severity,
    state: alert.state,
    areas: alert.areas.map((area) => area.name[language]),
    areaSlugs: alert.areas.map((area) => area.slug),
    title: alert.title[language],
    body: alert.body[language],
    sourceName: alert.sourceName,
    sourceUrl: alert.sourceUrl,
    startsAt: alert.startsAt.toISOString(),
    expiresAt: alert.expiresAt.toISOString(),
    updatedAt: alert.updatedAt.toISOString(),
    revision: alert.revision,
    isDemo: alert.isDemo,
  };
}

const stripMemo = contentMemo<AlertView[]>(["alerts"], 4);

/**
 * The strip's alerts, remembered for the minute and the "alerts" content version they were read
 * at: a write or a passing start or expiry (the boundary job bumps the version) reads them again.
 */
export function stripAlertsNow(now: Date = new Date()): Promise<AlertView[]> {
  return stripMemo("strip", now, () => stripAlerts({ now }));
}
