// Business URL slugs: /business/{slug}. Owners may choose their own; we make one from the name
// otherwise. Pure, so the form can suggest one as the owner types.

export const slugMinLength = 3;
export const slugMaxLength = 60;

/** Words that would read as site sections rather than businesses. */
const reservedSlugs = new Set(["new", "edit", "claim", "admin", "dashboard", "api", "es", "en", "directory", "search"]);

/** "Café del Mar & Grill" → "cafe-del-mar-grill"; accents folded, ñ becomes n. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, slugMaxLength)
    .replace(/-+$/g, "");
}

export type SlugProblem = "tooShort" | "tooLong" | "format" | "reserved";

/** Why a slug cannot be used, or null when it can (uniqueness is checked against the database). */
export function slugProblem(slug: string): SlugProblem | null {
  if (slug.length < slugMinLength) return "tooShort";
  if (slug.length > slugMaxLength) return "tooLong";
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) return "format";
  if (reservedSlugs.has(slug)) return "reserved";
  return null;
}

/** The slug to try after `base` is taken: base-2, base-3… kept within the length limit. */
export function slugCandidate(base: string, attempt: number): string {
  if (attempt <= 1) return base;
  const suffix = `-${attempt}`;
  return base.slice(0, slugMaxLength - suffix.length).replace(/-+$/g, "") + suffix;
}
