import { isKnownInviteHost, type LinkCheckResult, parseInviteLink } from "./constants";

// The link checker's rules (docs/decisions/008-group-link-checks.md), pure so they are unit-tested
// without a database:
// - A published group's invite link is re-checked every 7 days (demo groups are never checked:
//   their links are made up on purpose).
// - A check asks HEAD (GET when HEAD is refused with 405/501), 8 s timeout per request, and
//   follows at most 5 redirects, only while they stay on invite links of the known hosts.
// - live: a 2xx answer. dead: 404 or 410. redirected: a redirect to anything that is not an
//   invite link of a known host (a home page, a login page, another site). timeout: no answer in
//   time. error: anything else (5xx, 429, a network error, too many redirects).
// - One failed check schedules a retry in an hour; two failed checks in a row flag the link: the
//   group goes back to 'pending' with the reason 'dead-link', leaving the public list for the
//   moderation queue. A live check resets the count.

export const linkCheckIntervalMs = 7 * 24 * 60 * 60 * 1000;
export const linkRetryDelayMs = 60 * 60 * 1000;
/** A claimed check not finished in this time (a crashed instance) may be claimed again. */
export const linkClaimLeaseMs = 10 * 60 * 1000;
export const linkCheckTimeoutMs = 8000;
export const linkMaxRedirects = 5;
export const failuresBeforeDead = 2;

/** What one HTTP exchange answered (redirects are not followed by the fetcher). */
export interface FetchAnswer {
  status: number;
  location: string | null;
}

/** The step after one answer: done with a result, or follow a redirect to `next`. */
export function judgeAnswer(answer: FetchAnswer, url: string): { result: LinkCheckResult } | { next: string } {
  if (answer.status >= 200 && answer.status < 300) return { result: "live" };
  if (answer.status === 404 || answer.status === 410) return { result: "dead" };
  if (answer.status >= 300 && answer.status < 400) {
    if (!answer.location) return { result: "error" };
    let target: string;
    try {
      target = new URL(answer.location, url).toString();
    } catch {
      return { result: "redirected" };
    }
    if (!isKnownInviteHost(target) || !parseInviteLink(target)) return { result: "redirected" };
    return { next: target };
  }
  return { result: "error" };
}

/** Whether a group whose check ended so, after `previousFailures` failures in a row, is flagged dead. */
export function nextLinkState(result: LinkCheckResult, previousFailures: number, now: Date) {
  if (result === "live") {
    return { failures: 0, dead: false, nextCheckAt: new Date(now.getTime() + linkCheckIntervalMs) };
  }
  const failures = previousFailures + 1;
  const dead = failures >= failuresBeforeDead;
  return {
    failures,
    dead,
    nextCheckAt: new Date(now.getTime() + (dead ? linkCheckIntervalMs : linkRetryDelayMs)),
  };
}
