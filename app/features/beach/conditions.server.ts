import { desc, eq, inArray } from "drizzle-orm";
import { type Actor, can } from "#app/lib/authorization";
import { assertCan, assertSignedIn } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import type { Language } from "#app/lib/i18n";
import { logger } from "#app/lib/logger.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import { deleteStoredFile, storageUrl, storeImage, storeOrRefuseImage } from "#app/lib/storage.server";
import {
  findUserIdByEmail,
  grantPermission,
  listGrantHolders,
  revokePermission,
  withCurrentGrants,
} from "#app/platform/accounts/grants.server";
import { publicName, userSummaries } from "#app/platform/people/people.server";
import { beachExists } from "#app/platform/site/site-config.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { currentReportMaxAgeHours, photoMaxBytes, photoMaxSide } from "./conditions";
import type { ConditionReportInput } from "./forms";
import { beachObservations, beachReports } from "./schema";
import { fahrenheitToCelsius } from "./units";

// Condition reports come from people who are at the beach: admins and the users an admin trusts.
// Everyone signed in may add a short "I'm here" note, shown as unverified. Every check is made
// here, per object, so a second caller cannot forget it.

const hourMs = 60 * 60 * 1000;

/** The grant that makes someone a trusted reporter; scoped to a beach, or for every beach. */
const reportPermission = "post:beach-report:any" as const;
const beachScope = (slug: string) => ({ type: "beach", id: slug });

/**
 * Admins always; other people when they hold a grant for this beach (or every beach). Grants are
 * read from the database now, so a revoked reporter cannot post on a session loaded before.
 */
export async function canPostConditionReports(actor: Actor | null, beachSlug?: string): Promise<boolean> {
  if (!actor) return false;
  const target = { scope: beachSlug ? beachScope(beachSlug) : null };
  if (can({ ...actor, grants: [] }, reportPermission, target)) return true;
  const current = await withCurrentGrants(actor);
  // Without a beach, any report grant counts (the page shows the form, the post checks the beach).
  if (!beachSlug) return (current.grants ?? []).some((grant) => grant.permission === reportPermission);
  return can(current, reportPermission, target);
}

async function requireBeach(slug: string) {
  if (!(await beachExists(slug)))
    throw new AppError("invalid", "beach:errors.unknownBeach", { beach: slug.slice(0, 60), known: "" });
  return { slug };
}

export interface ConditionReport {
  id: number;
  beachSlug: string;
  author: { id: string; name: string };
  surfSize: string | null;
  surfQuality: string | null;
  wind: string | null;
  windDirection: string | null;
  waterClarity: string | null;
  waterTempC: number | null;
  flag: string | null;
  jellyfish: string | null;
  sargassum: string | null;
  crowd: string | null;
  note: string;
  noteLanguage: Language;
  photoUrl: string | null;
  createdAt: Date;
  ageMinutes: number;
  /** Older than 24 hours: shown as old, never as the current conditions. */
  isOld: boolean;
}

export interface Observation {
  id: number;
  beachSlug: string;
  author: { id: string; name: string };
  note: string;
  noteLanguage: Language;
  createdAt: Date;
  ageMinutes: number;
  isOld: boolean;
}

export interface BeachConditions {
  /** The newest report, only when it is under 24 hours old. */
  current: ConditionReport | null;
  /** Earlier reports, newest first (old ones flagged). */
  earlier: ConditionReport[];
  observations: Observation[];
}

function ageOf(createdAt: Date, now: Date) {
  const ageMinutes = Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 60_000));
  return { ageMinutes, isOld: now.getTime() - createdAt.getTime() > currentReportMaxAgeHours * hourMs };
}

const asLanguage = (value: string): Language => (value === "es" ? "es" : "en");

/** What a report and an observation have alike: who posted what about which beach, and when. */
const postColumns = (table: typeof beachReports | typeof beachObservations) => ({
  id: table.id,
  beachSlug: table.beachSlug,
  authorId: table.authorId,
  note: table.note,
  noteLanguage: table.noteLanguage,
  createdAt: table.createdAt,
});

