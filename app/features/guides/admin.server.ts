import { and, asc, desc, eq, inArray, max } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import type { Language } from "#app/lib/i18n";
import { renderMarkdown } from "#app/lib/markdown.server";
import { userSummaries } from "#app/platform/people/people.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { type GuidePageEditInput, type PublicContactEditInput, publicContactEditSchema } from "./forms";
import { indexGuidePage, loadGuidePageRows, publicContactColumns } from "./guides.server";
import { type GuideSlug, isGuideSlug } from "./pages";
import { contactMessages, type GuideSource, guidePages, guideRevisions, guideSections, publicContacts } from "./schema";

// Content management: admins edit the guide pages one language at a time. Every function here
// checks the actor's role itself, so a second caller cannot forget the check. Each save is one
// transaction: the page, its sections, the revision, the audit-log row and the search index.

function assertSlug(slug: string): asserts slug is GuideSlug {
  if (!isGuideSlug(slug)) throw new AppError("not_found", "guides:errors.pageNotFound");
}

const other = (language: Language): Language => (language === "en" ? "es" : "en");
/** The column is checked to en/es/null in the database; this narrows its type. */
const pendingLanguage = (value: string | null): Language | null => (value === "en" || value === "es" ? value : null);
const sameSources = (a: GuideSource[], b: GuideSource[]) => JSON.stringify(a) === JSON.stringify(b);

export interface AdminGuidePageRow {
  slug: GuideSlug;
  titleEn: string;
  titleEs: string;
  enUpdatedAt: Date;
  esUpdatedAt: Date;
  translationPending: Language | null;
  lastVerifiedOn: string | null;
  editorName: string | null;
}

export async function listGuidePagesForAdmin(options: { actor: Actor }): Promise<AdminGuidePageRow[]> {
  assertCan(options.actor, "manage:content:any");
  const rows = await getDb()
    .select({
      slug: guidePages.slug,
      titleEn: guidePages.titleEn,
      titleEs: guidePages.titleEs,
      enUpdatedAt: guidePages.enUpdatedAt,
      esUpdatedAt: guidePages.esUpdatedAt,
      translationPending: guidePages.translationPending,
      lastVerifiedOn: guidePages.lastVerifiedOn,
      editorId: guidePages.updatedBy,
    })
    .from(guidePages)
    .orderBy(asc(guidePages.slug));
  const editors = await userSummaries(rows.flatMap((row) => row.editorId ?? []));
  return rows.flatMap(({ editorId, ...row }) =>
    isGuideSlug(row.slug)
      ? [
          {
            ...row,
            editorName: (editorId ? editors.get(editorId)?.name : null) ?? null,
            slug: row.slug,
            translationPending: pendingLanguage(row.translationPending),
          },
        ]
      : [],
  );
}

export interface EditableSection {
  id: number;
  anchor: string;
  titleEn: string;
  titleEs: string;
  bodyEn: string;
  bodyEs: string;
  lastVerifiedOn: string | null;
  sources: GuideSource[];
}

export interface EditableGuidePage {
  slug: GuideSlug;
  titleEn: string;
  titleEs: string;
  summaryEn: string;
  summaryEs: string;
  introEn: string;
  introEs: string;
  lastVerifiedOn: string | null;
  sources: GuideSource[];
  enUpdatedAt: Date;
  esUpdatedAt: Date;
  translationPending: Language | null;
  version: number;
  sections: EditableSection[];
}

/** A page with both languages' raw Markdown, for the editor. */
export async function getGuidePageForEdit(options: { actor: Actor; slug: string }): Promise<EditableGuidePage> {
  assertCan(options.actor, "manage:content:any");
  const { slug } = options;
  assertSlug(slug);
  const rows = await loadGuidePageRows(slug);
  if (!rows) throw new AppError("not_found", "guides:errors.pageNotFound");
  const { page, sections } = rows;
  return {
    slug,
    ...page,
    translationPending: pendingLanguage(page.translationPending),
    sections,
  };
}

export interface GuidePreview {
  title: string;
  summary: string;
  introHtml: string;
  sections: { key: string; title: string; html: string }[];
}

/** What the page will look like in one language, rendered exactly as the public page renders it. */
export function previewGuidePage(options: { actor: Actor; input: GuidePageEditInput }): GuidePreview {
  assertCan(options.actor, "manage:content:any");
  const { input } = options;
  const render = (markdown: string) => renderMarkdown(markdown, { language: input.language });
  const sections = (input.sections ?? [])
    .filter((section) => !section.remove)
    .map((section) => ({ key: String(section.id), title: section.title, html: render(section.body) }));
  if (input.newAnchor && input.newTitle && input.newBody) {
    sections.push({ key: `new-${input.newAnchor}`, title: input.newTitle, html: render(input.newBody) });
  }
  return { title: input.title, summary: input.summary, introHtml: render(input.intro ?? ""), sections };
}

