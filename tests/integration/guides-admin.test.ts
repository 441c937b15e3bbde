import { parseWithZod } from "@conform-to/zod/v4";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  getGuidePageForEdit,
  previewGuidePage,
  updateGuidePage,
  updatePublicContact,
} from "#app/features/guides/admin.server";
import { formatSourceLines, guidePageEditSchema } from "#app/features/guides/forms";
import { getGuidePage, listEmergencyNumbers } from "#app/features/guides/guides.server";
import { guidePages, guideRevisions } from "#app/features/guides/schema";
import { getDb } from "#app/lib/db.server";
import { isAppError } from "#app/lib/errors";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { searchSite } from "#app/lib/search/index.server";
import { auditLog } from "#app/platform/audit/schema";
import * as pageEditor from "#app/routes/admin/content/$slug";
import * as contactEditor from "#app/routes/admin/content/contacts/$contactId";
import * as contentIndex from "#app/routes/admin/content/index";
import { type Actor as ActorKind, actorCookies, createTestUser } from "#tests/factories/accounts";
import { expectRedirectWithToast } from "#tests/factories/flash";
import { loadPage, postForm, shown } from "#tests/factories/route-calls";

let cookies: Record<ActorKind, string | null>;
let admin: { id: string; role: "admin" };
let user: { id: string; role: "user" };

beforeAll(async () => {
  clearRateLimitersForTests();
  cookies = await actorCookies();
  admin = { id: (await createTestUser({ roles: ["admin"], firstName: "Marta" })).id, role: "admin" };
  user = { id: (await createTestUser()).id, role: "user" };
});

/** The editor's form for one language of a page, as the browser would post it. */
async function editorFields(
  slug: string,
  language: "en" | "es",
  change: (fields: Record<string, string>) => void = () => {},
) {
  const page = await getGuidePageForEdit({ actor: admin, slug });
  const pick = (en: string, es: string) => (language === "es" ? es : en);
  const fields: Record<string, string> = {
    intent: "save",
    language,
    version: String(page.version),
    title: pick(page.titleEn, page.titleEs),
    summary: pick(page.summaryEn, page.summaryEs),
    intro: pick(page.introEn, page.introEs),
    lastVerifiedOn: page.lastVerifiedOn ?? "",
    sources: formatSourceLines(page.sources),
    otherNeedsUpdate: "on",
  };
  page.sections.forEach((section, index) => {
    fields[`sections[${index}].id`] = String(section.id);
    fields[`sections[${index}].title`] = pick(section.titleEn, section.titleEs);
    fields[`sections[${index}].body`] = pick(section.bodyEn, section.bodyEs);
    fields[`sections[${index}].lastVerifiedOn`] = section.lastVerifiedOn ?? "";
    fields[`sections[${index}].sources`] = formatSourceLines(section.sources);
  });
  change(fields);
  return fields;
}

function postEditor(slug: string, fields: Record<string, string>, cookie: string | null, prefix = "") {
  return postForm(pageEditor, `${prefix}/admin/content/${slug}`, fields, cookie, { slug });
}

