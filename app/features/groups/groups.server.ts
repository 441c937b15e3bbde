import { and, asc, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb, inTransaction } from "#app/lib/db.server";
import { AppError, isAppError } from "#app/lib/errors";
import { siteTimeZone } from "#app/lib/format";
import type { Language } from "#app/lib/i18n";
import { contentMemo } from "#app/lib/minute-memo.server";
import { zonedParts } from "#app/lib/zoned-time";
import { checkPublish } from "#app/platform/moderation/moderation.server";
import { userSummaries } from "#app/platform/people/people.server";
import { areaExists, areaNamesBySlug } from "#app/platform/site/site-config.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import {
  type GroupLanguage,
  type GroupPlatform,
  type GroupTopic,
  type LinkCheckResult,
  parseInviteLink,
} from "./constants";
import type { GroupFilters, SuggestGroupInput } from "./forms";
import { communityGroups } from "./schema";

// Local groups: anyone signed in suggests one (it waits for an admin as 'pending'); an admin
// approves it through the moderation queue (group-moderation.server.ts), may mark it verified with
// a recorded proof, and keeps its member count dated. Only 'published' groups are public.

/** The calendar day in the site's time zone, as YYYY-MM-DD. */
export function siteToday(now = new Date()): string {
  const p = zonedParts(now, siteTimeZone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

export interface GroupCardData {
  id: string;
  platform: GroupPlatform;
  inviteUrl: string;
  name: string;
  description: string;
  /** Set when the description shown is the other language's (the page's is empty). */
  descriptionLanguage: Language | null;
  topic: GroupTopic;
  area: { slug: string; name: string };
  language: GroupLanguage;
  memberCount: number | null;
  memberCountOn: string | null;
  verifiedOn: string | null;
  isDemo: boolean;
}

const cardColumns = {
  id: communityGroups.id,
  platform: communityGroups.platform,
  inviteUrl: communityGroups.inviteUrl,
  name: communityGroups.name,
  descriptionEn: communityGroups.descriptionEn,
  descriptionEs: communityGroups.descriptionEs,
  topic: communityGroups.topic,
  areaSlug: communityGroups.areaSlug,
  language: communityGroups.language,
  memberCount: communityGroups.memberCount,
  memberCountOn: communityGroups.memberCountOn,
  verifiedAt: communityGroups.verifiedAt,
  isDemo: communityGroups.isDemo,
};

type CardRow = { [K in keyof typeof cardColumns]: (typeof cardColumns)[K]["_"]["data"] | null };

function toCard(row: CardRow, language: Language, areaNames: Map<string, { en: string; es: string }>): GroupCardData {
  const own = language === "es" ? row.descriptionEs : row.descriptionEn;
  const other = language === "es" ? row.descriptionEn : row.descriptionEs;
  const otherLanguage: Language = language === "es" ? "en" : "es";
  const areaSlug = row.areaSlug ?? "";
  return {
    id: row.id as string,
    platform: row.platform as GroupPlatform,
    inviteUrl: row.inviteUrl as string,
    name: row.name as string,
    description: own || other || "",
    descriptionLanguage: !own && other ? otherLanguage : null,
    topic: row.topic as GroupTopic,
    area: { slug: areaSlug, name: areaNames.get(areaSlug)?.[language] ?? areaSlug },
    language: row.language as GroupLanguage,
    memberCount: row.memberCount as number | null,
    memberCountOn: row.memberCountOn as string | null,
    verifiedOn: row.verifiedAt ? siteToday(row.verifiedAt as Date) : null,
    isDemo: Boolean(row.isDemo),
  };
}

/** Public: the published groups matching the filters; verified first, then by size and name. */
export async function listPublishedGroups(options: { filters: GroupFilters; language: Language; limit?: number }) {
  const conditions: SQL[] = [eq(communityGroups.status, "published")];
  if (options.filters.topic) conditions.push(eq(communityGroups.topic, options.filters.topic));
  if (options.filters.area) conditions.push(eq(communityGroups.areaSlug, options.filters.area));
  // A group in both languages suits a reader of either.
  if (options.filters.language && options.filters.language !== "both") {
    conditions.push(inArray(communityGroups.language, [options.filters.language, "both"]));
  } else if (options.filters.language === "both") {
    conditions.push(eq(communityGroups.language, "both"));
  }
  const db = getDb();
  const [rows, areaNames] = await Promise.all([
    db
      .select(cardColumns)
      .from(communityGroups)
      .where(and(...conditions))
      // Verified groups first, then the biggest; groups without a mark or a count after the rest.
      .orderBy(
        sql`${communityGroups.verifiedAt} is null`,
        sql`${communityGroups.memberCount} desc nulls last`,
        asc(communityGroups.name),
        asc(communityGroups.id),
      )
      .limit(Math.min(options.limit ?? 200, 200)),
    areaNamesBySlug(db),
  ]);
  return rows.map((row) => toCard(row, options.language, areaNames));
}

const fronts = contentMemo<GroupCardData[]>(["groups", "site"], 4);

/**
 * The first groups of the list, unfiltered (the community page's block), remembered for the minute
 * and the groups' and site's versions they were read at: the same for every visitor.
 */
export function frontGroups(options: { language: Language; limit: number }): Promise<GroupCardData[]> {
  return fronts(`${options.language}:${options.limit}`, new Date(), () =>
    listPublishedGroups({ filters: {}, ...options }),
  );
}

/** How many groups are public (the page's empty state tells "none yet" from "none match"). */
export async function countPublishedGroups(): Promise<number> {
  const rows = await getDb()
    .select({ id: communityGroups.id })
    .from(communityGroups)
    .where(eq(communityGroups.status, "published"))
    .limit(1);
  return rows.length;
}

/**
 * A signed-in user suggests a group: saved 'pending' until an admin approves it. `status` is what
 * the moderation check lets it start as; a suggested group always waits for an admin.
 */
export async function suggestGroup(options: { actor: Actor; input: SuggestGroupInput }, executor?: Executor) {
  assertCan(options.actor, "create:group:any");
  const link = parseInviteLink(options.input.inviteUrl);
  if (!link) throw new AppError("invalid", "groups:form.errors.linkHost", { field: "inviteUrl" });
  return inTransaction(executor, async (tx) => {
    // Suspended users are refused here, and new accounts' limits apply (the invite link itself is
    // not counted as a link: it is the point of a suggestion). A suggestion waits for an admin
    // whatever the check says.
    const { input } = options;
    await checkPublish(
      { actor: options.actor, kind: "group", body: `${input.name}\n${input.descriptionEn}\n${input.descriptionEs}` },
      tx,
    ).catch((error: unknown) => {
      if (isAppError(error) && error.details?.field === "body") {
        throw new AppError(error.code, error.messageKey, { ...error.details, field: "descriptionEn" });
      }
      throw error;
    });
    if (!(await areaExists(options.input.area, tx))) {
      throw new AppError("invalid", "groups:form.errors.area", { field: "area" });
    }
    const [taken] = await tx
      .select({ id: communityGroups.id })
      .from(communityGroups)
      .where(eq(communityGroups.inviteUrl, link.url));
    if (taken) throw new AppError("conflict", "groups:form.errors.linkTaken", { field: "inviteUrl" });
    const [row] = await tx
      .insert(communityGroups)
      .values({
        platform: link.platform,
        inviteUrl: link.url,
        name: options.input.name,
        descriptionEn: options.input.descriptionEn,
        descriptionEs: options.input.descriptionEs,
        topic: options.input.topic,
        areaSlug: options.input.area,
        language: options.input.language,
        memberCount: options.input.memberCount ?? null,
        memberCountOn: options.input.memberCount ? siteToday() : null,
        status: "pending",
        statusReason: "suggested",
        suggestedBy: options.actor.id,
      })
      .onConflictDoNothing({ target: communityGroups.inviteUrl })
      .returning({ id: communityGroups.id });
    if (!row) throw new AppError("conflict", "groups:form.errors.linkTaken", { field: "inviteUrl" });
    return { id: row.id };
  });
}

/** The actor's own suggestions that are not public, with why they wait (their page's marker). */
export async function listMyPendingGroups(options: { actor: Actor }) {
  const rows = await getDb()
    .select({
      id: communityGroups.id,
      name: communityGroups.name,
      platform: communityGroups.platform,
      status: communityGroups.status,
      statusReason: communityGroups.statusReason,
      createdAt: communityGroups.createdAt,
    })
    .from(communityGroups)
    .where(
      and(
        eq(communityGroups.suggestedBy, options.actor.id),
        ne(communityGroups.status, "published"),
        ne(communityGroups.status, "deleted"),
      ),
    )
    .orderBy(desc(communityGroups.createdAt))
    .limit(20);
  return rows.map((row) => ({
    ...row,
    platform: row.platform as GroupPlatform,
    createdAt: row.createdAt.toISOString(),
  }));
}

async function lockGroup(tx: Executor, id: string) {
  const [group] = await tx
    .select({ id: communityGroups.id, status: communityGroups.status, name: communityGroups.name })
    .from(communityGroups)
    .where(eq(communityGroups.id, id))
    .for("update");
  if (!group || group.status === "deleted") throw new AppError("not_found", "groups:errors.notFound");
  return group;
}

/**
 * An admin marks a group verified: someone showed they run it (the proof note says how, e.g.
 * "made me a co-admin of the chat on 12 Nov"). Recorded on the group and in the audit log.
 */
export const verifyGroup = defineWrite(
  {
    permission: "update:group:any",
    contentKinds: ["groups"],
    audit: (group, options) => ({
      action: "group.verify",
      targetType: "group",
      targetId: group.id,
      details: { name: group.name, proof: options.proofNote },
    }),
  },
  async (options: { actor: Actor; groupId: string; proofNote: string; now?: Date }, tx: Executor) => {
    const group = await lockGroup(tx, options.groupId);
    await tx
      .update(communityGroups)
      .set({
        verifiedAt: options.now ?? new Date(),
        verifiedBy: options.actor.id,
        verificationProof: options.proofNote,
      })
      .where(eq(communityGroups.id, group.id));
    return group;
  },
);

/** An admin removes the verified mark (the proof no longer holds); audit-logged. */
export const unverifyGroup = defineWrite(
  {
    permission: "update:group:any",
    contentKinds: ["groups"],
    audit: (group) => ({ action: "group.unverify", targetType: "group", targetId: group.id }),
  },
  async (options: { actor: Actor; groupId: string }, tx: Executor) => {
    const group = await lockGroup(tx, options.groupId);
    await tx
      .update(communityGroups)
      .set({ verifiedAt: null, verifiedBy: null, verificationProof: null })
      .where(eq(communityGroups.id, group.id));
    return group;
  },
);

/** An admin records a member count and the day it was counted (not in the future). */
export const updateMemberCount = defineWrite(
  {
    permission: "update:group:any",
    contentKinds: ["groups"],
    audit: (group, options) => ({
      action: "group.memberCount",
      targetType: "group",
      targetId: group.id,
      details: { memberCount: options.memberCount, countedOn: options.countedOn },
    }),
  },
  async (
    options: { actor: Actor; groupId: string; memberCount: number; countedOn: string; now?: Date },
    tx: Executor,
  ) => {
    if (options.countedOn > siteToday(options.now)) {
      throw new AppError("invalid", "groups:form.errors.countedOnFuture", { field: "countedOn" });
    }
    const group = await lockGroup(tx, options.groupId);
    await tx
      .update(communityGroups)
      .set({ memberCount: options.memberCount, memberCountOn: options.countedOn })
      .where(eq(communityGroups.id, group.id));
    return group;
  },
);

/** For admins on /groups: who verified each group, when, the proof on record, and the last link check. */
export async function listGroupAdminDetails(options: { actor: Actor; groupIds: string[] }) {
  assertCan(options.actor, "update:group:any");
  const details = new Map<
    string,
    {
      verification: { by: string | null; at: string; proof: string } | null;
      link: { checkedAt: string | null; result: LinkCheckResult | null };
    }
  >();
  if (!options.groupIds.length) return details;
  const rows = await getDb()
    .select({
      id: communityGroups.id,
      verifiedAt: communityGroups.verifiedAt,
      verifiedBy: communityGroups.verifiedBy,
      proof: communityGroups.verificationProof,
      linkCheckedAt: communityGroups.linkCheckedAt,
      linkCheckResult: communityGroups.linkCheckResult,
    })
    .from(communityGroups)
    .where(inArray(communityGroups.id, options.groupIds));
  const people = await userSummaries(rows.flatMap((row) => (row.verifiedBy ? [row.verifiedBy] : [])));
  for (const row of rows) {
    details.set(row.id, {
      verification: row.verifiedAt
        ? {
            by: row.verifiedBy ? (people.get(row.verifiedBy)?.name ?? null) : null,
            at: row.verifiedAt.toISOString(),
            proof: row.proof ?? "",
          }
        : null,
      link: {
        checkedAt: row.linkCheckedAt?.toISOString() ?? null,
        result: row.linkCheckResult as LinkCheckResult | null,
      },
    });
  }
  return details;
}

/** Which of these groups the actor suggested (their own get no Report control). */
export async function listOwnGroupIds(options: { actor: Actor; groupIds: string[] }): Promise<string[]> {
  if (!options.groupIds.length) return [];
  const rows = await getDb()
    .select({ id: communityGroups.id })
    .from(communityGroups)
    .where(and(eq(communityGroups.suggestedBy, options.actor.id), inArray(communityGroups.id, options.groupIds)));
  return rows.map((row) => row.id);
}