/**
 * Saves one language of a page. Refuses (conflict) an edit made from an older version than the
 * stored one, so two admins never silently overwrite each other. When the text changed and
 * `otherNeedsUpdate` is set, the other language is flagged as needing translation; saving the
 * flagged language clears the flag.
 */
export const updateGuidePage = defineWrite(
  {
    permission: "manage:content:any",
    contentKinds: (saved) => (saved.changed ? ["guides"] : []),
    audit: (saved, options) =>
      saved.changed
        ? {
            action: "guide.page.update",
            targetType: "guide_page",
            targetId: options.slug,
            details: {
              language: saved.revisionLanguage,
              changedFields: saved.changedFields,
              translationPending: saved.translationPending,
            },
          }
        : null,
  },
  async (options: { actor: Actor; slug: string; input: GuidePageEditInput }, tx: Executor) => {
    const { actor, slug } = options;
    assertSlug(slug);
    // The input is the form schema's parsed output (sources already split into lines); what the
    // schema cannot know (the version, which sections belong to this page) is checked below.
    const { input } = options;
    const language = input.language;
    const suffix = language === "en" ? "En" : "Es";
    const [page] = await tx.select().from(guidePages).where(eq(guidePages.slug, slug)).limit(1).for("update");
    if (!page) throw new AppError("not_found", "guides:errors.pageNotFound");
    if (page.version !== input.version) throw new AppError("conflict", "guides:admin.errors.staleVersion");

    const changed: string[] = [];
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const note = (field: string, from: unknown, to: unknown) => {
      changed.push(field);
      before[field] = from;
      after[field] = to;
    };
    let textChanged = false;

    const current = {
      title: language === "en" ? page.titleEn : page.titleEs,
      summary: language === "en" ? page.summaryEn : page.summaryEs,
      intro: language === "en" ? page.introEn : page.introEs,
    };
    const next = { title: input.title, summary: input.summary, intro: input.intro ?? "" };
    for (const field of ["title", "summary", "intro"] as const) {
      if (current[field] !== next[field]) {
        note(`${field}.${language}`, current[field], next[field]);
        textChanged = true;
      }
    }
    const sources = input.sources ?? [];
    if ((page.lastVerifiedOn ?? null) !== (input.lastVerifiedOn ?? null))
      note("lastVerifiedOn", page.lastVerifiedOn, input.lastVerifiedOn ?? null);
    if (!sameSources(page.sources, sources)) note("sources", page.sources, sources);

    const stored = await tx
      .select()
      .from(guideSections)
      .where(eq(guideSections.pageSlug, slug))
      .orderBy(asc(guideSections.position));
    const byId = new Map(stored.map((section) => [section.id, section]));
    const removedIds: number[] = [];
    const sectionUpdates: { id: number; values: Partial<typeof guideSections.$inferInsert> }[] = [];
    for (const section of input.sections ?? []) {
      const existing = byId.get(section.id);
      // A section id from another page (or a deleted one) is refused rather than ignored.
      if (!existing) throw new AppError("invalid", "guides:admin.errors.unknownSection");
      if (section.remove) {
        removedIds.push(existing.id);
        note(`sections.${existing.anchor}`, { title: existing[`title${suffix}`] }, null);
        textChanged = true;
        continue;
      }
      const values: Partial<typeof guideSections.$inferInsert> = {};
      if (existing[`title${suffix}`] !== section.title) {
        values[`title${suffix}`] = section.title;
        note(`sections.${existing.anchor}.title.${language}`, existing[`title${suffix}`], section.title);
        textChanged = true;
      }
      if (existing[`body${suffix}`] !== section.body) {
        values[`body${suffix}`] = section.body;
        note(`sections.${existing.anchor}.body.${language}`, existing[`body${suffix}`], section.body);
        textChanged = true;
      }
      if ((existing.lastVerifiedOn ?? null) !== (section.lastVerifiedOn ?? null)) {
        values.lastVerifiedOn = section.lastVerifiedOn ?? null;
        note(`sections.${existing.anchor}.lastVerifiedOn`, existing.lastVerifiedOn, section.lastVerifiedOn ?? null);
      }
      const sectionSources = section.sources ?? [];
      if (!sameSources(existing.sources, sectionSources)) {
        values.sources = sectionSources;
        note(`sections.${existing.anchor}.sources`, existing.sources, sectionSources);
      }
      if (Object.keys(values).length) sectionUpdates.push({ id: existing.id, values });
    }

    let added: string | null = null;
    if (input.newAnchor && input.newTitle && input.newBody) {
      if (stored.some((section) => section.anchor === input.newAnchor)) {
        throw new AppError("conflict", "guides:admin.errors.anchorTaken");
      }
      added = input.newAnchor;
      note(`sections.${input.newAnchor}`, null, { title: input.newTitle });
      textChanged = true;
    }

    if (!changed.length) return { changed: false as const, version: page.version };

    // A new section has no translation yet, so the other language always needs one then.
    const otherNeedsUpdate = Boolean(input.otherNeedsUpdate) || added !== null;
    let translationPending = page.translationPending;
    if (textChanged) {
      if (otherNeedsUpdate) translationPending = other(language);
      else if (translationPending === language) translationPending = null;
    }
    const now = new Date();
    const pageValues: Partial<typeof guidePages.$inferInsert> = {
      [`title${suffix}`]: next.title,
      [`summary${suffix}`]: next.summary,
      [`intro${suffix}`]: next.intro,
      lastVerifiedOn: input.lastVerifiedOn ?? null,
      sources,
      translationPending,
      updatedBy: actor.id,
      version: page.version + 1,
      ...(textChanged ? { [`${language}UpdatedAt`]: now } : {}),
    };
    await tx.update(guidePages).set(pageValues).where(eq(guidePages.slug, slug));
    if (removedIds.length) {
      await tx
        .delete(guideSections)
        .where(and(eq(guideSections.pageSlug, slug), inArray(guideSections.id, removedIds)));
    }
    for (const update of sectionUpdates) {
      await tx
        .update(guideSections)
        .set(update.values)
        .where(and(eq(guideSections.id, update.id), eq(guideSections.pageSlug, slug)));
    }
    if (added && input.newTitle && input.newBody) {
      const [{ last }] = await tx
        .select({ last: max(guideSections.position) })
        .from(guideSections)
        .where(eq(guideSections.pageSlug, slug));
      await tx.insert(guideSections).values({
        pageSlug: slug,
        anchor: added,
        position: (last ?? 0) + 10,
        // Until it is translated, the other language shows the same text (and the page is flagged).
        titleEn: input.newTitle,
        titleEs: input.newTitle,
        bodyEn: input.newBody,
        bodyEs: input.newBody,
      });
    }
    const revisionLanguage = textChanged ? language : "both";
    await tx.insert(guideRevisions).values({
      pageSlug: slug,
      targetType: "page",
      targetId: slug,
      language: revisionLanguage,
      editorId: actor.id,
      changedFields: changed,
      before,
      after,
    });
    await indexGuidePage(slug, tx);
    return {
      changed: true as const,
      version: page.version + 1,
      translationPending,
      changedFields: changed,
      revisionLanguage,
    };
  },
);

