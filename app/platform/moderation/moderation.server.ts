import { and, asc, count, desc, eq, gt, inArray, isNull, min, sql } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { assertCan, assertSignedIn } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { siteOrigin } from "#app/lib/env.server";
import { AppError } from "#app/lib/errors";
import { isLanguage, type Language, localizePath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { userSummaries } from "#app/platform/people/people.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import {
  HIDE_THRESHOLD,
  type ModeratedKind,
  type ModerationDecision,
  type ReportReason,
  reportReasons,
  suspensionDays,
} from "./kinds";
import { adapterFor, type ModeratedItem, registeredAdapters } from "./registry.server";
import { moderationNotices, moderationReports, userSuspensions } from "./schema";
import { checkEdit, checkPublish, trustLevelOf } from "./trust.server";

// Reports, the admin queue across kinds, decisions and the notices authors get
// (docs/moderation.md). Items stay in their own domain's tables: every read and status change goes
// through the kind's adapter (registry.server.ts).

export { checkEdit, checkPublish, trustLevelOf };

const noteMaxLength = 1000;
const reasonMaxLength = 1000;

function notFound(): never {
  throw new AppError("not_found", "moderation:errors.notFound");
}

/**
 * Any signed-in user, once per item. Hides the item (status 'pending') when HIDE_THRESHOLD
 * distinct non-new reporters have open reports on it.
 */
export const reportItem = defineWrite(
  // An item that reports take down is marked changed by its kind's adapter, which owns its pages.
  { permission: "report:content:any", contentKinds: [] },
  async (
    options: { kind: ModeratedKind; itemId: string; actor: Actor; reason: ReportReason; note?: string },
    tx: Executor,
  ): Promise<{ hidden: boolean }> => {
    if (!(reportReasons as readonly string[]).includes(options.reason)) {
      throw new AppError("invalid", "moderation:errors.reasonRequired", { field: "reason" });
    }
    const note = options.note?.trim().slice(0, noteMaxLength) || null;
    const adapter = adapterFor(options.kind);
    if (!adapter) notFound();
    const item = (await adapter.describe([options.itemId], tx)).get(options.itemId);
    if (!item || item.status === "deleted" || item.status === "hidden") notFound();
    if (item.authorId === options.actor.id) throw new AppError("forbidden", "moderation:errors.ownItem");
    const inserted = await tx
      .insert(moderationReports)
      .values({
        kind: options.kind,
        itemId: item.id,
        reporterId: options.actor.id,
        reason: options.reason,
        note,
      })
      .onConflictDoNothing()
      .returning({ id: moderationReports.id });
    if (!inserted.length) throw new AppError("conflict", "moderation:errors.alreadyReported");
    if (item.status !== "published") return { hidden: false };
    const reporters = await tx
      .selectDistinct({ reporterId: moderationReports.reporterId })
      .from(moderationReports)
      .where(
        and(
          eq(moderationReports.kind, options.kind),
          eq(moderationReports.itemId, item.id),
          isNull(moderationReports.resolvedAt),
        ),
      );
    let counted = 0;
    for (const { reporterId } of reporters) {
      // New accounts may report, but only established ones can take an item down together.
      if ((await trustLevelOf({ userId: reporterId }, tx)) !== "new") counted += 1;
      if (counted >= HIDE_THRESHOLD) break;
    }
    if (counted < HIDE_THRESHOLD) return { hidden: false };
    await adapter.setStatus(item.id, "pending", tx);
    return { hidden: true };
  },
);

/** Whether the actor has already reported this item (the report control shows "reported"). */
export async function hasReported(options: { kind: ModeratedKind; itemId: string; actor: Actor }) {
  const [row] = await getDb()
    .select({ id: moderationReports.id })
    .from(moderationReports)
    .where(
      and(
        eq(moderationReports.kind, options.kind),
        eq(moderationReports.itemId, options.itemId),
        eq(moderationReports.reporterId, options.actor.id),
      ),
    );
  return Boolean(row);
}

/** Closes an item's open reports with the decision that answered them. */
export async function resolveReports(
  options: { kind: ModeratedKind; itemId: string; resolution: ModerationDecision | "resolved" },
  executor: Executor,
) {
  await executor
    .update(moderationReports)
    .set({ resolvedAt: new Date(), resolution: options.resolution })
    .where(
      and(
        eq(moderationReports.kind, options.kind),
        eq(moderationReports.itemId, options.itemId),
        isNull(moderationReports.resolvedAt),
      ),
    );
}

export interface OpenReportGroup {
  itemId: string;
  count: number;
  firstReportedAt: Date;
  reports: { reason: ReportReason; note: string | null; createdAt: Date }[];
}

