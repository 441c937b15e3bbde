import { and, asc, eq, inArray, like } from "drizzle-orm";
import { type Db, getDb, type Tx } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { type Language, localizePath } from "#app/lib/i18n";
import { markdownToPlainText, renderMarkdown } from "#app/lib/markdown.server";
import { upsertSearchDocument } from "#app/lib/search/index.server";
import { searchDocuments } from "#app/lib/search/schema";
import { registeredSitePages } from "#app/lib/site-routes";
import { verifiedBusinessSlugs } from "#app/platform/listings/listings.server";
import { type GuideSlug, guidePath, isGuideSlug, parseWebUrl, telHref } from "./pages";
import { type GuideSource, guidePages, guideSections, publicContacts } from "./schema";

export interface GuideSectionView {
  anchor: string;
  title: string;
  html: string;
  lastVerifiedOn: string | null;
  sources: GuideSource[];
}

export interface GuidePageView {
  slug: GuideSlug;
  language: Language;
  title: string;
  summary: string;
  introHtml: string;
  lastVerifiedOn: string | null;
  sources: GuideSource[];
  /** When the text in this language last changed. */
  updatedAt: string;
  /** The other language was edited after this one and this text may be behind it. */
  translationBehind: { otherLanguage: Language; otherUpdatedAt: string } | null;
  sections: GuideSectionView[];
}

export interface PublicContactView {
  id: string;
  groupKey: string;
  name: string;
  description: string;
  phone: string | null;
  tel: string | null;
  website: string | null;
  place: string | null;
  /** The directory page of this place, when the business is listed and verified. */
  businessUrl: string | null;
  lastVerifiedOn: string | null;
  source: GuideSource | null;
}

const pick = <T>(language: Language, en: T, es: T) => (language === "es" ? es : en);

/** Guide text may link to any public page; links to pages this installation lacks render as text. */
function pagePathExists(path: string): boolean {
  return registeredSitePages().some((page) => page.path === path);
}

function render(markdown: string, language: Language) {
  return renderMarkdown(markdown, { language, pathExists: pagePathExists });
}

/** Only http(s) links leave the site from admin-entered URLs; anything else is dropped. */
function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return parseWebUrl(url)?.toString() ?? null;
}

function safeSources(sources: GuideSource[]): GuideSource[] {
  return sources.flatMap((source) => {
    if (!source.label) return [];
    const url = safeUrl(source.url);
    return [url ? { label: source.label, url } : { label: source.label }];
  });
}

/**
 * A page and its sections (in order) with both languages' raw Markdown, read by the public page,
 * the editor and the search index alike.
 */
export async function loadGuidePageRows(slug: GuideSlug, executor: Db | Tx = getDb()) {
  const [page] = await executor
    .select({
      titleEn: guidePages.titleEn,
      titleEs: guidePages.titleEs,
      summaryEn: guidePages.summaryEn,
      summaryEs: guidePages.summaryEs,
      introEn: guidePages.introEn,
      introEs: guidePages.introEs,
      lastVerifiedOn: guidePages.lastVerifiedOn,
      sources: guidePages.sources,
      enUpdatedAt: guidePages.enUpdatedAt,
      esUpdatedAt: guidePages.esUpdatedAt,
      translationPending: guidePages.translationPending,
      version: guidePages.version,
    })
    .from(guidePages)
    .where(eq(guidePages.slug, slug))
    .limit(1);
  if (!page) return null;
  const sections = await executor
    .select({
      id: guideSections.id,
      anchor: guideSections.anchor,
      titleEn: guideSections.titleEn,
      titleEs: guideSections.titleEs,
      bodyEn: guideSections.bodyEn,
      bodyEs: guideSections.bodyEs,
      lastVerifiedOn: guideSections.lastVerifiedOn,
      sources: guideSections.sources,
    })
    .from(guideSections)
    .where(eq(guideSections.pageSlug, slug))
    .orderBy(asc(guideSections.position), asc(guideSections.id));
  return { page, sections };
}

/** A guide page in one language, with its Markdown rendered to sanitized HTML. */
export async function getGuidePage(options: { slug: GuideSlug; language: Language }): Promise<GuidePageView> {
  const { slug, language } = options;
  if (!isGuideSlug(slug)) throw new AppError("not_found", "guides:errors.pageNotFound");
  const rows = await loadGuidePageRows(slug);
  if (!rows) throw new AppError("not_found", "guides:errors.pageNotFound");
  const { page, sections } = rows;
  const other: Language = language === "es" ? "en" : "es";
  return {
    slug,
    language,
    title: pick(language, page.titleEn, page.titleEs),
    summary: pick(language, page.summaryEn, page.summaryEs),
    introHtml: render(pick(language, page.introEn, page.introEs), language),
    lastVerifiedOn: page.lastVerifiedOn,
    sources: safeSources(page.sources),
    updatedAt: pick(language, page.enUpdatedAt, page.esUpdatedAt).toISOString(),
    translationBehind:
      page.translationPending === language
        ? { otherLanguage: other, otherUpdatedAt: pick(other, page.enUpdatedAt, page.esUpdatedAt).toISOString() }
        : null,
    sections: sections.map((section) => ({
      anchor: section.anchor,
      title: pick(language, section.titleEn, section.titleEs),
      html: render(pick(language, section.bodyEn, section.bodyEs), language),
      lastVerifiedOn: section.lastVerifiedOn,
      sources: safeSources(section.sources),
    })),
  };
}

