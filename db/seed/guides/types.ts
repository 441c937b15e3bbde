import type { GuideSlug } from "#app/features/guides/pages";
import type { GuideSource } from "#app/features/guides/schema";

export interface Bilingual {
  en: string;
  es: string;
}

export interface SectionSeed {
  anchor: string;
  title: Bilingual;
  /** Markdown; internal links are written as English paths and localized when rendered. */
  body: Bilingual;
  lastVerifiedOn?: string;
  sources?: GuideSource[];
}

export interface ContactSeed {
  id: string;
  groupKey: string;
  name: Bilingual;
  description: Bilingual;
  phone?: string;
  website?: string;
  place?: Bilingual;
  businessSlug?: string;
  lastVerifiedOn?: string;
  source?: GuideSource;
}

export interface GuideSeed {
  slug: GuideSlug;
  title: Bilingual;
  summary: Bilingual;
  intro: Bilingual;
  lastVerifiedOn?: string;
  sources?: GuideSource[];
  sections: SectionSeed[];
  contacts?: ContactSeed[];
}

/**
 * The day this content was last reviewed against the sources it names. Numbers, fees and
 * timetables change: an admin updates the date with each review (Admin → Content management).
 */
export const reviewedOn = "2026-11-21";