/** Items of one kind (or all kinds) with open reports, most reported first. */
export async function listOpenReports(
  options: { kind?: ModeratedKind; limit?: number; order?: "count" | "oldest" } = {},
  executor: Executor = getDb(),
): Promise<(OpenReportGroup & { kind: ModeratedKind })[]> {
  const open = isNull(moderationReports.resolvedAt);
  const where = options.kind ? and(open, eq(moderationReports.kind, options.kind)) : open;
  const groups = await executor
    .select({
      kind: moderationReports.kind,
      itemId: moderationReports.itemId,
      n: count(),
      first: min(moderationReports.createdAt),
    })
    .from(moderationReports)
    .where(where)
    .groupBy(moderationReports.kind, moderationReports.itemId)
    .orderBy(options.order === "oldest" ? asc(min(moderationReports.createdAt)) : desc(count()))
    .limit(options.limit ?? 100);
  if (!groups.length) return [];
  const reports = await executor
    .select({
      kind: moderationReports.kind,
      itemId: moderationReports.itemId,
      reason: moderationReports.reason,
      note: moderationReports.note,
      createdAt: moderationReports.createdAt,
    })
    .from(moderationReports)
    .where(
      and(
        open,
        inArray(
          moderationReports.itemId,
          groups.map((group) => group.itemId),
        ),
      ),
    )
    .orderBy(asc(moderationReports.createdAt));
  return groups.map((group) => ({
    kind: group.kind as ModeratedKind,
    itemId: group.itemId,
    count: Number(group.n),
    firstReportedAt: group.first ?? new Date(0),
    reports: reports
      .filter((report) => report.kind === group.kind && report.itemId === group.itemId)
      .map((report) => ({ reason: report.reason as ReportReason, note: report.note, createdAt: report.createdAt })),
  }));
}