export interface RevisionRow {
  id: number;
  targetType: string;
  targetId: string;
  language: string;
  changedFields: string[];
  createdAt: Date;
  editorName: string | null;
}

/** Who changed what and when on a page (and its contacts), newest first. */
export async function listGuideRevisions(options: {
  actor: Actor;
  slug: string;
  limit?: number;
}): Promise<RevisionRow[]> {
  assertCan(options.actor, "manage:content:any");
  assertSlug(options.slug);
  const rows = await getDb()
    .select({
      id: guideRevisions.id,
      targetType: guideRevisions.targetType,
      targetId: guideRevisions.targetId,
      language: guideRevisions.language,
      changedFields: guideRevisions.changedFields,
      createdAt: guideRevisions.createdAt,
      editorId: guideRevisions.editorId,
    })
    .from(guideRevisions)
    .where(eq(guideRevisions.pageSlug, options.slug))
    .orderBy(desc(guideRevisions.createdAt), desc(guideRevisions.id))
    .limit(Math.min(Math.max(options.limit ?? 30, 1), 200));
  const editors = await userSummaries(rows.flatMap((row) => row.editorId ?? []));
  return rows.map(({ editorId, ...row }) => ({
    ...row,
    editorName: (editorId ? editors.get(editorId)?.name : null) ?? null,
  }));
}

export interface EditableContact {
  id: string;
  pageSlug: string;
  groupKey: string;
  nameEn: string;
  nameEs: string;
  descriptionEn: string;
  descriptionEs: string;
  phone: string | null;
  website: string | null;
  placeEn: string | null;
  placeEs: string | null;
  businessSlug: string | null;
  lastVerifiedOn: string | null;
  sourceLabel: string | null;
  sourceUrl: string | null;
  updatedAt: Date;
}

