import { createHash } from "node:crypto";

// Pure helpers for ads' text: what counts as "the same ad" and the URL name.

/**
 * The ad's text reduced to what a reposter cannot change by accident: lower case, accents
 * folded, punctuation and repeated spaces gone. Two ads whose title and description normalise the
 * same are the same ad.
 */
export function normalizeAdText(title: string, description: string): string {
  return `${title}\n${description}`
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export function adTextHash(title: string, description: string): string {
  return createHash("sha256").update(normalizeAdText(title, description)).digest("hex");
}

export function photoHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** "Surfboard 7'2 — like new!" → "surfboard-7-2-like-new" (at most 60 characters). */
export function slugifyTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || "ad";
}
