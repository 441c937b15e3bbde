import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { moveDiscussion, setLocked, setPinned } from "#app/features/community/forum-admin.server";
import { listCategories, moveCategory } from "#app/features/community/forum-categories.server";
import {
  createDiscussion,
  editDiscussion,
  editReply,
  getDiscussion,
  listReplies,
  toggleLike,
} from "#app/features/community/forums.server";
import { renderPosts } from "#app/features/community/render.server";
import { forumDiscussions, forumFollows, forumReplies } from "#app/features/community/schema";
import type { Actor } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { contentVersions } from "#app/lib/response-cache/schema";
import { refreshContentVersions } from "#app/lib/response-cache/versions.server";
import { searchSite } from "#app/lib/search/index.server";
import { auditLog } from "#app/platform/audit/schema";
import { decideItem, reportItem } from "#app/platform/moderation/moderation.server";
import { emailOutbox } from "#app/platform/outbox/schema";
import * as adminForums from "#app/routes/admin/forums";
import * as communityRoute from "#app/routes/community/community";
import * as categoryRoute from "#app/routes/community/forums/category/$slug";
import * as newRoute from "#app/routes/community/forums/new";
import * as postRoute from "#app/routes/community/forums/post/$id";
import * as unsubscribeRoute from "#app/routes/community/forums/unsubscribe";
import * as dashboardForums from "#app/routes/dashboard/forums";
import * as reportRoute from "#app/routes/moderation/report";
import { sessionCookieFor, type TestUserOptions } from "#tests/factories/accounts";
import { agePost, createForumCategory, createForumDiscussion, createForumReply } from "#tests/factories/community";
import { expectRedirectWithToast } from "#tests/factories/flash";
import { createTestGroup } from "#tests/factories/groups";
import { createMember, createNewcomer, suspendUser } from "#tests/factories/moderation";
import { getRequest, postRequest, run, shown, testContext } from "#tests/factories/route-calls";

type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown };

function load(route: RouteModule, path: string, cookie: string | null, params: Record<string, string> = {}) {
  return run(() => route.loader?.({ request: getRequest(path, cookie), params, context: testContext() } as never));
}

function post(
  route: RouteModule,
  path: string,
  fields: Record<string, string>,
  cookie: string | null,
  params: Record<string, string> = {},
) {
  return run(() =>
    route.action?.({ request: postRequest(path, fields, cookie), params, context: testContext() } as never),
  );
}

type Person = { id: string; email: string; cookie: string; actor: Actor };

/** An established member (docs/moderation.md: posts publish at once), or a brand-new account. */
async function person(options: TestUserOptions & { newcomer?: boolean } = {}): Promise<Person> {
  const made = options.newcomer ? await createNewcomer(options) : await createMember(options);
  return {
    id: made.id,
    email: made.email,
    cookie: await sessionCookieFor(made.id),
    actor: { id: made.id, role: made.role },
  };
}

async function forumsVersion() {
  const [row] = await getDb()
    .select({ version: contentVersions.version })
    .from(contentVersions)
    .where(eq(contentVersions.kind, "forums"));
  return Number(row?.version ?? 0);
}

let category: Awaited<ReturnType<typeof createForumCategory>>;
let other: Awaited<ReturnType<typeof createForumCategory>>;
let author: Person;
let neighbour: Person;
let admin: Person;

beforeAll(async () => {
  category = await createForumCategory({
    slug: "recommendations",
    nameEn: "Recommendations",
    nameEs: "Recomendaciones",
  });
  other = await createForumCategory({ slug: "housing", nameEn: "Housing", nameEs: "Vivienda" });
  author = await person({ firstName: "Ana", lastName: "Solano" });
  neighbour = await person({ firstName: "Luis", lastName: "Vargas", preferredLanguage: "es" });
  admin = await person({ roles: ["admin"], firstName: "Ada", lastName: "Admin" });
});