const contactColumns = {
  ...publicContactColumns,
  pageSlug: publicContacts.pageSlug,
  updatedAt: publicContacts.updatedAt,
};

export async function listContactsForAdmin(options: { actor: Actor }): Promise<EditableContact[]> {
  assertCan(options.actor, "manage:content:any");
  return getDb()
    .select(contactColumns)
    .from(publicContacts)
    .orderBy(asc(publicContacts.pageSlug), asc(publicContacts.position), asc(publicContacts.id));
}

export async function getContactForEdit(options: { actor: Actor; id: string }): Promise<EditableContact> {
  assertCan(options.actor, "manage:content:any");
  const [row] = await getDb()
    .select(contactColumns)
    .from(publicContacts)
    .where(eq(publicContacts.id, options.id))
    .limit(1);
  if (!row) throw new AppError("not_found", "guides:admin.errors.contactNotFound");
  return row;
}

/** Saves a phone number or place (both languages at once: most of it is language-independent). */
export const updatePublicContact = defineWrite(
  {
    permission: "manage:content:any",
    // Contacts show on guide pages, the emergency page and the business pages they link to.
    contentKinds: (saved) => (saved.changed ? ["guides", "businesses"] : []),
    audit: (saved, options) =>
      saved.changed
        ? {
            action: "guide.contact.update",
            targetType: "public_contact",
            targetId: options.id,
            details: { changedFields: saved.changedFields },
          }
        : null,
  },
  async (options: { actor: Actor; id: string; input: PublicContactEditInput }, tx: Executor) => {
    const { actor, id } = options;
    const input = publicContactEditSchema.parse(options.input);
    const [existing] = await tx
      .select(contactColumns)
      .from(publicContacts)
      .where(eq(publicContacts.id, id))
      .limit(1)
      .for("update");
    if (!existing) throw new AppError("not_found", "guides:admin.errors.contactNotFound");
    const next = {
      nameEn: input.nameEn,
      nameEs: input.nameEs,
      descriptionEn: input.descriptionEn ?? "",
      descriptionEs: input.descriptionEs ?? "",
      phone: input.phone ?? null,
      website: input.website ?? null,
      placeEn: input.placeEn ?? null,
      placeEs: input.placeEs ?? null,
      businessSlug: input.businessSlug ?? null,
      lastVerifiedOn: input.lastVerifiedOn ?? null,
      sourceLabel: input.sourceLabel ?? null,
      sourceUrl: input.sourceUrl ?? null,
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
      (key) => (existing[key] ?? null) !== (next[key] ?? null),
    );
    if (!changed.length) return { changed: false as const };
    await tx
      .update(publicContacts)
      .set({ ...next, updatedAt: new Date(), updatedBy: actor.id })
      .where(eq(publicContacts.id, id));
    await tx.insert(guideRevisions).values({
      pageSlug: existing.pageSlug,
      targetType: "contact",
      targetId: id,
      language: "both",
      editorId: actor.id,
      changedFields: changed,
      before: Object.fromEntries(changed.map((key) => [key, existing[key]])),
      after: Object.fromEntries(changed.map((key) => [key, next[key]])),
    });
    if (isGuideSlug(existing.pageSlug)) await indexGuidePage(existing.pageSlug, tx);
    return { changed: true as const, changedFields: changed };
  },
);

export interface ContactMessageView {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  handled: boolean;
  createdAt: Date;
}

/** Messages from /contact, newest first. */
export async function listContactMessagesForAdmin(options: {
  actor: Actor;
  limit?: number;
}): Promise<ContactMessageView[]> {
  assertCan(options.actor, "manage:content:any");
  return getDb()
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      language: contactMessages.language,
      handled: contactMessages.handled,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .orderBy(desc(contactMessages.id))
    .limit(Math.min(Math.max(options.limit ?? 50, 1), 200));
}

/** Messages from /contact are the team's alone: no public page shows them. */
export const setContactMessageHandled = defineWrite(
  {
    permission: "manage:content:any",
    contentKinds: [],
    audit: (_, options) => ({
      action: options.handled ? "contact.message.handled" : "contact.message.reopened",
      targetType: "contact_message",
      targetId: String(options.id),
    }),
  },
  async (options: { actor: Actor; id: number; handled: boolean }, tx: Executor) => {
    const updated = await tx
      .update(contactMessages)
      .set({ handled: options.handled })
      .where(eq(contactMessages.id, options.id))
      .returning({ id: contactMessages.id });
    if (!updated.length) throw new AppError("not_found", "guides:admin.errors.messageNotFound");
  },
);