/** How many posts one list shows: as asked, but at least one and at most 50. */
const postLimit = (limit: number | undefined, fallback: number) => Math.min(Math.max(limit ?? fallback, 1), 50);

/**
 * Reports and observations as shown: by their author's public name, with their age; a post whose
 * author's account is gone is left out.
 */
async function withAuthors<Row extends { authorId: string; noteLanguage: string; createdAt: Date }>(
  rows: Row[],
  now: Date,
) {
  const authors = await userSummaries(rows.map((row) => row.authorId));
  return rows.flatMap(({ authorId, noteLanguage, ...row }) => {
    const author = authors.get(authorId);
    if (!author) return [];
    return [
      {
        ...row,
        author: { id: authorId, name: publicName(author) },
        noteLanguage: asLanguage(noteLanguage),
        ...ageOf(row.createdAt, now),
      },
    ];
  });
}

export async function listConditionReports(options: {
  beachSlugs: string[];
  now?: Date;
  limit?: number;
}): Promise<ConditionReport[]> {
  if (options.beachSlugs.length === 0) return [];
  const now = options.now ?? new Date();
  const rows = await getDb()
    .select({
      ...postColumns(beachReports),
      surfSize: beachReports.surfSize,
      surfQuality: beachReports.surfQuality,
      wind: beachReports.wind,
      windDirection: beachReports.windDirection,
      waterClarity: beachReports.waterClarity,
      waterTempC: beachReports.waterTempC,
      flag: beachReports.flag,
      jellyfish: beachReports.jellyfish,
      sargassum: beachReports.sargassum,
      crowd: beachReports.crowd,
      photoKey: beachReports.photoKey,
    })
    .from(beachReports)
    .where(inArray(beachReports.beachSlug, options.beachSlugs))
    .orderBy(desc(beachReports.createdAt), desc(beachReports.id))
    .limit(postLimit(options.limit, 6));
  return (await withAuthors(rows, now)).map(({ photoKey, ...report }) => ({
    ...report,
    photoUrl: photoKey ? storageUrl(photoKey) : null,
  }));
}

export async function listObservations(options: {
  beachSlug: string;
  now?: Date;
  limit?: number;
}): Promise<Observation[]> {
  const now = options.now ?? new Date();
  const rows = await getDb()
    .select(postColumns(beachObservations))
    .from(beachObservations)
    .where(eq(beachObservations.beachSlug, options.beachSlug))
    .orderBy(desc(beachObservations.createdAt), desc(beachObservations.id))
    .limit(postLimit(options.limit, 10));
  return withAuthors(rows, now);
}

/** Reports and observations for one beach, with the 24-hour rule applied. */
export async function getBeachConditions(options: { beachSlug: string; now?: Date }): Promise<BeachConditions> {
  const [reports, observations] = await Promise.all([
    listConditionReports({ beachSlugs: [options.beachSlug], now: options.now }),
    listObservations({ beachSlug: options.beachSlug, now: options.now }),
  ]);
  const current = reports[0] && !reports[0].isOld ? reports[0] : null;
  return { current, earlier: current ? reports.slice(1) : reports, observations };
}

export interface PhotoUpload {
  bytes: Uint8Array;
}

/**
 * Posts a condition report. Only admins and trusted reporters; the photo (optional) is checked
 * and re-encoded before anything is written, and removed again if the row cannot be.
 */
