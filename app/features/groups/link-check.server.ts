import { and, asc, eq, lte } from "drizzle-orm";
import { getDb } from "#app/lib/db.server";
import { logger } from "#app/lib/logger.server";
import { repeatingJob } from "#app/lib/repeating-job.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import type { LinkCheckResult } from "./constants";
import { indexGroup } from "./indexing.server";
import {
  type FetchAnswer,
  judgeAnswer,
  linkCheckTimeoutMs,
  linkClaimLeaseMs,
  linkMaxRedirects,
  nextLinkState,
} from "./link-rules";
import { communityGroups } from "./schema";

// The background job that re-checks published groups' invite links (rules: link-rules.ts). It runs
// in every instance like the email outbox: due rows are claimed with FOR UPDATE SKIP LOCKED in a
// short transaction that pushes their due time out by a lease, the links are fetched with no
// transaction open, and each result is written in its own. Two runs at once (two instances, or a
// timer and a test) never check a group twice: the second skips the locked rows or finds them
// no longer due.

/** Asks one URL once, without following redirects. Injected so tests never touch the network. */
export type LinkFetcher = (url: string, init: { method: "HEAD" | "GET"; signal: AbortSignal }) => Promise<FetchAnswer>;

export const httpLinkFetcher: LinkFetcher = async (url, init) => {
  const response = await fetch(url, {
    method: init.method,
    redirect: "manual",
    signal: init.signal,
    headers: { "user-agent": "PlayaHub-LinkCheck/1.0 (+group invite link check)" },
  });
  // Only the status and where it points matter; never read a body.
  await response.body?.cancel().catch(() => undefined);
  return { status: response.status, location: response.headers.get("location") };
};

async function ask(fetcher: LinkFetcher, url: string, timeoutMs: number): Promise<FetchAnswer> {
  const first = await fetcher(url, { method: "HEAD", signal: AbortSignal.timeout(timeoutMs) });
  if (first.status !== 405 && first.status !== 501) return first;
  return fetcher(url, { method: "GET", signal: AbortSignal.timeout(timeoutMs) });
}

/** Checks one invite link: live, dead, redirected (off the invite links), timeout or error. */
export async function checkInviteLink(
  url: string,
  options: { fetcher?: LinkFetcher; timeoutMs?: number } = {},
): Promise<LinkCheckResult> {
  const fetcher = options.fetcher ?? httpLinkFetcher;
  const timeoutMs = options.timeoutMs ?? linkCheckTimeoutMs;
  let current = url;
  try {
    for (let hop = 0; hop <= linkMaxRedirects; hop += 1) {
      const verdict = judgeAnswer(await ask(fetcher, current, timeoutMs), current);
      if ("result" in verdict) return verdict.result;
      current = verdict.next;
    }
    return "error";
  } catch (error) {
    const name = (error as Error)?.name;
    return name === "TimeoutError" || name === "AbortError" ? "timeout" : "error";
  }
}

/** Claims up to `limit` due published groups for this run (see the lease above). */
async function claimDueGroups(now: Date, limit: number) {
  return getDb().transaction(async (tx) => {
    const due = await tx
      .select({ id: communityGroups.id, inviteUrl: communityGroups.inviteUrl, failures: communityGroups.linkFailures })
      .from(communityGroups)
      .where(
        and(
          eq(communityGroups.status, "published"),
          eq(communityGroups.isDemo, false),
          lte(communityGroups.linkNextCheckAt, now),
        ),
      )
      .orderBy(asc(communityGroups.linkNextCheckAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    for (const group of due) {
      await tx
        .update(communityGroups)
        .set({ linkNextCheckAt: new Date(now.getTime() + linkClaimLeaseMs) })
        .where(eq(communityGroups.id, group.id));
    }
    return due;
  });
}

async function recordResult(
  group: { id: string; failures: number },
  result: LinkCheckResult,
  now: Date,
): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({ status: communityGroups.status, failures: communityGroups.linkFailures })
      .from(communityGroups)
      .where(eq(communityGroups.id, group.id))
      .for("update");
    // An admin took it down (or it was flagged) while we checked: leave it as they decided.
    if (current?.status !== "published") return false;
    const state = nextLinkState(result, current.failures, now);
    await tx
      .update(communityGroups)
      .set({
        linkCheckedAt: now,
        linkCheckResult: result,
        linkFailures: state.failures,
        linkNextCheckAt: state.nextCheckAt,
        ...(state.dead ? { status: "pending", statusReason: "dead-link", linkDeadAt: now } : {}),
      })
      .where(eq(communityGroups.id, group.id));
    if (state.dead) {
      await indexGroup(group.id, tx);
      await bumpContentVersion(tx, "groups");
    }
    return state.dead;
  });
}

/** One run: checks every due group (up to `limit`); returns what it did, for tests and the log. */
export async function runGroupLinkChecks(
  options: { fetcher?: LinkFetcher; now?: Date; limit?: number; timeoutMs?: number } = {},
): Promise<{ checked: { id: string; result: LinkCheckResult }[]; flagged: string[] }> {
  const now = options.now ?? new Date();
  const claimed = await claimDueGroups(now, options.limit ?? 20);
  const checked: { id: string; result: LinkCheckResult }[] = [];
  const flagged: string[] = [];
  for (const group of claimed) {
    const result = await checkInviteLink(group.inviteUrl, { fetcher: options.fetcher, timeoutMs: options.timeoutMs });
    checked.push({ id: group.id, result });
    if (await recordResult(group, result, options.now ?? new Date())) flagged.push(group.id);
  }
  if (flagged.length) logger.info({ flagged }, "group invite links flagged dead for review");
  return { checked, flagged };
}

/** Runs the checks every 15 minutes while the server runs (every instance; they share the rows). */
export const groupLinkCheckJob = repeatingJob({
  run: () => runGroupLinkChecks(),
  intervalMs: 15 * 60_000,
  failure: "group link check failed",
});