describe("content edits are for admins only", () => {
  it("refuses every non-admin on the server, for the page editor, the contact editor and the list", async () => {
    const fields = await editorFields("government", "en", (f) => {
      f.title = "Taken over";
    });
    for (const actor of ["anonymous", "user", "business_owner"] as const) {
      const result = await postEditor("government", fields, cookies[actor]);
      expect(result.status, actor).toBe(302);
      expect(result.location, actor).toMatch(actor === "anonymous" ? /^\/auth\?/ : /^\/dashboard$/);
      const contact = await postForm(
        contactEditor,
        "/admin/content/contacts/emergency-911",
        { nameEn: "x", nameEs: "x", phone: "555" },
        cookies[actor],
        { contactId: "emergency-911" },
      );
      expect(contact.status, actor).toBe(302);
      const list = await loadPage(contentIndex, "/admin/content", cookies[actor]);
      expect(list.status, actor).toBe(302);
      const spanish = await postEditor("government", fields, cookies[actor], "/es");
      expect(spanish.location, actor).toMatch(actor === "anonymous" ? /^\/es\/auth\?/ : /^\/es\/dashboard$/);
    }
    expect((await getGuidePage({ slug: "government", language: "en" })).title).not.toBe("Taken over");
    expect((await listEmergencyNumbers("en"))[0].phone).toBe("911");
  });

  it("refuses a non-admin actor in the domain functions themselves", async () => {
    const fields = await editorFields("government", "en", (f) => {
      f.title = "Taken over";
    });
    const formData = new FormData();
    for (const [key, value] of Object.entries(fields)) formData.set(key, value);
    const submission = parseWithZod(formData, { schema: guidePageEditSchema });
    if (submission.status !== "success") throw new Error("the test's form should be valid");
    const input = submission.value;
    for (const actor of [
      user,
      { id: user.id, role: "business_owner" as const },
      { id: user.id, role: "none" as const },
    ]) {
      const error = await updateGuidePage({ actor, slug: "government", input }).catch((caught) => caught);
      expect(isAppError(error) && error.code).toBe("forbidden");
      expect(() => previewGuidePage({ actor, input })).toThrow();
      const contactError = await updatePublicContact({
        actor,
        id: "emergency-911",
        input: { nameEn: "x", nameEs: "x", phone: "555" },
      }).catch((caught) => caught);
      expect(isAppError(contactError) && contactError.code).toBe("forbidden");
    }
    expect((await getGuidePage({ slug: "government", language: "en" })).title).not.toBe("Taken over");
  });

  it("lets an admin load the editor in both languages", async () => {
    for (const prefix of ["", "/es"]) {
      const result = await loadPage(pageEditor, `${prefix}/admin/content/guide?lang=es`, cookies.admin, {
        slug: "guide",
      });
      expect(result.status).toBe(200);
      expect(result.data.form.language).toBe("es");
      expect(result.data.form.sections.length).toBe(10);
    }
  });
});