/** What a contact shows on a page, in both languages; the admin list adds where it sits. */
export const publicContactColumns = {
  id: publicContacts.id,
  groupKey: publicContacts.groupKey,
  nameEn: publicContacts.nameEn,
  nameEs: publicContacts.nameEs,
  descriptionEn: publicContacts.descriptionEn,
  descriptionEs: publicContacts.descriptionEs,
  phone: publicContacts.phone,
  website: publicContacts.website,
  placeEn: publicContacts.placeEn,
  placeEs: publicContacts.placeEs,
  businessSlug: publicContacts.businessSlug,
  lastVerifiedOn: publicContacts.lastVerifiedOn,
  sourceLabel: publicContacts.sourceLabel,
  sourceUrl: publicContacts.sourceUrl,
};

/** The phone numbers and places listed on a page (or every page), in order. */
export async function listPublicContacts(options: {
  language: Language;
  pageSlug?: GuideSlug;
  groupKeys?: string[];
}): Promise<PublicContactView[]> {
  const { language } = options;
  const rows = await getDb()
    .select(publicContactColumns)
    .from(publicContacts)
    .where(
      and(
        options.pageSlug ? eq(publicContacts.pageSlug, options.pageSlug) : undefined,
        options.groupKeys?.length ? inArray(publicContacts.groupKey, options.groupKeys) : undefined,
      ),
    )
    .orderBy(asc(publicContacts.pageSlug), asc(publicContacts.position), asc(publicContacts.id));
  const listed = await verifiedBusinessSlugs(rows.flatMap((row) => (row.businessSlug ? [row.businessSlug] : [])));
  return rows.map((row) => {
    const sourceUrl = safeUrl(row.sourceUrl);
    return {
      id: row.id,
      groupKey: row.groupKey,
      name: pick(language, row.nameEn, row.nameEs),
      description: pick(language, row.descriptionEn, row.descriptionEs),
      phone: row.phone,
      tel: row.phone ? telHref(row.phone) : null,
      website: safeUrl(row.website),
      place: pick(language, row.placeEn, row.placeEs),
      businessUrl:
        row.businessSlug && listed.has(row.businessSlug)
          ? localizePath(`/business/${row.businessSlug}`, language)
          : null,
      lastVerifiedOn: row.lastVerifiedOn,
      source: row.sourceLabel
        ? sourceUrl
          ? { label: row.sourceLabel, url: sourceUrl }
          : { label: row.sourceLabel }
        : null,
    };
  });
}

/** Emergency numbers for other features (the concierge answers "what is the ambulance number?"). */
export async function listEmergencyNumbers(language: Language): Promise<PublicContactView[]> {
  const contacts = await listPublicContacts({ language, pageSlug: "emergency" });
  return contacts.filter((contact) => contact.phone);
}

/**
 * Writes a page, each of its sections and each of its contacts into the site-wide search, in both
 * languages. Pass the transaction that changed the page so the index changes with it.
 */
export async function indexGuidePage(slug: GuideSlug, executor: Db | Tx = getDb()) {
  const rows = await loadGuidePageRows(slug, executor);
  if (!rows) return;
  const { page, sections } = rows;
  const contacts = await executor
    .select({
      id: publicContacts.id,
      nameEn: publicContacts.nameEn,
      nameEs: publicContacts.nameEs,
      descriptionEn: publicContacts.descriptionEn,
      descriptionEs: publicContacts.descriptionEs,
      phone: publicContacts.phone,
      placeEn: publicContacts.placeEn,
      placeEs: publicContacts.placeEs,
    })
    .from(publicContacts)
    .where(eq(publicContacts.pageSlug, slug));

  // Sections are replaced wholesale: a removed or renamed section must not linger in the index.
  await removeGuideSectionDocuments(slug, executor);
  for (const language of ["en", "es"] as const) {
    const path = guidePath(slug);
    const title = pick(language, page.titleEn, page.titleEs);
    await upsertSearchDocument(
      {
        kind: "guide",
        refId: slug,
        locale: language,
        title,
        body: [
          pick(language, page.summaryEn, page.summaryEs),
          markdownToPlainText(pick(language, page.introEn, page.introEs)),
          sections.map((section) => pick(language, section.titleEn, section.titleEs)).join(". "),
        ].join(" "),
        url: localizePath(path, language),
        tags: ["guide", slug],
      },
      executor,
    );
    for (const section of sections) {
      await upsertSearchDocument(
        {
          kind: "guide",
          refId: `${slug}#${section.anchor}`,
          locale: language,
          title: `${pick(language, section.titleEn, section.titleEs)} · ${title}`,
          body: markdownToPlainText(pick(language, section.bodyEn, section.bodyEs)),
          url: `${localizePath(path, language)}#${section.anchor}`,
          tags: ["guide", slug, section.anchor],
        },
        executor,
      );
    }
    for (const contact of contacts) {
      await upsertSearchDocument(
        {
          kind: "public-contact",
          refId: contact.id,
          locale: language,
          title: pick(language, contact.nameEn, contact.nameEs),
          body: [pick(language, contact.descriptionEn, contact.descriptionEs), contact.phone ?? ""].join(" "),
          url: `${localizePath(path, language)}#contact-${contact.id}`,
          place: pick(language, contact.placeEn, contact.placeEs),
          tags: [slug, contact.phone ?? ""].filter(Boolean),
        },
        executor,
      );
    }
  }
}

async function removeGuideSectionDocuments(slug: GuideSlug, executor: Db | Tx) {
  await executor
    .delete(searchDocuments)
    .where(and(eq(searchDocuments.kind, "guide"), like(searchDocuments.refId, `${slug}#%`)));
}