describe("who may post", () => {
  it("sends a signed-out visitor from /forums/new to /auth with the way back, in both languages", async () => {
    for (const prefix of ["", "/es"]) {
      const page = await load(newRoute, `${prefix}/forums/new`, null);
      expect(page.status).toBe(302);
      expect(page.location).toBe(`${prefix}/auth?redirectTo=${encodeURIComponent(`${prefix}/forums/new`)}`);
      const posted = await post(newRoute, `${prefix}/forums/new`, { title: "Hello there" }, null);
      expect(posted.status).toBe(302);
      expect(posted.location?.startsWith(`${prefix}/auth?`)).toBe(true);
    }
    await expect(
      createDiscussion({
        actor: null as never,
        categoryId: category.id,
        title: "Sneaky post",
        body: "Signed out post body",
        language: "en",
      }),
    ).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("publishes a member's discussion, follows it for them, indexes it in both languages and bumps the cache", async () => {
    const before = await forumsVersion();
    const result = await post(
      newRoute,
      "/es/forums/new",
      {
        categoryId: category.id,
        title: "¿Dónde comprar pescado fresco en Brasilito?",
        body: "Busco pescadería con buen **pargo**.",
        language: "es",
      },
      author.cookie,
    );
    expect(result.status).toBe(302);
    const id = result.location?.match(/\/es\/forums\/post\/([0-9a-f-]{36})$/)?.[1];
    expect(id).toBeTruthy();
    await expectRedirectWithToast(result, `/es/forums/post/${id}`, "discussionPosted");
    const [row] = await getDb()
      .select()
      .from(forumDiscussions)
      .where(eq(forumDiscussions.id, id as string));
    expect(row).toMatchObject({ status: "published", language: "es", authorId: author.id, categoryId: category.id });
    const follows = await getDb()
      .select()
      .from(forumFollows)
      .where(eq(forumFollows.discussionId, id as string));
    expect(follows.map((follow) => follow.userId)).toEqual([author.id]);
    expect(await forumsVersion()).toBeGreaterThan(before);
    // Found from either language's page, by a word in the post.
    for (const language of ["en", "es"] as const) {
      const hits = await searchSite({ query: "pescado", language, kinds: ["forum_post"] });
      expect(hits.map((hit) => hit.refId)).toContain(id);
    }
  });

  it("refuses bad input with translated field messages and writes nothing", async () => {
    const before = await getDb().select({ id: forumDiscussions.id }).from(forumDiscussions);
    const result = await post(
      newRoute,
      "/forums/new",
      { categoryId: "not-a-category", title: "Hi", body: "x", language: "fr" },
      author.cookie,
    );
    expect(result.status).toBe(400);
    const errors = result.data.result.error as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(["body", "categoryId", "language", "title"]);
    expect(await shown("es", errors.title[0])).toBe("El título necesita al menos 5 caracteres.");
    const unknownCategory = await post(
      newRoute,
      "/forums/new",
      {
        categoryId: "00000000-0000-4000-8000-000000000000",
        title: "A real title",
        body: "A long enough body.",
        language: "en",
      },
      author.cookie,
    );
    expect(unknownCategory.status).toBe(400);
    expect(await getDb().select({ id: forumDiscussions.id }).from(forumDiscussions)).toHaveLength(before.length);
  });
});

describe("editing and deleting", () => {
  it("lets authors edit their own posts within 30 minutes, admins any time, others never", async () => {
    const thread = await createForumDiscussion({ author: author.actor, categoryId: category.id });
    const reply = await createForumReply({ author: neighbour.actor, discussionId: thread.id });
    await editDiscussion({
      actor: author.actor,
      id: thread.id,
      title: "Fresh fish, edited",
      body: "Edited body text.",
      language: "en",
    });
    await expect(
      editDiscussion({
        actor: neighbour.actor,
        id: thread.id,
        title: "Hijacked title",
        body: "Not mine to edit.",
        language: "en",
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await editReply({ actor: neighbour.actor, replyId: reply.id, body: "Edited reply.", language: "es" });
    await expect(
      editReply({ actor: author.actor, replyId: reply.id, body: "Not mine.", language: "en" }),
    ).rejects.toMatchObject({
      code: "forbidden",
    });

    await agePost("post", thread.id, 31);
    await agePost("reply", reply.id, 31);
    await expect(
      editDiscussion({
        actor: author.actor,
        id: thread.id,
        title: "Too late now",
        body: "The window closed.",
        language: "en",
      }),
    ).rejects.toMatchObject({ code: "forbidden", messageKey: "community:errors.editWindowClosed" });
    // Through the page: the form keeps the text and says why.
    const late = await post(
      postRoute,
      `/forums/post/${reply.id}`,
      { intent: "edit-reply", replyId: reply.id, body: "Too late to change this.", language: "en" },
      neighbour.cookie,
      { id: thread.id },
    );
    expect(late.status).toBe(403);
    expect(await shown("en", late.data.result.error[""][0])).toBe(
      "Posts can be edited for 30 minutes after they are written.",
    );
    expect(late.data.result.initialValue.body).toBe("Too late to change this.");

    await editDiscussion({
      actor: admin.actor,
      id: thread.id,
      title: "Moderator fixed the title",
      body: "Edited body text.",
      language: "en",
    });
    const [row] = await getDb().select().from(forumDiscussions).where(eq(forumDiscussions.id, thread.id));
    expect(row.title).toBe("Moderator fixed the title");
    expect(row.editedAt).not.toBeNull();
    const audit = await getDb()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, thread.id));
    expect(audit.map((entry) => entry.action)).toContain("forum.post.edit");
  });

  it("soft-deletes a reply: it stays in place as 'deleted', without its words, and leaves the count", async () => {
    const thread = await createForumDiscussion({ author: author.actor, categoryId: category.id });
    const first = await createForumReply({
      author: neighbour.actor,
      discussionId: thread.id,
      body: "First reply, soon gone.",
    });
    await createForumReply({ author: author.actor, discussionId: thread.id, body: "Second reply stays." });
    const refused = await post(
      postRoute,
      `/forums/post/${thread.id}`,
      { intent: "delete-reply", id: first.id },
      author.cookie,
      {
        id: thread.id,
      },
    );
    expect(refused.status).toBe(403);
    const deleted = await post(
      postRoute,
      `/forums/post/${thread.id}`,
      { intent: "delete-reply", id: first.id },
      neighbour.cookie,
      {
        id: thread.id,
      },
    );
    await expectRedirectWithToast(deleted, `/forums/post/${thread.id}#reply-${first.id}`, "postDeleted");
    const [row] = await getDb().select().from(forumReplies).where(eq(forumReplies.id, first.id));
    expect(row.status).toBe("deleted");
    const page = await load(postRoute, `/forums/post/${thread.id}`, null, { id: thread.id });
    expect(page.data.replies.items.map((item: { status: string }) => item.status)).toEqual(["deleted", "published"]);
    expect(page.data.replies.items[0].html).toBe("");
    expect(JSON.stringify(page.data)).not.toContain("First reply, soon gone.");
    const [discussion] = await getDb().select().from(forumDiscussions).where(eq(forumDiscussions.id, thread.id));
    expect(discussion.replyCount).toBe(1);
  });

  it("lets the author delete their thread, which then answers 404 and leaves the search index", async () => {
    const thread = await createForumDiscussion({
      author: author.actor,
      categoryId: category.id,
      title: "Selling a kayak paddle",
    });
    const result = await post(postRoute, `/forums/post/${thread.id}`, { intent: "delete-post" }, author.cookie, {
      id: thread.id,
    });
    await expectRedirectWithToast(result, "/forums/category/recommendations", "postDeleted");
    const page = await load(postRoute, `/forums/post/${thread.id}`, null, { id: thread.id });
    expect(page.status).toBe(404);
    expect(await searchSite({ query: "kayak paddle", language: "en", kinds: ["forum_post"] })).toEqual([]);
  });
});

describe("forum moderation", () => {
  it("lets admins pin, lock and move threads, audit-logged; members may not", async () => {
    const thread = await createForumDiscussion({
      author: author.actor,
      categoryId: category.id,
      title: "Pin me please",
    });
    const refused = await post(adminForums, "/admin/forums", { intent: "pin", id: thread.id }, neighbour.cookie);
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/dashboard");
    await expect(setPinned({ actor: neighbour.actor, id: thread.id, pinned: true })).rejects.toMatchObject({
      code: "forbidden",
    });

    for (const intent of ["pin", "lock"]) {
      const done = await post(adminForums, "/es/admin/forums", { intent, id: thread.id }, admin.cookie);
      expect(done.status).toBe(302);
    }
    const moved = await post(
      adminForums,
      "/admin/forums",
      { intent: "move", id: thread.id, categoryId: other.id },
      admin.cookie,
    );
    expect(moved.status).toBe(302);
    const [row] = await getDb().select().from(forumDiscussions).where(eq(forumDiscussions.id, thread.id));
    expect(row).toMatchObject({ pinned: true, locked: true, categoryId: other.id });
    const audit = await getDb()
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.targetId, thread.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(["forum.post.lock", "forum.post.move", "forum.post.pin"]);
    expect(new Set(audit.map((entry) => entry.actorId))).toEqual(new Set([admin.id]));

    // Pinned threads lead their category.
    await createForumDiscussion({ author: neighbour.actor, categoryId: other.id, title: "Newer thread, not pinned" });
    const page = await load(categoryRoute, "/forums/category/housing", null, { slug: "housing" });
    expect(page.data.list.items[0].id).toBe(thread.id);

    await setPinned({ actor: admin.actor, id: thread.id, pinned: false });
    await setLocked({ actor: admin.actor, id: thread.id, locked: false });
    await moveDiscussion({ actor: admin.actor, id: thread.id, categoryId: category.id });
  });

  it("refuses replies in a locked thread to members (the form keeps the text), not to admins", async () => {
    const thread = await createForumDiscussion({
      author: author.actor,
      categoryId: category.id,
      title: "Locked thread",
    });
    await setLocked({ actor: admin.actor, id: thread.id, locked: true });
    const refused = await post(
      postRoute,
      `/es/forums/post/${thread.id}`,
      { intent: "reply", body: "¿Todavía se puede responder?", language: "es" },
      neighbour.cookie,
      { id: thread.id },
    );
    expect(refused.status).toBe(403);
    expect(await shown("es", refused.data.result.error[""][0])).toBe(
      "Esta conversación está cerrada: no admite respuestas nuevas.",
    );
    expect(refused.data.result.initialValue.body).toBe("¿Todavía se puede responder?");
    const page = await load(postRoute, `/forums/post/${thread.id}`, neighbour.cookie, { id: thread.id });
    expect(page.data.viewer.canReply).toBe(false);
    await createForumReply({ author: admin.actor, discussionId: thread.id, body: "Closing note from the moderators." });
    const replies = await getDb().select().from(forumReplies).where(eq(forumReplies.discussionId, thread.id));
    expect(replies.map((reply) => reply.authorId)).toEqual([admin.id]);
  });

  it("manages bilingual categories: create, edit, reorder, with slugs checked", async () => {
    const created = await post(
      adminForums,
      "/admin/forums",
      {
        intent: "category-create",
        slug: "pets",
        nameEn: "Pets",
        nameEs: "Mascotas",
        descriptionEn: "Vets and pet sitters",
        descriptionEs: "",
      },
      admin.cookie,
    );
    expect(created.status).toBe(302);
    const taken = await post(
      adminForums,
      "/admin/forums",
      { intent: "category-create", slug: "pets", nameEn: "Pets again", nameEs: "Mascotas otra vez" },
      admin.cookie,
    );
    expect(taken.status).toBe(409);
    expect(taken.data.result.error.slug).toBeTruthy();
    const hostile = await post(
      adminForums,
      "/admin/forums",
      { intent: "category-create", slug: "../../etc", nameEn: "<script>", nameEs: "" },
      admin.cookie,
    );
    expect(hostile.status).toBe(400);
    const spanish = await listCategories({ language: "es" });
    const pets = spanish.find((item) => item.slug === "pets");
    expect(pets).toMatchObject({ name: "Mascotas", description: "Vets and pet sitters" });
    const order = spanish.map((item) => item.slug);
    await moveCategory({ actor: admin.actor, id: pets?.id as string, direction: "up" });
    const after = (await listCategories({ language: "en" })).map((item) => item.slug);
    expect(after.indexOf("pets")).toBe(order.indexOf("pets") - 1);
  });
});

describe("reading, quoting, likes", () => {
  it("answers 404 with the site's not-found words for a missing category or post, in both languages", async () => {
    const cases = [
      [categoryRoute, "/forums/category/nope", { slug: "nope" }, "Category Not Found"],
      [categoryRoute, "/es/forums/category/nope", { slug: "nope" }, "Categoría no encontrada"],
      [
        postRoute,
        "/forums/post/00000000-0000-4000-8000-000000000000",
        { id: "00000000-0000-4000-8000-000000000000" },
        "Post not found",
      ],
      [postRoute, "/es/forums/post/123", { id: "123" }, "Publicación no encontrada"],
    ] as const;
    for (const [route, path, params, text] of cases) {
      const result = await load(route, path, null, params);
      expect(result.status).toBe(404);
      expect(result.data).toBe(text);
    }
  });

  it("quotes a reply, paginates, and marks posts written in the other language", async () => {
    const thread = await createForumDiscussion({
      author: author.actor,
      categoryId: category.id,
      language: "es",
      title: "Hilo largo",
    });
    const first = await createForumReply({
      author: neighbour.actor,
      discussionId: thread.id,
      body: "The first answer, to be quoted.",
    });
    for (let index = 0; index < 20; index += 1)
      await createForumReply({ author: author.actor, discussionId: thread.id, body: `Filler reply number ${index}` });
    const quoting = await post(
      postRoute,
      `/forums/post/${thread.id}`,
      { intent: "reply", body: "Agreed with this!", language: "en", quote: `reply:${first.id}` },
      admin.cookie,
      { id: thread.id },
    );
    expect(quoting.status).toBe(302);
    expect(quoting.location).toMatch(new RegExp(`^/forums/post/${thread.id}\\?page=2#reply-`));
    const page = await load(postRoute, `/forums/post/${thread.id}?page=2`, null, { id: thread.id });
    expect(page.data.replies).toMatchObject({ page: 2, pageCount: 2, total: 22 });
    const last = page.data.replies.items.at(-1);
    expect(last.quote).toMatchObject({
      kind: "reply",
      id: first.id,
      page: 1,
      author: "Luis V.",
      excerpt: "The first answer, to be quoted.",
    });
    expect(page.data.discussion.language).toBe("es");
    // The Quote link prefills the form for signed-in readers only.
    const prefilled = await load(postRoute, `/forums/post/${thread.id}?quote=post`, neighbour.cookie, {
      id: thread.id,
    });
    expect(prefilled.data.viewer.quote).toEqual({ value: "post", author: "Ana S." });
    const anonymous = await load(postRoute, `/forums/post/${thread.id}?quote=post`, null, { id: thread.id });
    expect(anonymous.data.viewer).toBeNull();
  });

  it("answers ids that name nothing with 404, never a server error", async () => {
    const thread = await createForumDiscussion({ author: author.actor, categoryId: category.id, title: "Odd ids" });
    for (const fields of [
      { intent: "like-reply", id: "not-a-uuid" },
      { intent: "delete-reply", id: "'; drop table forum_replies; --" },
      { intent: "like-reply", id: "00000000-0000-4000-8000-000000000000" },
    ]) {
      const result = await post(postRoute, `/forums/post/${thread.id}`, fields, neighbour.cookie, { id: thread.id });
      expect(result.status, fields.id).toBe(404);
    }
    const unknown = await post(postRoute, `/forums/post/${thread.id}`, { intent: "nonsense" }, neighbour.cookie, {
      id: thread.id,
    });
    expect(unknown.status).toBe(400);
    expect((await load(unsubscribeRoute, "/forums/unsubscribe", null)).status).toBe(404);
    expect((await load(categoryRoute, "/forums/category/%00%ff", null, { slug: "\u0000\u00ff" })).status).toBe(404);
  });

  it("counts one like per person, takes it back on a second click, and refuses liking your own post", async () => {
    const thread = await createForumDiscussion({ author: author.actor, categoryId: category.id, title: "Like me" });
    expect(await toggleLike({ actor: neighbour.actor, target: "post", id: thread.id })).toEqual({ liked: true });
    const liked = await post(postRoute, `/forums/post/${thread.id}`, { intent: "like-post" }, admin.cookie, {
      id: thread.id,
    });
    expect(liked.status).toBe(302);
    let [row] = await getDb().select().from(forumDiscussions).where(eq(forumDiscussions.id, thread.id));
    expect(row.likeCount).toBe(2);
    expect(await toggleLike({ actor: neighbour.actor, target: "post", id: thread.id })).toEqual({ liked: false });
    [row] = await getDb().select().from(forumDiscussions).where(eq(forumDiscussions.id, thread.id));
    expect(row.likeCount).toBe(1);
    await expect(toggleLike({ actor: author.actor, target: "post", id: thread.id })).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("keeps hostile Markdown inert and marks members' links ugc nofollow", async () => {
    const body = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(2)">',
      "[click](javascript:alert(3))",
      '<a href="https://example.com" onclick="alert(4)" style="color:red">site</a>',
      "[guide](/guide) and [nowhere](/does-not-exist)",
      "<iframe src=https://evil.example></iframe>",
    ].join("\n\n");
    const thread = await createForumDiscussion({
      author: neighbour.actor,
      categoryId: category.id,
      title: "Hostile post",
      body,
    });
    const page = await load(postRoute, `/es/forums/post/${thread.id}`, null, { id: thread.id });
    const html = page.data.discussion.html as string;
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<img|style=/i);
    expect(html).toContain('<a href="https://example.com" rel="ugc nofollow noopener noreferrer">site</a>');
    expect(html).toContain('<a href="/es/guide" rel="ugc nofollow">guide</a>');
    expect(html).not.toContain('href="/does-not-exist"');
    // An admin's links are vouched for.
    const [trusted] = await renderPosts([{ body: "[site](https://example.com)", authorId: admin.id }], "en");
    expect(trusted.html).toContain('rel="noopener noreferrer"');
    expect(trusted.html).not.toContain("nofollow");
  });
});

describe("following", () => {
  it("emails followers about a new reply in their own language, not the replier, and one click unsubscribes signed out", async () => {
    const thread = await createForumDiscussion({
      author: author.actor,
      categoryId: category.id,
      title: "Surf lessons for kids?",
    });
    const follow = await post(postRoute, `/es/forums/post/${thread.id}`, { intent: "follow" }, neighbour.cookie, {
      id: thread.id,
    });
    await expectRedirectWithToast(follow, `/es/forums/post/${thread.id}`, "followed");
    await createForumReply({
      author: admin.actor,
      discussionId: thread.id,
      body: "Try the **surf school** in Tamarindo.",
    });

    const emails = await getDb()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, "Nueva respuesta en «Surf lessons for kids?»"));
    expect(emails.map((email) => email.to)).toEqual([neighbour.email]);
    const english = await getDb()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, "New reply in “Surf lessons for kids?”"));
    expect(english.map((email) => email.to)).toEqual([author.email]);
    expect(emails[0].text).toContain("Ada A. respondió");
    expect(emails[0].text).toContain("Try the surf school in Tamarindo.");
    const link = emails[0].text.match(/https?:\/\/\S+\/es\/forums\/unsubscribe\?\S+/)?.[0];
    expect(link).toBeTruthy();
    expect(emails[0].headers).toEqual({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const url = new URL(link as string);

    const tampered = new URL(url);
    tampered.searchParams.set("u", author.id);
    expect((await load(unsubscribeRoute, tampered.pathname + tampered.search, null)).status).toBe(404);

    const page = await load(unsubscribeRoute, url.pathname + url.search, null);
    expect(page.status).toBe(200);
    expect(page.data.discussion.title).toBe("Surf lessons for kids?");
    const rows = await getDb()
      .select()
      .from(forumFollows)
      .where(and(eq(forumFollows.discussionId, thread.id), eq(forumFollows.userId, neighbour.id)));
    expect(rows).toEqual([]);
    // Undo from the same page.
    await post(unsubscribeRoute, url.pathname + url.search, { intent: "follow" }, null);
    const again = await getDb()
      .select()
      .from(forumFollows)
      .where(and(eq(forumFollows.discussionId, thread.id), eq(forumFollows.userId, neighbour.id)));
    expect(again).toHaveLength(1);

    // The dashboard lists it and unfollows from there.
    const dashboard = await load(dashboardForums, "/dashboard/forums", neighbour.cookie);
    expect(dashboard.data.follows.map((item: { id: string }) => item.id)).toContain(thread.id);
    const unfollowed = await post(
      dashboardForums,
      "/dashboard/forums",
      { intent: "unfollow", discussionId: thread.id },
      neighbour.cookie,
    );
    expect(unfollowed.status).toBe(302);
    const dashboardAfter = await load(dashboardForums, "/dashboard/forums", neighbour.cookie);
    expect(dashboardAfter.data.follows.map((item: { id: string }) => item.id)).not.toContain(thread.id);
  });
});

describe("posts waiting for review", () => {
  it("holds a new account's first posts for review: shown to the author only, off lists and search, no emails", async () => {
    const newcomer = await person({ newcomer: true, firstName: "Nuevo" });
    const thread = await createForumDiscussion({
      author: newcomer.actor,
      categoryId: category.id,
      title: "Pending zebra question",
    });
    expect(thread.status).toBe("pending");
    expect((await load(postRoute, `/forums/post/${thread.id}`, null, { id: thread.id })).status).toBe(404);
    expect((await load(postRoute, `/forums/post/${thread.id}`, neighbour.cookie, { id: thread.id })).status).toBe(404);
    const own = await load(postRoute, `/forums/post/${thread.id}`, newcomer.cookie, { id: thread.id });
    expect(own.data.discussion.status).toBe("pending");
    expect(own.data.head.noindex).toBe(true);
    const list = await load(categoryRoute, "/forums/category/recommendations", null, { slug: "recommendations" });
    expect(list.data.list.items.map((item: { id: string }) => item.id)).not.toContain(thread.id);
    const mine = await load(categoryRoute, "/forums/category/recommendations", newcomer.cookie, {
      slug: "recommendations",
    });
    expect(mine.data.pending.map((item: { id: string }) => item.id)).toEqual([thread.id]);
    expect(await searchSite({ query: "zebra", language: "en", kinds: ["forum_post"] })).toEqual([]);

    const open = await createForumDiscussion({ author: author.actor, categoryId: category.id, title: "Open thread" });
    const emailsBefore = (await getDb().select().from(emailOutbox)).length;
    const reply = await createForumReply({ author: newcomer.actor, discussionId: open.id, body: "Pending reply text" });
    expect(reply.status).toBe("pending");
    expect((await getDb().select().from(emailOutbox)).length).toBe(emailsBefore);
    const anonymous = await listReplies({ discussionId: open.id, viewer: null, page: 1 });
    expect(anonymous.items).toEqual([]);
    const forAuthor = await listReplies({ discussionId: open.id, viewer: newcomer.actor, page: 1 });
    expect(forAuthor.items.map((item) => item.status)).toEqual(["pending"]);
    const [row] = await getDb().select().from(forumDiscussions).where(eq(forumDiscussions.id, open.id));
    expect(row.replyCount).toBe(0);
    await expect(getDiscussion({ id: thread.id, viewer: admin.actor, language: "en" })).resolves.toMatchObject({
      status: "pending",
    });

    // Approved from the moderation queue: public, counted, indexed, and the followers hear of the reply.
    for (const item of [
      { kind: "forum_post" as const, itemId: thread.id },
      { kind: "forum_reply" as const, itemId: reply.id },
    ])
      await decideItem({ ...item, actor: admin.actor, decision: "approve" });
    expect((await load(postRoute, `/forums/post/${thread.id}`, null, { id: thread.id })).status).toBe(200);
    expect(
      (await searchSite({ query: "zebra", language: "es", kinds: ["forum_post"] })).map((hit) => hit.refId),
    ).toEqual([thread.id]);
    const [after] = await getDb().select().from(forumDiscussions).where(eq(forumDiscussions.id, open.id));
    expect(after.replyCount).toBe(1);
    const emails = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, author.email));
    expect(emails.filter((email) => email.text.includes("Pending reply text"))).toHaveLength(1);

    // Hidden later by three members' reports and approved again: the followers heard of it once.
    let hidden = false;
    for (const name of ["Rita", "Rolf", "Rosa"]) {
      const reporter = await person({ firstName: name });
      ({ hidden } = await reportItem({ kind: "forum_reply", itemId: reply.id, actor: reporter.actor, reason: "spam" }));
    }
    expect(hidden).toBe(true);
    await decideItem({ kind: "forum_reply", itemId: reply.id, actor: admin.actor, decision: "approve" });
    const again = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, author.email));
    expect(again.filter((email) => email.text.includes("Pending reply text"))).toHaveLength(1);
  });

  it("refuses a suspended member's post with the suspension's words, keeping what they typed", async () => {
    const suspended = await person({ firstName: "Sus" });
    await suspendUser(suspended.id, 7, "Repeated spam");
    const result = await post(
      newRoute,
      "/forums/new",
      {
        categoryId: category.id,
        title: "Buy cheap sunglasses",
        body: "Great deals on sunglasses, message me.",
        language: "en",
      },
      suspended.cookie,
    );
    expect(result.status).toBe(403);
    expect(await shown("en", result.data.result.error[""][0])).toMatch(/suspended until .*Repeated spam/);
    expect(result.data.result.initialValue.title).toBe("Buy cheap sunglasses");
    const thread = await createForumDiscussion({
      author: author.actor,
      categoryId: category.id,
      title: "Open for replies",
    });
    const reply = await post(
      postRoute,
      `/es/forums/post/${thread.id}`,
      { intent: "reply", body: "Mi respuesta", language: "es" },
      suspended.cookie,
      { id: thread.id },
    );
    expect(reply.status).toBe(403);
    expect(reply.data.result.initialValue.body).toBe("Mi respuesta");
  });

  it("gives a new account's over-limit post the limit's message on the form", async () => {
    const newcomer = await person({ newcomer: true });
    const result = await post(
      newRoute,
      "/forums/new",
      {
        categoryId: category.id,
        title: "Lots of links here",
        body: "See https://a.example and https://b.example and https://c.example",
        language: "en",
      },
      newcomer.cookie,
    );
    expect(result.status).toBe(400);
    expect(result.data.result.error.body).toHaveLength(1);
    expect(result.data.result.initialValue.body).toContain("https://c.example");
  });

  it("holds a new account's edits to the same link and mention limits as its posts", async () => {
    const newcomer = await person({ newcomer: true });
    const thread = await createForumDiscussion({
      author: newcomer.actor,
      categoryId: category.id,
      title: "Plain at first",
      body: "No links here.",
    });
    const open = await createForumDiscussion({ author: author.actor, categoryId: category.id, title: "Open thread" });
    const reply = await createForumReply({ author: newcomer.actor, discussionId: open.id, body: "Plain reply" });
    const linky = "Now see https://a.example and https://b.example and https://c.example";
    await expect(
      editDiscussion({ actor: newcomer.actor, id: thread.id, title: "Plain at first", body: linky, language: "en" }),
    ).rejects.toMatchObject({ messageKey: "moderation:errors.tooManyLinks" });
    await expect(
      editReply({ actor: newcomer.actor, replyId: reply.id, body: "@ana @beto @carla @dani hello", language: "en" }),
    ).rejects.toMatchObject({ messageKey: "moderation:errors.tooManyMentions" });
    const [saved] = await getDb().select().from(forumDiscussions).where(eq(forumDiscussions.id, thread.id));
    expect(saved.body).toBe("No links here.");
    // Within the limits, the edit saves.
    await editReply({ actor: newcomer.actor, replyId: reply.id, body: "One link: https://a.example", language: "en" });
  });

  it("lets members report a post and a reply once; three reports from established members hide it", async () => {
    const thread = await createForumDiscussion({
      author: author.actor,
      categoryId: category.id,
      title: "Reported thread",
    });
    const reply = await createForumReply({ author: author.actor, discussionId: thread.id, body: "Reported reply" });
    const reporters = [neighbour, await person(), await person()];
    for (const reporter of reporters) {
      const result = await post(
        reportRoute,
        "/moderation/report",
        { kind: "forum_reply", itemId: reply.id, reason: "spam", returnTo: `/forums/post/${thread.id}` },
        reporter.cookie,
      );
      await expectRedirectWithToast(result, `/forums/post/${thread.id}`, "itemReported");
    }
    const again = await post(
      reportRoute,
      "/moderation/report",
      { kind: "forum_reply", itemId: reply.id, reason: "spam", returnTo: `/forums/post/${thread.id}` },
      neighbour.cookie,
    );
    expect(again.status).toBe(409);
    const [row] = await getDb().select().from(forumReplies).where(eq(forumReplies.id, reply.id));
    expect(row.status).toBe("pending");
    const page = await load(postRoute, `/forums/post/${thread.id}`, null, { id: thread.id });
    expect(page.data.replies.items).toEqual([]);
    const own = await post(
      reportRoute,
      "/moderation/report",
      { kind: "forum_post", itemId: thread.id, reason: "spam", returnTo: `/forums/post/${thread.id}` },
      author.cookie,
    );
    expect(own.status).toBe(403);
  });
});

