import { indexGuidePage } from "#app/features/guides/guides.server";
import { guidePages, guideSections, publicContacts } from "#app/features/guides/schema";
import type { Db } from "#app/lib/db.server";
import { about, contact, guidelines, privacy } from "./about-pages";
import { emergency } from "./emergency";
import { government } from "./government";
import { healthcare } from "./healthcare";
import { newcomerGuide } from "./newcomer-guide";
import { puraVida } from "./pura-vida";
import { transportation } from "./transportation";
import type { GuideSeed } from "./types";

// The site's own reference content, not demo data: it is written for the real Playa Flamingo area
// and is what a visitor in trouble reads, so it is seeded in every installation.
export const guideSeeds: GuideSeed[] = [
  puraVida,
  newcomerGuide,
  emergency,
  government,
  transportation,
  healthcare,
  about,
  guidelines,
  privacy,
  contact,
];

/**
 * Idempotent: a page that already exists is left exactly as it is (an admin may have edited,
 * removed or reordered its sections); only missing pages are created, with their sections and
 * contacts, and written into the search index.
 */
export async function seedGuides(db: Db) {
  for (const seed of guideSeeds) {
    await db.transaction(async (tx) => {
      const created = await tx
        .insert(guidePages)
        .values({
          slug: seed.slug,
          titleEn: seed.title.en,
          titleEs: seed.title.es,
          summaryEn: seed.summary.en,
          summaryEs: seed.summary.es,
          introEn: seed.intro.en,
          introEs: seed.intro.es,
          lastVerifiedOn: seed.lastVerifiedOn ?? null,
          sources: seed.sources ?? [],
        })
        .onConflictDoNothing()
        .returning({ slug: guidePages.slug });
      if (!created.length) return;
      if (seed.sections.length) {
        await tx.insert(guideSections).values(
          seed.sections.map((section, index) => ({
            pageSlug: seed.slug,
            anchor: section.anchor,
            position: (index + 1) * 10,
            titleEn: section.title.en,
            titleEs: section.title.es,
            bodyEn: section.body.en,
            bodyEs: section.body.es,
            lastVerifiedOn: section.lastVerifiedOn ?? null,
            sources: section.sources ?? [],
          })),
        );
      }
      if (seed.contacts?.length) {
        await tx
          .insert(publicContacts)
          .values(
            seed.contacts.map((contact, index) => ({
              id: contact.id,
              pageSlug: seed.slug,
              groupKey: contact.groupKey,
              position: (index + 1) * 10,
              nameEn: contact.name.en,
              nameEs: contact.name.es,
              descriptionEn: contact.description.en,
              descriptionEs: contact.description.es,
              phone: contact.phone ?? null,
              website: contact.website ?? null,
              placeEn: contact.place?.en ?? null,
              placeEs: contact.place?.es ?? null,
              businessSlug: contact.businessSlug ?? null,
              lastVerifiedOn: contact.lastVerifiedOn ?? null,
              sourceLabel: contact.source?.label ?? null,
              sourceUrl: contact.source?.url ?? null,
            })),
          )
          .onConflictDoNothing();
      }
      await indexGuidePage(seed.slug, tx);
    });
  }
}