/** How many items wait in the moderation queue (the admin overview's badge). */
export async function countOpenReportedItems(kind?: ModeratedKind) {
  const open = isNull(moderationReports.resolvedAt);
  const [row] = await getDb()
    .select({ n: sql<number>`count(distinct (${moderationReports.kind}, ${moderationReports.itemId}))::int` })
    .from(moderationReports)
    .where(kind ? and(open, eq(moderationReports.kind, kind)) : open);
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// The admin queue

export interface QueueEntry {
  kind: ModeratedKind;
  item: Omit<ModeratedItem, "createdAt"> & { createdAt: string };
  author: { id: string; name: string; email: string } | null;
  /** When it started waiting: its first open report, or when it was posted if it waits unreported. */
  waitingSince: string;
  reportCount: number;
  reports: { reason: ReportReason; note: string | null; createdAt: string }[];
}

const queueLimit = 100;

/**
 * One queue across kinds, oldest first: items with open reports, and items waiting as 'pending'
 * (a new account's first posts, items hidden by reports, suggestions). Kinds without an adapter
 * are skipped.
 */
export async function listModerationQueue(options: { actor: Actor }): Promise<QueueEntry[]> {
  assertCan(options.actor, "moderate:content:any");
  const db = getDb();
  const reported = await listOpenReports({ order: "oldest", limit: queueLimit }, db);
  const wanted = new Map<ModeratedKind, Set<string>>();
  for (const group of reported) {
    if (!adapterFor(group.kind)) continue;
    if (!wanted.has(group.kind)) wanted.set(group.kind, new Set());
    wanted.get(group.kind)?.add(group.itemId);
  }
  for (const adapter of registeredAdapters()) {
    const ids = await adapter.listPending({ limit: queueLimit }, db);
    if (!wanted.has(adapter.kind)) wanted.set(adapter.kind, new Set());
    for (const id of ids) wanted.get(adapter.kind)?.add(id);
  }
  const described = new Map<string, ModeratedItem>();
  for (const [kind, ids] of wanted) {
    const adapter = adapterFor(kind);
    if (!adapter || !ids.size) continue;
    for (const [id, item] of await adapter.describe([...ids], db)) described.set(`${kind}:${id}`, item);
  }
  const reportsByKey = new Map(reported.map((group) => [`${group.kind}:${group.itemId}`, group]));
  const authors = await userSummaries([...described.values()].flatMap((item) => item.authorId ?? []));
  const entries: QueueEntry[] = [];
  for (const [key, item] of described) {
    if (item.status === "deleted") continue;
    const kind = key.slice(0, key.indexOf(":")) as ModeratedKind;
    const group = reportsByKey.get(key);
    // An item with no open report is queued only while it waits for a decision.
    if (!group && item.status !== "pending") continue;
    const author = item.authorId ? authors.get(item.authorId) : undefined;
    entries.push({
      kind,
      item: { ...item, createdAt: item.createdAt.toISOString() },
      author: author ? { id: author.id, name: author.name, email: author.email } : null,
      waitingSince: (group?.firstReportedAt ?? item.createdAt).toISOString(),
      reportCount: group?.count ?? 0,
      reports: (group?.reports ?? []).map((report) => ({ ...report, createdAt: report.createdAt.toISOString() })),
    });
  }
  return entries.sort((a, b) => a.waitingSince.localeCompare(b.waitingSince)).slice(0, queueLimit);
}

// ---------------------------------------------------------------------------------------------
// Decisions

const statusAfter: Partial<Record<ModerationDecision, ModeratedItem["status"]>> = {
  approve: "published",
  hide: "hidden",
  delete: "deleted",
  // Warning or suspending the author upholds the reports: the item comes down too.
  warn: "hidden",
  suspend: "hidden",
};

/**
 * An admin's decision on a queued item: approve (publish it, dismissing its reports), hide,
 * delete, warn the author, or suspend the author for `days` days. In one transaction: the item's
 * status (through its adapter), its open reports resolved, an audit row, a notice for the author
 * and an email to them in their language.
 */
export async function decideItem(options: DecisionOptions, executor?: Executor) {
  const { status } = await decide(options, executor);
  return { status };
}

interface DecisionOptions {
  kind: ModeratedKind;
  itemId: string;
  actor: Actor;
  decision: ModerationDecision;
  /** Shown to the author; required for every decision but approve. */
  reason?: string;
  /** For suspend: how long, one of suspensionDays. */
  days?: number;
}

const decisionReason = (options: DecisionOptions) => options.reason?.trim().slice(0, reasonMaxLength) ?? "";

/** decideItem's transaction, answering what its audit line says. */
const decide = defineWrite(
  {
    permission: "moderate:content:any",
    // The item's kind marks its own pages changed through its adapter.
    contentKinds: [],
    audit: ({ item, until }, options) => ({
      action: `moderation.${options.decision}`,
      targetType: options.kind,
      targetId: item.id,
      details: {
        authorId: item.authorId,
        reason: decisionReason(options),
        ...(until ? { days: options.days, until: until.toISOString() } : {}),
      },
    }),
  },
  async (options: DecisionOptions, tx: Executor) => {
    const reason = decisionReason(options);
    if (options.decision !== "approve" && reason.length < 3) {
      throw new AppError("invalid", "moderation:errors.decisionReasonRequired", { field: "reason" });
    }
    if (options.decision === "suspend" && !(suspensionDays as readonly number[]).includes(options.days ?? -1)) {
      throw new AppError("invalid", "moderation:errors.daysRequired", { field: "days" });
    }
    const adapter = adapterFor(options.kind);
    if (!adapter) notFound();
    const item = (await adapter.describe([options.itemId], tx)).get(options.itemId);
    if (!item || item.status === "deleted") notFound();
    if ((options.decision === "warn" || options.decision === "suspend") && !item.authorId) {
      throw new AppError("invalid", "moderation:errors.noAuthor");
    }
    const next = statusAfter[options.decision];
    if (next && next !== item.status) await adapter.setStatus(item.id, next, tx);
    await resolveReports({ kind: options.kind, itemId: item.id, resolution: options.decision }, tx);
    let until: Date | null = null;
    if (options.decision === "suspend" && item.authorId) {
      until = new Date(Date.now() + (options.days ?? 0) * 24 * 60 * 60 * 1000);
      await tx.insert(userSuspensions).values({ userId: item.authorId, until, reason, createdBy: options.actor.id });
    }
    if (item.authorId) {
      await tx.insert(moderationNotices).values({
        userId: item.authorId,
        kind: options.kind,
        itemId: item.id,
        itemTitle: item.title.slice(0, 300),
        decision: options.decision,
        reason,
      });
      await emailAuthor(
        { kind: options.kind, authorId: item.authorId, item, decision: options.decision, reason, until },
        tx,
      );
    }
    return { status: next ?? item.status, item, until };
  },
);

/**
 * Ends a person's suspension now (an admin's second thought, or an appeal that was upheld): every
 * suspension in force ends, the person is told by email in their language, and it is audited.
 */
export const liftSuspension = defineWrite(
  {
    permission: "moderate:content:any",
    contentKinds: [],
    audit: (lifted, options) => ({
      action: "moderation.unsuspend",
      targetType: "user",
      targetId: options.userId,
      details: { reasons: lifted.map((row) => row.reason) },
    }),
  },
  async (options: { actor: Actor; userId: string }, tx: Executor) => {
    const now = new Date();
    const lifted = await tx
      .update(userSuspensions)
      .set({ until: now })
      .where(and(eq(userSuspensions.userId, options.userId), gt(userSuspensions.until, now)))
      .returning({ id: userSuspensions.id, reason: userSuspensions.reason });
    if (lifted.length === 0) throw new AppError("conflict", "moderation:errors.notSuspended");
    const person = (await userSummaries([options.userId], tx)).get(options.userId);
    if (person?.email) {
      const language: Language = isLanguage(person.preferredLanguage) ? person.preferredLanguage : "en";
      const t = await getTranslator(language);
      await sendEmail(
        {
          to: person.email,
          subject: t("moderation:email.unsuspend.subject"),
          text: [
            t("moderation:email.greeting", { name: person.firstName?.trim() || person.name }),
            "",
            t("moderation:email.unsuspend.text"),
            "",
            `${siteOrigin()}${localizePath("/dashboard", language)}`,
          ].join("\n"),
        },
        tx,
      );
    }
    return lifted;
  },
);

/** The author's copy of the notice, by email in their language (through the outbox). */
async function emailAuthor(
  options: {
    kind: ModeratedKind;
    authorId: string;
    item: ModeratedItem;
    decision: ModerationDecision;
    reason: string;
    until: Date | null;
  },
  tx: Executor,
) {
  const author = (await userSummaries([options.authorId], tx)).get(options.authorId);
  if (!author?.email) return;
  const language: Language = isLanguage(author.preferredLanguage) ? author.preferredLanguage : "en";
  const t = await getTranslator(language);
  const values = {
    title: options.item.title,
    kind: t(`moderation:kindNouns.${options.kind}`),
    reason: options.reason,
    date: options.until?.toISOString().slice(0, 10) ?? "",
  };
  await sendEmail(
    {
      to: author.email,
      subject: t(`moderation:email.${options.decision}.subject`, values),
      text: [
        t("moderation:email.greeting", { name: author.firstName?.trim() || author.name }),
        "",
        t(`moderation:notice.${options.decision}`, values),
        ...(options.reason ? ["", t("moderation:email.reason", values)] : []),
        ...(options.until ? ["", t("moderation:email.until", values)] : []),
        "",
        `${siteOrigin()}${localizePath("/dashboard", language)}`,
      ].join("\n"),
    },
    tx,
  );
}

// ---------------------------------------------------------------------------------------------
// Notices, for the author's dashboard

export interface ModerationNotice {
  id: number;
  kind: ModeratedKind;
  itemTitle: string;
  decision: ModerationDecision;
  reason: string;
  createdAt: string;
}

/** The actor's unread notices, newest first. */
export async function listMyNotices(options: { actor: Actor }): Promise<ModerationNotice[]> {
  const rows = await getDb()
    .select({
      id: moderationNotices.id,
      kind: moderationNotices.kind,
      itemTitle: moderationNotices.itemTitle,
      decision: moderationNotices.decision,
      reason: moderationNotices.reason,
      createdAt: moderationNotices.createdAt,
    })
    .from(moderationNotices)
    .where(and(eq(moderationNotices.userId, options.actor.id), isNull(moderationNotices.readAt)))
    .orderBy(desc(moderationNotices.createdAt))
    .limit(20);
  return rows.map((row) => ({
    ...row,
    kind: row.kind as ModeratedKind,
    decision: row.decision as ModerationDecision,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Marks one of the actor's notices read ("Dismiss" on the dashboard). Only their own. */
export const dismissNotice = defineWrite(
  { contentKinds: [] },
  async (options: { actor: Actor; noticeId: number }, tx: Executor) => {
    // Allowed while suspended (assertSignedIn, not assertCan): the notice is how one learns why.
    assertSignedIn(options.actor);
    const updated = await tx
      .update(moderationNotices)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(moderationNotices.id, options.noticeId),
          eq(moderationNotices.userId, options.actor.id),
          isNull(moderationNotices.readAt),
        ),
      )
      .returning({ id: moderationNotices.id });
    if (!updated.length) notFound();
  },
);

/**
 * What the report page shows about an item before someone reports it: its title and excerpt, and
 * whether this person already reported it. Not found for a missing, hidden or deleted item, or a
 * kind without an adapter; forbidden for the author's own item.
 */
export async function getReportTarget(options: { kind: ModeratedKind; itemId: string; actor: Actor }) {
  assertSignedIn(options.actor);
  const adapter = adapterFor(options.kind);
  if (!adapter) notFound();
  const item = (await adapter.describe([options.itemId], getDb())).get(options.itemId);
  if (!item || item.status === "deleted" || item.status === "hidden") notFound();
  if (item.authorId === options.actor.id) throw new AppError("forbidden", "moderation:errors.ownItem");
  return {
    kind: options.kind,
    itemId: item.id,
    title: item.title,
    excerpt: item.excerpt,
    href: item.href,
    alreadyReported: await hasReported(options),
  };
}