describe("an admin editing a page", () => {
  it("saves one language, records who changed what, updates the search index and flags the other language", async () => {
    const fields = await editorFields("transportation", "en", (f) => {
      f.title = "Getting around";
      f["sections[1].body"] = `${f["sections[1].body"]}\n\nWater taxis cross the bay from the marina.`;
    });
    const result = await postEditor("transportation", fields, cookies.admin);
    await expectRedirectWithToast(result, "/admin/content/transportation?lang=en", "pageSaved");

    const [page] = await getDb().select().from(guidePages).where(eq(guidePages.slug, "transportation"));
    expect(page.titleEn).toBe("Getting around");
    expect(page.titleEs).toBe("Transporte");
    expect(page.translationPending).toBe("es");
    expect(page.enUpdatedAt.getTime()).toBeGreaterThan(page.esUpdatedAt.getTime());

    const [revision] = await getDb()
      .select()
      .from(guideRevisions)
      .where(eq(guideRevisions.pageSlug, "transportation"))
      .orderBy(desc(guideRevisions.id))
      .limit(1);
    expect(revision.language).toBe("en");
    expect(revision.editorId).toBeTruthy();
    expect(revision.changedFields).toEqual(expect.arrayContaining(["title.en", "sections.buses.body.en"]));
    expect(revision.before).toMatchObject({ "title.en": "Transportation" });
    expect(revision.after).toMatchObject({ "title.en": "Getting around" });
    const audit = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "guide.page.update"), eq(auditLog.targetId, "transportation")));
    expect(audit.length).toBeGreaterThan(0);

    const hits = await searchSite({ query: "water taxis", language: "en", kinds: ["guide"] });
    expect(hits.map((hit) => hit.url)).toContain("/transportation#buses");

    const spanish = await getGuidePage({ slug: "transportation", language: "es" });
    expect(spanish.translationBehind?.otherLanguage).toBe("en");
    expect((await getGuidePage({ slug: "transportation", language: "en" })).translationBehind).toBeNull();
  });

  it("clears the flag when the other language is brought up to date", async () => {
    const fields = await editorFields("transportation", "es", (f) => {
      f.title = "Cómo moverse";
      delete f.otherNeedsUpdate;
    });
    const result = await postEditor("transportation", fields, cookies.admin, "/es");
    await expectRedirectWithToast(result, "/es/admin/content/transportation?lang=es", "pageSaved");
    const [page] = await getDb().select().from(guidePages).where(eq(guidePages.slug, "transportation"));
    expect(page.titleEs).toBe("Cómo moverse");
    expect(page.translationPending).toBeNull();
    expect((await getGuidePage({ slug: "transportation", language: "es" })).translationBehind).toBeNull();
  });

  it("changing only a date or a source does not ask for a translation", async () => {
    const fields = await editorFields("government", "en", (f) => {
      f.lastVerifiedOn = "2026-01-15";
    });
    await postEditor("government", fields, cookies.admin);
    const [page] = await getDb().select().from(guidePages).where(eq(guidePages.slug, "government"));
    expect(page.lastVerifiedOn).toBe("2026-01-15");
    expect(page.translationPending).toBeNull();
  });

  it("refuses a save made from an older version instead of overwriting", async () => {
    const stale = await editorFields("about", "en", (f) => {
      f.title = "First";
    });
    expect((await postEditor("about", stale, cookies.admin)).status).toBe(302);
    const again = await postEditor("about", { ...stale, title: "Second" }, cookies.admin);
    expect(again.status).toBe(409);
    expect(await shown("en", again.data.result.error[""][0])).toMatch(/saved this page after you opened it/);
    expect((await getGuidePage({ slug: "about", language: "en" })).title).toBe("First");
  });

  it("adds and removes sections", async () => {
    const fields = await editorFields("about", "en", (f) => {
      f["sections[0].remove"] = "on";
      f.newAnchor = "team";
      f.newTitle = "Who we are";
      f.newBody = "Neighbours from Potrero and Brasilito.";
    });
    expect((await postEditor("about", fields, cookies.admin)).status).toBe(302);
    const page = await getGuidePage({ slug: "about", language: "es" });
    expect(page.sections.map((section) => section.anchor)).not.toContain("who-its-for");
    expect(page.sections.at(-1)).toMatchObject({ anchor: "team", title: "Who we are" });
    expect(page.translationBehind).not.toBeNull();
    const taken = await postEditor(
      "about",
      await editorFields("about", "en", (f) => {
        f.newAnchor = "team";
        f.newTitle = "Again";
        f.newBody = "Again";
      }),
      cookies.admin,
    );
    expect(taken.status).toBe(409);
  });

  it("answers bad input with messages per field and 400, never 500", async () => {
    const cases: [string, (f: Record<string, string>) => void, string][] = [
      ["empty title", (f) => (f.title = "   "), "title"],
      ["very long title", (f) => (f.title = "x".repeat(5000)), "title"],
      ["missing summary", (f) => delete f.summary, "summary"],
      ["bad date", (f) => (f.lastVerifiedOn = "2026-02-30"), "lastVerifiedOn"],
      ["future date", (f) => (f.lastVerifiedOn = "2099-01-01"), "lastVerifiedOn"],
      ["javascript: source", (f) => (f.sources = "Evil | javascript:alert(1)"), "sources"],
      ["bad anchor", (f) => Object.assign(f, { newAnchor: "Bad Anchor!", newTitle: "x", newBody: "y" }), "newAnchor"],
      ["control characters", (f) => (f.title = "a\u0000b"), "title"],
      ["empty section body", (f) => (f["sections[0].body"] = ""), "sections[0].body"],
    ];
    for (const [name, change, field] of cases) {
      const result = await postEditor("healthcare", await editorFields("healthcare", "en", change), cookies.admin);
      expect(result.status, name).toBe(400);
      expect(result.data.result.error[field], name).toBeTruthy();
    }
    const wrongTypes = await postEditor(
      "healthcare",
      { language: "xx", version: "abc", title: "<b>", summary: "🏖️" },
      cookies.admin,
    );
    expect(wrongTypes.status).toBe(400);
    // A section id that belongs to another page is refused, not written.
    const other = await getGuidePageForEdit({ actor: admin, slug: "emergency" });
    const foreign = await postEditor(
      "healthcare",
      await editorFields("healthcare", "en", (f) => {
        f["sections[0].id"] = String(other.sections[0].id);
      }),
      cookies.admin,
    );
    expect(foreign.status).toBe(400);
    expect((await getGuidePage({ slug: "emergency", language: "en" })).sections[0].title).toBe(
      "What to say on the phone",
    );
    const unknown = await postEditor("nope", await editorFields("healthcare", "en"), cookies.admin);
    expect(unknown.status).toBe(404);
  });
});

