// The guide pages this domain serves, shared by routes, the admin editor and the seed. Free of
// server code so components may import it.

export const guideSlugs = [
  "pura-vida",
  "guide",
  "emergency",
  "government",
  "transportation",
  "healthcare",
  "about",
  "guidelines",
  "privacy",
  "contact",
] as const;

export type GuideSlug = (typeof guideSlugs)[number];

export function isGuideSlug(value: unknown): value is GuideSlug {
  return typeof value === "string" && (guideSlugs as readonly string[]).includes(value);
}

/** The English path of a guide page. */
export function guidePath(slug: GuideSlug): string {
  return `/${slug}`;
}

/** Pages the service worker keeps for offline use (both languages), see public/sw.js. */
export const offlineGuideSlugs: GuideSlug[] = ["emergency", "healthcare", "transportation", "guide"];

/** Lists of contacts shown on the public-information pages; labels in guides:contactGroups.*. */
export const contactGroups = ["emergency", "police", "health", "government", "transport"] as const;
export type ContactGroup = (typeof contactGroups)[number];

/** tel: link for a Costa Rican number: short codes as dialled, 8-digit numbers with +506 so they work from foreign SIMs too. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return `tel:${digits}`;
  if (/^\d{8}$/.test(digits)) return `tel:+506${digits}`;
  return `tel:${digits}`;
}

/** The URL when it is a web (http/https) address; links with any other scheme are refused. */
export function parseWebUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}
