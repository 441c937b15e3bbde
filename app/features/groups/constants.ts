// Local groups: vocabularies and the invite-link rule, shared by the server, the forms and the
// components (no server imports).

/** The messaging apps a group can live on. */
export const groupPlatforms = ["whatsapp", "telegram", "facebook", "signal"] as const;
export type GroupPlatform = (typeof groupPlatforms)[number];

/** A fixed list, so the filter stays short and every topic has a translated name. */
export const groupTopics = [
  "general",
  "buy-sell",
  "housing",
  "surf",
  "families",
  "pets",
  "sports",
  "volunteering",
  "events",
  "business",
] as const;
export type GroupTopic = (typeof groupTopics)[number];

/** The language a group talks in. */
export const groupLanguages = ["en", "es", "both"] as const;
export type GroupLanguage = (typeof groupLanguages)[number];

/** The moderation contract's statuses: only 'published' groups are public. */
export const groupStatuses = ["published", "pending", "hidden", "deleted"] as const;
export type GroupStatus = (typeof groupStatuses)[number];

/** What the last link check found. */
export const linkCheckResults = ["live", "dead", "redirected", "timeout", "error"] as const;
export type LinkCheckResult = (typeof linkCheckResults)[number];

export const groupNameMax = 80;
export const groupDescriptionMax = 600;
export const groupLinkMax = 300;
export const proofNoteMax = 500;
export const memberCountMax = 1_000_000;

/**
 * Which hosts each platform's invite links live on, and which paths are invites there. Only these
 * are accepted (https, no port, no credentials): a group link can never point a visitor anywhere
 * else, and the link checker only follows redirects that stay among them.
 */
const invitePatterns: { platform: GroupPlatform; hosts: readonly string[]; path: RegExp }[] = [
  { platform: "whatsapp", hosts: ["chat.whatsapp.com"], path: /^\/(invite\/)?[A-Za-z0-9_-]{6,64}\/?$/ },
  { platform: "telegram", hosts: ["t.me", "telegram.me"], path: /^\/(\+|joinchat\/)?[A-Za-z0-9_-]{4,64}\/?$/ },
  {
    platform: "facebook",
    hosts: ["facebook.com", "www.facebook.com", "m.facebook.com"],
    path: /^\/groups\/[A-Za-z0-9._-]{2,100}\/?$/,
  },
  { platform: "signal", hosts: ["signal.group"], path: /^\/$/ },
];

export interface InviteLink {
  platform: GroupPlatform;
  /** The link as stored: the parsed URL re-serialised (lower-case host, no default port). */
  url: string;
}

/** Parses an invite link; null unless it is an https invite on a known host. */
export function parseInviteLink(value: string): InviteLink | null {
  const text = value.trim();
  if (!/^https:\/\//i.test(text) || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const match = invitePatterns.find((pattern) => pattern.hosts.includes(host) && pattern.path.test(url.pathname));
  if (!match) return null;
  // A Signal group link carries the group in the fragment (signal.group/#…); nothing else may.
  if (match.platform === "signal") {
    if (!/^#[A-Za-z0-9_\-+/=%.~]{8,400}$/.test(url.hash) || url.search) return null;
  } else if (url.hash) {
    return null;
  }
  return { platform: match.platform, url: url.toString() };
}

/** Whether a URL (a redirect target, say) is on one of the known invite hosts. */
export function isKnownInviteHost(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol !== "https:") return false;
    const host = url.hostname.toLowerCase();
    return invitePatterns.some((pattern) => pattern.hosts.includes(host));
  } catch {
    return false;
  }
}

export function isGroupTopic(value: unknown): value is GroupTopic {
  return typeof value === "string" && (groupTopics as readonly string[]).includes(value);
}

export function isGroupLanguage(value: unknown): value is GroupLanguage {
  return typeof value === "string" && (groupLanguages as readonly string[]).includes(value);
}