describe("Markdown saved by an admin is sanitized on the public page", () => {
  const hostile = [
    "Safe **text**.",
    "<script>document.cookie</script>",
    "[call me](javascript:alert(1))",
    '<a href="JaVaScRiPt:alert(2)">x</a>',
    '<img src="x" onerror="alert(3)">',
    '<p onclick="alert(4)" style="position:fixed">para</p>',
    '<iframe src="https://evil.example"></iframe>',
    "[ok](tel:911)",
  ].join("\n\n");

  it("removes script tags, javascript: links and event handlers, keeping the text", async () => {
    const fields = await editorFields("guidelines", "en", (f) => {
      f.intro = hostile;
    });
    expect((await postEditor("guidelines", fields, cookies.admin)).status).toBe(302);
    const page = await getGuidePage({ slug: "guidelines", language: "en" });
    expect(page.introHtml).toContain("<strong>text</strong>");
    expect(page.introHtml).toContain('href="tel:911"');
    expect(page.introHtml).toContain("call me");
    expect(page.introHtml).not.toMatch(/<script|document\.cookie|javascript:|onerror|onclick|style=|<iframe|<img/i);
  });

  it("shows the same sanitized HTML in the preview, without saving", async () => {
    const before = await getGuidePageForEdit({ actor: admin, slug: "privacy" });
    const fields = await editorFields("privacy", "es", (f) => {
      f.intent = "preview";
      f["sections[0].body"] = hostile;
    });
    const result = await postEditor("privacy", fields, cookies.admin, "/es");
    expect(result.status).toBe(200);
    const html = result.data.preview.sections[0].html as string;
    expect(html).toContain("<strong>text</strong>");
    expect(html).not.toMatch(/<script|javascript:|onerror|onclick|<iframe/i);
    const after = await getGuidePageForEdit({ actor: admin, slug: "privacy" });
    expect(after.version).toBe(before.version);
    expect(after.sections[0].bodyEs).toBe(before.sections[0].bodyEs);
  });
});

describe("an admin editing a contact", () => {
  it("updates the number and its tel: link, with a revision", async () => {
    const result = await postForm(
      contactEditor,
      "/admin/content/contacts/poison-control",
      {
        nameEn: "Poison control",
        nameEs: "Centro Nacional de Control de Intoxicaciones",
        descriptionEn: "24 hours.",
        descriptionEs: "24 horas.",
        phone: "2223-1028",
        lastVerifiedOn: "2026-11-20",
        sourceLabel: "CCSS",
        sourceUrl: "https://www.ccss.sa.cr",
      },
      cookies.admin,
      { contactId: "poison-control" },
    );
    await expectRedirectWithToast(result, "/admin/content/contacts/poison-control", "contactSaved");
    const numbers = await listEmergencyNumbers("en");
    expect(numbers.find((contact) => contact.id === "poison-control")).toMatchObject({
      name: "Poison control",
      tel: "tel:+50622231028",
    });
    const revisions = await getDb().select().from(guideRevisions).where(eq(guideRevisions.targetId, "poison-control"));
    expect(revisions[0].changedFields).toEqual(expect.arrayContaining(["nameEn", "lastVerifiedOn"]));
  });

  it("refuses an invalid phone or a javascript: website with 400", async () => {
    const invalid: Record<string, string>[] = [
      { nameEn: "x", nameEs: "x", phone: "call me" },
      { nameEn: "x", nameEs: "x", website: "javascript:alert(1)" },
      { nameEn: "", nameEs: "x" },
    ];
    for (const fields of invalid) {
      const result = await postForm(contactEditor, "/admin/content/contacts/fire-118", fields, cookies.admin, {
        contactId: "fire-118",
      });
      expect(result.status).toBe(400);
    }
    expect((await listEmergencyNumbers("en")).find((contact) => contact.id === "fire-118")?.phone).toBe("118");
  });
});