describe("the community page", () => {
  it("shows the local groups, the biggest first, and never one waiting for review", async () => {
    const big = await createTestGroup({
      name: "Biggest Beach Group",
      memberCount: 900_000,
      memberCountOn: "2026-11-01",
    });
    const waiting = await createTestGroup({ name: "Waiting Group", status: "pending", memberCount: 950_000 });
    const page = await load(communityRoute, "/es/community", null);
    const ids = page.data.groups.map((group: { id: string }) => group.id);
    expect(ids[0]).toBe(big.id);
    expect(ids).not.toContain(waiting.id);
    expect(ids.length).toBeLessThanOrEqual(4);
    expect(page.data.groups[0]).toMatchObject({ name: "Biggest Beach Group", description: "Un grupo de prueba." });
  });

  it("lists categories with counts and their latest thread, and the call to action depends on signing in", async () => {
    const thread = await createForumDiscussion({
      author: author.actor,
      categoryId: other.id,
      title: "Latest in housing",
    });
    const anonymous = await load(communityRoute, "/community", null);
    expect(anonymous.data.signedIn).toBe(false);
    const housing = anonymous.data.categories.find((item: { slug: string }) => item.slug === "housing");
    expect(housing.latest.id).toBe(thread.id);
    expect(housing.discussionCount).toBeGreaterThanOrEqual(1);
    const spanish = await load(communityRoute, "/es/community", null);
    expect(spanish.data.categories.map((item: { name: string }) => item.name)).toContain("Vivienda");
    const signedIn = await load(communityRoute, "/community", neighbour.cookie);
    expect(signedIn.data.signedIn).toBe(true);
    const before = await forumsVersion();
    await createForumReply({ author: neighbour.actor, discussionId: thread.id });
    expect(await forumsVersion()).toBeGreaterThan(before);
  });

  it("shows a new discussion on the next page within the same minute, though its blocks are remembered", async () => {
    const first = await load(communityRoute, "/community", neighbour.cookie);
    const newer = await createForumDiscussion({
      author: author.actor,
      categoryId: other.id,
      title: "Newer in housing",
    });
    expect(first.data.latest.map((item: { id: string }) => item.id)).not.toContain(newer.id);
    // As the server does once a write's response goes out (server/app.ts).
    void refreshContentVersions();
    for (const cookie of [neighbour.cookie, null]) {
      const page = await load(communityRoute, "/community", cookie);
      expect(page.data.latest.map((item: { id: string }) => item.id)).toContain(newer.id);
      const housing = page.data.categories.find((item: { slug: string }) => item.slug === "housing");
      expect(housing.latest.id).toBe(newer.id);
    }
  });
});