export async function createConditionReport(options: {
  actor: Actor | null;
  beachSlug: string;
  input: Omit<ConditionReportInput, "intent">;
  temperatureUnit: "C" | "F";
  language: Language;
  photo?: PhotoUpload | null;
}): Promise<{ id: number }> {
  assertSignedIn(options.actor);
  const actorId = options.actor.id;
  await requireBeach(options.beachSlug);
  const actor = can(options.actor, reportPermission) ? options.actor : await withCurrentGrants(options.actor);
  assertCan(actor, reportPermission, { scope: beachScope(options.beachSlug) });
  await consumeRateLimit({ key: `beach-report:${options.actor.id}`, points: 30, durationSeconds: 60 * 60 });

  let photoKey: string | null = null;
  if (options.photo && options.photo.bytes.length > 0) {
    const bytes = options.photo.bytes;
    ({ key: photoKey } = await storeOrRefuseImage(
      { field: "photo", messageKey: (reason) => `beach:form.errors.photo.${reason}`, maxBytes: photoMaxBytes },
      () => storeImage({ bytes, prefix: "beach", maxBytes: photoMaxBytes, maxSide: photoMaxSide }),
    ));
  }
  const { waterTemp, ...fields } = options.input;
  const waterTempC =
    waterTemp === undefined
      ? null
      : Math.round((options.temperatureUnit === "F" ? fahrenheitToCelsius(waterTemp) : waterTemp) * 10) / 10;
  try {
    // Owns its transaction: the photo file is already stored and must go if this insert fails.
    const [row] = await getDb().transaction(async (tx) => {
      await bumpContentVersion(tx, "beach");
      return tx
        .insert(beachReports)
        .values({
          beachSlug: options.beachSlug,
          authorId: actorId,
          surfSize: fields.surfSize ?? null,
          surfQuality: fields.surfQuality ?? null,
          wind: fields.wind ?? null,
          windDirection: fields.windDirection ?? null,
          waterClarity: fields.waterClarity ?? null,
          waterTempC,
          flag: fields.flag ?? null,
          jellyfish: fields.jellyfish ?? null,
          sargassum: fields.sargassum ?? null,
          crowd: fields.crowd ?? null,
          note: fields.note ?? "",
          noteLanguage: options.language,
          photoKey,
        })
        .returning({ id: beachReports.id });
    });
    return row;
  } catch (error) {
    if (photoKey)
      await deleteStoredFile(photoKey).catch((cleanup) => logger.warn({ err: cleanup }, "orphan photo left behind"));
    throw error;
  }
}

/** createObservation's transaction, once the beach is known and the rate limit taken. */
const insertObservation = defineWrite(
  { contentKinds: ["beach"] },
  async (options: { actor: Actor; beachSlug: string; note: string; language: Language }, tx: Executor) => {
    const [row] = await tx
      .insert(beachObservations)
      .values({
        beachSlug: options.beachSlug,
        authorId: options.actor.id,
        note: options.note,
        noteLanguage: options.language,
      })
      .returning({ id: beachObservations.id });
    return row;
  },
);

/** "I'm here": any signed-in user, a few times an hour at most. */
export async function createObservation(
  options: {
    actor: Actor | null;
    beachSlug: string;
    note: string;
    language: Language;
  },
  executor?: Executor,
): Promise<{ id: number }> {
  assertCan(options.actor, "post:beach-observation:any");
  await requireBeach(options.beachSlug);
  await consumeRateLimit({ key: `beach-observation:${options.actor.id}`, points: 6, durationSeconds: 60 * 60 });
  return insertObservation({ ...options, actor: options.actor }, executor);
}

/** A removal is audit-logged when the remover is not the author (an admin). */
function removalAudit(
  action: string,
  targetType: string,
  details: (post: { note: string }) => Record<string, unknown>,
) {
  return (post: { id: number; authorId: string; beachSlug: string; note: string }, options: { actor: Actor | null }) =>
    post.authorId === options.actor?.id
      ? null
      : {
          action,
          targetType,
          targetId: String(post.id),
          details: { beach: post.beachSlug, authorId: post.authorId, ...details(post) },
        };
}

