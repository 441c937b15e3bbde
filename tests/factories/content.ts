// Guide pages and beach reports for tests. Guide pages have fixed slugs (the site's structure, in
// the baseline every test database starts from): the factory gives one known content, so a test
// reads what it wrote rather than the shipped text.

import { eq } from "drizzle-orm";
import { beachObservations, beachReports } from "#app/features/beach/schema";
import { indexGuidePage } from "#app/features/guides/guides.server";
import type { GuideSlug } from "#app/features/guides/pages";
import { guidePages, guideSections } from "#app/features/guides/schema";
import { getDb } from "#app/lib/db.server";
import { createTestUser } from "./accounts";
import { uniqueId } from "./unique";

/** Replaces a guide page's text and sections with fresh, unique ones and re-indexes it. */
export async function createGuidePage(options: { slug: GuideSlug; sections?: number; title?: string }) {
  const tag = uniqueId(options.slug);
  const title = options.title ?? `Guide ${tag}`;
  const sections = Array.from({ length: options.sections ?? 2 }, (_, n) => ({
    pageSlug: options.slug,
    anchor: `section-${n + 1}`,
    position: (n + 1) * 10,
    titleEn: `Section ${n + 1} ${tag}`,
    titleEs: `Sección ${n + 1} ${tag}`,
    bodyEn: `English body of section ${n + 1}.`,
    bodyEs: `Texto en español de la sección ${n + 1}.`,
  }));
  await getDb().transaction(async (tx) => {
    await tx
      .update(guidePages)
      .set({
        titleEn: title,
        titleEs: `${title} (es)`,
        summaryEn: `Summary of ${title}`,
        summaryEs: `Resumen de ${title}`,
        introEn: "",
        introEs: "",
        translationPending: null,
      })
      .where(eq(guidePages.slug, options.slug));
    await tx.delete(guideSections).where(eq(guideSections.pageSlug, options.slug));
    if (sections.length) await tx.insert(guideSections).values(sections);
    await indexGuidePage(options.slug, tx);
  });
  return { slug: options.slug, title, sections };
}

/** A condition report at a beach of the site configuration, by a fresh user unless `authorId`. */
export async function createBeachReport(options: {
  beachSlug?: string;
  authorId?: string;
  createdAt?: Date;
  note?: string;
  noteLanguage?: "en" | "es";
  surfSize?: string | null;
  flag?: string | null;
  waterTempC?: number | null;
}) {
  const authorId = options.authorId ?? (await createTestUser({ roles: ["admin"] })).id;
  const [row] = await getDb()
    .insert(beachReports)
    .values({
      beachSlug: options.beachSlug ?? "playa-flamingo",
      authorId,
      surfSize: options.surfSize ?? null,
      flag: options.flag ?? null,
      waterTempC: options.waterTempC ?? null,
      note: options.note ?? `Report ${uniqueId("report")}`,
      noteLanguage: options.noteLanguage ?? "en",
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  return row;
}

/** An "I'm here" observation by a fresh user unless `authorId`. */
export async function createBeachObservation(options: {
  beachSlug?: string;
  authorId?: string;
  note?: string;
  createdAt?: Date;
}) {
  const authorId = options.authorId ?? (await createTestUser()).id;
  const [row] = await getDb()
    .insert(beachObservations)
    .values({
      beachSlug: options.beachSlug ?? "playa-flamingo",
      authorId,
      note: options.note ?? `Observation ${uniqueId("obs")}`,
      noteLanguage: "en",
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  return row;
}
