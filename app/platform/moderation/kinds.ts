// What can be reported and moderated, and why (the moderation contract, docs/moderation.md).
// Pure: components import it for the report form's reasons and the queue's labels.

/**
 * Every kind of item people can report, as this interface's keys. It is empty here: each area that
 * submits items to moderation adds its names beside its manifest's `moderatedKinds`, so moderation
 * names no area and a kind nobody declared fails to compile:
 *
 *   declare module "../../platform/moderation/kinds" {
 *     interface ModeratedKindRegistry extends DeclaredNames<typeof moderatedKinds> {}
 *   }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the areas' module augmentations
export interface ModeratedKindRegistry {}

export type ModeratedKind = keyof ModeratedKindRegistry & string;

let registered: { list: readonly [ModeratedKind, ...ModeratedKind[]]; known: ReadonlySet<string> } | null = null;

/**
 * Hands the areas' declarations down (app/manifests.ts, as it loads, in the server and the
 * browser). A kind declared twice would give one item two owners: it throws, and whatever was
 * registered before stays.
 */
export function registerModeratedKinds(declarations: readonly (readonly string[])[]) {
  const known = new Set<string>();
  for (const kind of declarations.flat()) {
    if (known.has(kind)) throw new Error(`the moderated kind ${kind} is declared twice`);
    known.add(kind);
  }
  const [first, ...rest] = [...known] as ModeratedKind[];
  if (first === undefined) throw new Error("no area declares a moderated kind");
  registered = { list: [first, ...rest], known };
}

function table() {
  // Read empty, every report would be refused as "not found" without a word of why.
  if (!registered)
    throw new Error("moderated kinds read before the areas' manifests were loaded (import app/manifests)");
  return registered;
}

/** Every kind an area declared (the report form's and the decision form's accepted kinds). */
export function knownModeratedKinds(): readonly [ModeratedKind, ...ModeratedKind[]] {
  return table().list;
}

export const reportReasons = ["spam", "offensive", "harassment", "misleading", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];

export const moderationStatuses = ["published", "pending", "hidden", "deleted"] as const;
export type ModerationStatus = (typeof moderationStatuses)[number];

/** What an admin decides about a queued item. warn and suspend act on the author and hide nothing. */
export const moderationDecisions = ["approve", "hide", "delete", "warn", "suspend"] as const;
export type ModerationDecision = (typeof moderationDecisions)[number];

export const trustLevels = ["new", "member", "trusted"] as const;
export type TrustLevel = (typeof trustLevels)[number];

/** Suspension lengths an admin picks from, in days. */
export const suspensionDays = [1, 3, 7, 30, 365] as const;

export function isModeratedKind(value: unknown): value is ModeratedKind {
  return typeof value === "string" && table().known.has(value);
}

export function isReportReason(value: unknown): value is ReportReason {
  return typeof value === "string" && (reportReasons as readonly string[]).includes(value);
}

/**
 * The numbers behind trust levels, the hiding threshold and new-account limits, in one place
 * (docs/moderation.md repeats them for people).
 */
export const moderationLimits = {
  /** Distinct non-new reporters with open reports that hide an item pending review. */
  hideThreshold: 3,
  /** An account is "new" while younger than this... */
  newAccountDays: 3,
  /** ...or while it has fewer published items than this. */
  newAccountPublished: 3,
  /** A new account's first items wait in the queue. */
  newAccountQueuedPosts: 2,
  /** New accounts: at most this many items in any hour... */
  newAccountPostsPerHour: 3,
  /** ...with at most this many links... */
  newAccountLinksPerPost: 2,
  /** ...and this many @mentions in one item. */
  newAccountMentionsPerPost: 3,
  /** Trusted: an account at least this old... */
  trustedAccountDays: 30,
  /** ...with at least this many published items... */
  trustedPublished: 10,
  /** ...and no upheld report (an item hidden or deleted, a warning, a suspension) in this many days. */
  trustedCleanDays: 90,
} as const;

export const HIDE_THRESHOLD = moderationLimits.hideThreshold;