/** deleteConditionReport's transaction: the report found, allowed and deleted; its photo file named for removal. */
const removeConditionReport = defineWrite(
  { contentKinds: ["beach"], audit: removalAudit("beach.report.delete", "beach_report", () => ({})) },
  async (options: { actor: Actor | null; id: number }, tx: Executor) => {
    assertSignedIn(options.actor);
    const [report] = await tx
      .select({ ...postColumns(beachReports), photoKey: beachReports.photoKey })
      .from(beachReports)
      .where(eq(beachReports.id, options.id));
    if (!report) throw new AppError("not_found", "beach:errors.reportNotFound");
    assertCan(options.actor, "delete:beach-report:own", { ownerId: report.authorId });
    await tx.delete(beachReports).where(eq(beachReports.id, report.id));
    return report;
  },
);

/**
 * The author may remove their own; an admin may remove anyone's, and that is audit-logged. The
 * photo file is removed only once the row's deletion is committed: here when this owns the
 * transaction, else by the caller running the returned `removePhoto` after its commit.
 */
export async function deleteConditionReport(
  options: { actor: Actor | null; id: number },
  executor?: Executor,
): Promise<{ removePhoto: () => Promise<void> }> {
  const { photoKey } = await removeConditionReport(options, executor);
  const removePhoto = async () => {
    if (photoKey)
      await deleteStoredFile(photoKey).catch((error) => logger.warn({ err: error }, "could not remove a report photo"));
  };
  if (executor) return { removePhoto };
  await removePhoto();
  return { removePhoto: async () => {} };
}

/** The author may remove their own "I'm here"; an admin may remove anyone's, and that is audit-logged. */
export const deleteObservation = defineWrite(
  {
    contentKinds: ["beach"],
    audit: removalAudit("beach.observation.delete", "beach_observation", (observation) => ({ note: observation.note })),
  },
  async (options: { actor: Actor | null; id: number }, tx: Executor) => {
    assertSignedIn(options.actor);
    const [observation] = await tx
      .select(postColumns(beachObservations))
      .from(beachObservations)
      .where(eq(beachObservations.id, options.id));
    if (!observation) throw new AppError("not_found", "beach:errors.observationNotFound");
    assertCan(options.actor, "delete:beach-observation:own", { ownerId: observation.authorId });
    await tx.delete(beachObservations).where(eq(beachObservations.id, observation.id));
    return observation;
  },
);

// ---------------------------------------------------------------------------------------------
// Trusted reporters (admin only)

export interface TrustedReporter {
  userId: string;
  name: string;
  email: string;
  grantedAt: Date;
  grantedBy: string | null;
}

/** Trusted reporters for every beach (the grants the admin page gives and takes). */
export async function listTrustedReporters(options: { actor: Actor | null }): Promise<TrustedReporter[]> {
  assertCan(options.actor, "manage:user:any");
  const holders = await listGrantHolders({ actor: options.actor, permission: reportPermission, scope: null });
  return holders.map((holder) => ({
    userId: holder.userId,
    name: holder.name,
    email: holder.email,
    grantedAt: holder.grantedAt,
    grantedBy: holder.grantedBy,
  }));
}

export async function grantTrustedReporter(options: {
  actor: Actor | null;
  email: string;
}): Promise<{ userId: string }> {
  assertCan(options.actor, "manage:user:any");
  const email = options.email.trim().toLowerCase();
  const userId = await findUserIdByEmail(email);
  if (!userId) throw new AppError("not_found", "beach:admin.errors.noSuchUser", { email });
  const granted = await grantPermission({
    actor: options.actor,
    userId,
    permission: reportPermission,
    scope: null,
    audit: { action: "beach.reporter.grant", details: { email } },
  });
  if (!granted) throw new AppError("conflict", "beach:admin.errors.alreadyTrusted", { email });
  return { userId };
}

export async function revokeTrustedReporter(options: { actor: Actor | null; userId: string }) {
  assertCan(options.actor, "manage:user:any");
  const revoked = await revokePermission({
    actor: options.actor,
    userId: options.userId,
    permission: reportPermission,
    scope: null,
    audit: { action: "beach.reporter.revoke" },
  });
  if (!revoked) throw new AppError("not_found", "beach:admin.errors.notTrusted");
}
