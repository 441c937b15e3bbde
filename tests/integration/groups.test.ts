import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseInviteLink } from "#app/features/groups/constants";
import { suggestGroupSchema } from "#app/features/groups/forms";
import { groupAdapter } from "#app/features/groups/group-moderation.server";
import { siteToday } from "#app/features/groups/groups.server";
import { checkInviteLink, type LinkFetcher, runGroupLinkChecks } from "#app/features/groups/link-check.server";
import { communityGroups } from "#app/features/groups/schema";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { contentVersions } from "#app/lib/response-cache/schema";
import { searchSite } from "#app/lib/search/index.server";
import { auditLog } from "#app/platform/audit/schema";
import { decideItem, listModerationQueue } from "#app/platform/moderation/moderation.server";
import * as page from "#app/routes/_public/groups";
import { createTestUser, signInCookie } from "#tests/factories/accounts";
import { expectRedirectWithToast } from "#tests/factories/flash";
import { createTestGroup, getTestGroup } from "#tests/factories/groups";
import { suspendUser } from "#tests/factories/moderation";
import { callRoute, getRequest, postForm, shown } from "#tests/factories/route-calls";

// Local groups: only https invite links on known hosts, hostile input refused with nothing written,
// suggest → pending (not public) → approved through the moderation adapter → public, the verified
// mark with its recorded proof and audit entry, dated member counts, filters, and the link checker
// against a local fake fetcher (live, dead, redirect, timeout; idempotent under parallel runs).

const dataDir = mkdtempSync(path.join(tmpdir(), "playa-groups-"));
process.env.DATA_DIR = dataDir;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type TestUser = Awaited<ReturnType<typeof createTestUser>>;
let admin: TestUser;
let member: TestUser;
let cookies: { admin: string; member: string };

beforeAll(async () => {
  clearRateLimitersForTests();
  admin = await createTestUser({ roles: ["admin"], firstName: "Ana" });
  member = await createTestUser({ firstName: "Vera" });
  cookies = { admin: await signInCookie(admin.email), member: await signInCookie(member.email) };
});

beforeEach(() => clearRateLimitersForTests());

const loadPage = (query = "", cookie?: string | null, language: "en" | "es" = "en") =>
  callRoute(page, "loader", getRequest(`${language === "es" ? "/es" : ""}/groups${query}`, cookie));

const post = (fields: Record<string, string>, cookie: string | null, language: "en" | "es" = "en") =>
  postForm(page, `${language === "es" ? "/es" : ""}/groups`, fields, cookie);

async function groupCount() {
  const [row] = await getDb().select({ n: count() }).from(communityGroups);
  return Number(row.n);
}

async function groupsVersion() {
  const [row] = await getDb()
    .select({ version: contentVersions.version })
    .from(contentVersions)
    .where(eq(contentVersions.kind, "groups"));
  return Number(row?.version ?? 0);
}

const suggestion = (overrides: Record<string, string> = {}) => ({
  intent: "suggest",
  inviteUrl: `https://chat.whatsapp.com/Test${Math.random().toString(36).slice(2, 12)}`,
  name: "Flamingo Dog Walkers",
  descriptionEn: "Morning walks on the beach with our dogs.",
  descriptionEs: "",
  topic: "pets",
  area: "playa-flamingo",
  language: "both",
  memberCount: "",
  ...overrides,
});

describe("invite links", () => {
  it("accepts https invite links on the known hosts only", () => {
    const accepted = [
      "https://chat.whatsapp.com/AbCdEf123456",
      "https://t.me/+AbCdEf123456",
      "https://t.me/joinchat/AbCdEf123456",
      "https://telegram.me/flamingo_surf",
      "https://facebook.com/groups/flamingo.neighbours",
      "https://www.facebook.com/groups/123456789/",
      "https://m.facebook.com/groups/flamingo",
      "https://signal.group/#CjQKIAbCdEf123456",
    ];
    for (const url of accepted) expect(parseInviteLink(url), url).not.toBeNull();
    const refused = [
      "http://chat.whatsapp.com/AbCdEf123456",
      "javascript:alert(1)//chat.whatsapp.com/AbCdEf",
      "data:text/html,chat.whatsapp.com",
      "https://chat.whatsapp.com.evil.example/AbCdEf123456",
      "https://evil.example/chat.whatsapp.com/AbCdEf123456",
      "https://user:pass@chat.whatsapp.com/AbCdEf123456",
      "https://chat.whatsapp.com:8443/AbCdEf123456",
      "https://www.whatsapp.com/",
      "https://facebook.com/profile.php?id=1",
      "https://l.facebook.com/l.php?u=https://evil.example",
      "https://signal.group/",
      "https://t.me/",
      "https://chat.whatsapp.com/AbCdEf123456#fragment",
      "https://chat.whatsapp.com/Ab Cd",
    ];
    for (const url of refused) expect(parseInviteLink(url), url).toBeNull();
  });

  it("says why a link is refused, in both languages", async () => {
    const http = suggestGroupSchema.safeParse(suggestion({ inviteUrl: "http://chat.whatsapp.com/AbCdEf123456" }));
    const host = suggestGroupSchema.safeParse(suggestion({ inviteUrl: "https://evil.example/groups/x" }));
    expect(http.success).toBe(false);
    expect(host.success).toBe(false);
    const httpMessage = http.error?.issues.find((issue) => issue.path[0] === "inviteUrl")?.message ?? "";
    const hostMessage = host.error?.issues.find((issue) => issue.path[0] === "inviteUrl")?.message ?? "";
    expect(httpMessage).toBe("groups:form.errors.linkHttps");
    expect(hostMessage).toBe("groups:form.errors.linkHost");
    expect(await shown("es", hostMessage)).toContain("chat.whatsapp.com");
    expect(await shown("en", httpMessage)).toBe("The link must start with https://.");
  });
});

describe("suggesting a group", () => {
  it("sends a signed-out visitor to sign in and writes nothing", async () => {
    const before = await groupCount();
    const result = await post(suggestion(), null);
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/auth\?redirectTo=/);
    expect(await groupCount()).toBe(before);
  });

  it("refuses hostile input with a translated field message and writes nothing", async () => {
    const before = await groupCount();
    const cases: [Record<string, string>, string, string][] = [
      [{ inviteUrl: "http://chat.whatsapp.com/AbCdEf123456" }, "inviteUrl", "groups:form.errors.linkHttps"],
      [{ inviteUrl: "https://evil.example/AbCdEf123456" }, "inviteUrl", "groups:form.errors.linkHost"],
      [{ inviteUrl: "javascript:alert(document.cookie)" }, "inviteUrl", "groups:form.errors.linkHttps"],
      [{ name: "<script>alert(1)</script>" }, "name", "groups:form.errors.invalidCharacters"],
      [{ name: "x".repeat(500) }, "name", "groups:form.errors.tooLong"],
      [{ descriptionEn: "", descriptionEs: "" }, "descriptionEn", "groups:form.errors.descriptionRequired"],
      [{ descriptionEn: "bad\u0000byte" }, "descriptionEn", "groups:form.errors.invalidCharacters"],
      [{ topic: "crypto" }, "topic", "groups:form.errors.topic"],
      [{ area: "'; drop table community_groups; --" }, "area", "groups:form.errors.area"],
      [{ area: "atlantis" }, "area", "groups:form.errors.area"],
      [{ language: "fr" }, "language", "groups:form.errors.language"],
      [{ memberCount: "-5" }, "memberCount", "groups:form.errors.memberCount"],
      [{ memberCount: "lots" }, "memberCount", "groups:form.errors.memberCount"],
    ];
    for (const language of ["en", "es"] as const) {
      for (const [fields, field, key] of cases) {
        const result = await post(suggestion(fields), cookies.member, language);
        expect(result.status, JSON.stringify(fields)).toBe(400);
        expect(result.data.result.error[field], JSON.stringify(fields)).toEqual([key]);
        expect(await shown(language, key)).not.toBe(key);
        // What was typed comes back with the error.
        expect(result.data.result.initialValue.name).toBe(suggestion(fields).name);
      }
    }
    expect(await groupCount()).toBe(before);
  });

  it("refuses a link that is already listed", async () => {
    const existing = await createTestGroup();
    const before = await groupCount();
    const result = await post(suggestion({ inviteUrl: existing.inviteUrl }), cookies.member);
    expect(result.status).toBe(409);
    expect(result.data.result.error.inviteUrl).toEqual(["groups:form.errors.linkTaken"]);
    expect(await groupCount()).toBe(before);
  });

  it("saves a suggestion as pending: not public until an admin approves it, then public", async () => {
    const fields = suggestion({ name: "Pending Pets Club", memberCount: "1,234" });
    const result = await post(fields, cookies.member);
    await expectRedirectWithToast(result, "/groups#mine", "groupSuggested");
    const [saved] = await getDb().select().from(communityGroups).where(eq(communityGroups.inviteUrl, fields.inviteUrl));
    expect(saved).toMatchObject({
      status: "pending",
      statusReason: "suggested",
      suggestedBy: member.id,
      platform: "whatsapp",
      memberCount: 1234,
      memberCountOn: siteToday(),
      verifiedAt: null,
    });

    // Not on the public page, for anyone; the author sees it waiting.
    const anonymous = await loadPage();
    expect(anonymous.data.groups.map((group: { id: string }) => group.id)).not.toContain(saved.id);
    const mine = await loadPage("", cookies.member);
    expect(mine.data.groups.map((group: { id: string }) => group.id)).not.toContain(saved.id);
    expect(mine.data.mine).toEqual([expect.objectContaining({ id: saved.id, statusReason: "suggested" })]);

    // The moderation queue's adapter describes it and approves it, bumping the cached page.
    const described = await groupAdapter.describe([saved.id], getDb());
    expect(described.get(saved.id)).toMatchObject({
      authorId: member.id,
      title: "Pending Pets Club",
      status: "pending",
      href: `/groups#group-${saved.id}`,
    });
    const version = await groupsVersion();
    await getDb().transaction((tx) => groupAdapter.setStatus(saved.id, "published", tx));
    expect(await groupsVersion()).toBeGreaterThan(version);
    const after = await loadPage();
    const card = after.data.groups.find((group: { id: string }) => group.id === saved.id);
    expect(card).toMatchObject({ name: "Pending Pets Club", memberCount: 1234, verifiedOn: null });
    expect((await getTestGroup(saved.id)).publishedAt).not.toBeNull();
    expect((await loadPage("", cookies.member)).data.mine).toEqual([]);
  });
});

describe("the moderation queue", () => {
  it("shows a suggestion in the shared queue; the admin's approval publishes it", async () => {
    const fields = suggestion({ name: "Queue Tested Group" });
    const posted = await post(fields, cookies.member);
    expect(posted.status, JSON.stringify(posted.data)).toBe(302);
    const [saved] = await getDb()
      .select({ id: communityGroups.id })
      .from(communityGroups)
      .where(eq(communityGroups.inviteUrl, fields.inviteUrl));
    const adminActor = { id: admin.id, role: "admin" as const };
    const queue = await listModerationQueue({ actor: adminActor });
    const entry = queue.find((row) => row.kind === "group" && row.item.id === saved.id);
    expect(entry?.item).toMatchObject({ title: "Queue Tested Group", status: "pending" });
    expect(entry?.author?.id).toBe(member.id);
    const search = () => searchSite({ query: "Queue Tested", language: "es", kinds: ["group"] });
    expect(await search()).toEqual([]);
    await decideItem({ kind: "group", itemId: saved.id, actor: adminActor, decision: "approve" });
    const ids = (await loadPage()).data.groups.map((group: { id: string }) => group.id);
    expect(ids).toContain(saved.id);
    // Published, it is found by the site-wide search in the visitor's language; hidden, it is not.
    expect(await search()).toEqual([expect.objectContaining({ refId: saved.id, url: `/es/groups#group-${saved.id}` })]);
    await decideItem({
      kind: "group",
      itemId: saved.id,
      actor: adminActor,
      decision: "hide",
      reason: "Not a local group",
    });
    expect(await search()).toEqual([]);
  });

  it("refuses a suggestion from a suspended account and writes nothing", async () => {
    const suspended = await createTestUser({ firstName: "Sus" });
    const cookie = await signInCookie(suspended.email);
    await suspendUser(suspended.id, 3, "Spam links");
    const before = await groupCount();
    const result = await post(suggestion(), cookie);
    expect(result.status).toBe(403);
    expect(JSON.stringify(result.data)).toContain("common:errors.suspended");
    expect(await groupCount()).toBe(before);
  });
});

describe("verification and member counts", () => {
  it("lets an admin verify a group with a proof note, recorded on the group and in the audit log", async () => {
    const group = await createTestGroup({ name: "Verified Surf Crew" });
    const refused = await post(
      { intent: "verify", groupId: group.id, proofNote: "I just think so, trust me." },
      cookies.member,
    );
    expect(refused.status).toBe(403);
    expect((await getTestGroup(group.id)).verifiedAt).toBeNull();

    const tooShort = await post({ intent: "verify", groupId: group.id, proofNote: "ok" }, cookies.admin);
    expect(tooShort.status).toBe(400);
    expect(tooShort.data.result.error.proofNote).toEqual(["groups:form.errors.proofRequired"]);

    const proof = "Owner added me as co-admin of the chat on 12 Nov; screenshot kept.";
    const result = await post({ intent: "verify", groupId: group.id, proofNote: proof }, cookies.admin, "es");
    await expectRedirectWithToast(result, `/es/groups#group-${group.id}`, "groupVerified");
    const saved = await getTestGroup(group.id);
    expect(saved.verifiedBy).toBe(admin.id);
    expect(saved.verificationProof).toBe(proof);
    expect(saved.verifiedAt).not.toBeNull();
    const [entry] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "group.verify"), eq(auditLog.targetId, group.id)));
    expect(entry).toMatchObject({ actorId: admin.id, targetType: "group" });
    expect(entry.details).toMatchObject({ proof });

    const card = (await loadPage()).data.groups.find((row: { id: string }) => row.id === group.id);
    expect(card.verifiedOn).toBe(siteToday());
    // Admins see who verified it and the proof; nobody else gets the admin details.
    const adminPage = await loadPage("", cookies.admin);
    expect(adminPage.data.admin.details[group.id].verification).toMatchObject({ proof });
    expect((await loadPage("", cookies.member)).data.admin).toBeNull();
    expect((await loadPage()).data.admin).toBeNull();
  });

  it("records a member count with the day it was counted, never a future day", async () => {
    const group = await createTestGroup({ name: "Counted Group" });
    const future = await post(
      { intent: "count", groupId: group.id, memberCount: "50", countedOn: "2999-01-01" },
      cookies.admin,
    );
    expect(future.status).toBe(400);
    expect(future.data.result.error.countedOn).toEqual(["groups:form.errors.countedOnFuture"]);
    const byMember = await post(
      { intent: "count", groupId: group.id, memberCount: "50", countedOn: "2026-11-12" },
      cookies.member,
    );
    expect(byMember.status).toBe(403);
    const result = await post(
      { intent: "count", groupId: group.id, memberCount: "1234", countedOn: "2026-11-12" },
      cookies.admin,
    );
    await expectRedirectWithToast(result, `/groups#group-${group.id}`, "memberCountSaved");
    const card = (await loadPage()).data.groups.find((row: { id: string }) => row.id === group.id);
    expect(card).toMatchObject({ memberCount: 1234, memberCountOn: "2026-11-12" });
    const [entry] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "group.memberCount"), eq(auditLog.targetId, group.id)));
    expect(entry.details).toEqual({ memberCount: 1234, countedOn: "2026-11-12" });
  });

  it("refuses a made-up group id without a 500", async () => {
    const result = await post(
      { intent: "verify", groupId: "not-a-uuid", proofNote: "a proof note long enough" },
      cookies.admin,
    );
    expect(result.status).toBe(400);
    const missing = await post(
      { intent: "verify", groupId: "00000000-0000-4000-8000-000000000000", proofNote: "a proof note long enough" },
      cookies.admin,
    );
    expect(missing.status).toBe(404);
    const unknown = await post({ intent: "launch" }, cookies.member);
    expect(unknown.status).toBe(400);
  });
});

describe("the public list", () => {
  it("filters by topic, area and language, and shows the other language's description with a marker", async () => {
    const surf = await createTestGroup({
      topic: "surf",
      areaSlug: "brasilito",
      language: "es",
      descriptionEs: "Olas.",
      descriptionEn: "",
    });
    const pets = await createTestGroup({ topic: "pets", areaSlug: "playa-flamingo", language: "en" });
    const ids = (result: Awaited<ReturnType<typeof loadPage>>) => result.data.groups.map((g: { id: string }) => g.id);
    expect(ids(await loadPage("?topic=surf"))).toContain(surf.id);
    expect(ids(await loadPage("?topic=surf"))).not.toContain(pets.id);
    expect(ids(await loadPage("?area=brasilito"))).not.toContain(pets.id);
    expect(ids(await loadPage("?language=en"))).toContain(pets.id);
    expect(ids(await loadPage("?language=en"))).not.toContain(surf.id);
    // Nonsense in the query is ignored, not an error.
    const odd = await loadPage("?topic=%3Cscript%3E&area=../../etc&language=xx");
    expect(odd.status).toBe(200);
    expect(odd.data.filtered).toBe(false);
    const card = (await loadPage()).data.groups.find((g: { id: string }) => g.id === surf.id);
    expect(card).toMatchObject({ description: "Olas.", descriptionLanguage: "es" });
    const spanish = (await loadPage("", null, "es")).data.groups.find((g: { id: string }) => g.id === surf.id);
    expect(spanish.descriptionLanguage).toBeNull();
    const none = await loadPage("?topic=volunteering&area=huacas");
    expect(none.data.groups).toEqual([]);
    expect(none.data.anyPublished).toBe(true);
  });
});

describe("the link checker", () => {
  type Behaviour = "live" | "dead" | "gone" | "offsite" | "home" | "hop" | "timeout" | "head-refused";
  /** A fake of the platforms: the path names how the link behaves. Counts the requests per URL. */
  function fakeFetcher() {
    const calls = new Map<string, number>();
    const fetcher: LinkFetcher = async (url, init) => {
      calls.set(url, (calls.get(url) ?? 0) + 1);
      const behaviour = (new URL(url).pathname.match(/Fake([a-z-]+)X/)?.[1] ?? "live") as Behaviour;
      switch (behaviour) {
        case "live":
          return { status: 200, location: null };
        case "dead":
          return { status: 404, location: null };
        case "gone":
          return { status: 410, location: null };
        case "offsite":
          return { status: 302, location: "https://evil.example/landing" };
        case "home":
          return { status: 301, location: "https://www.whatsapp.com/" };
        case "hop":
          return { status: 302, location: url.replace("FakehopX", "FakeliveX") };
        case "head-refused":
          return init.method === "HEAD" ? { status: 405, location: null } : { status: 200, location: null };
        case "timeout":
          return new Promise((_, reject) => {
            init.signal.addEventListener("abort", () => reject(init.signal.reason));
          });
      }
    };
    return { fetcher, calls };
  }

  it("judges one link: live, dead, redirected off the invite links, timeout", async () => {
    const { fetcher } = fakeFetcher();
    const check = (name: string) =>
      checkInviteLink(`https://chat.whatsapp.com/Fake${name}X123`, { fetcher, timeoutMs: 50 });
    expect(await check("live")).toBe("live");
    expect(await check("hop")).toBe("live");
    expect(await check("head-refused")).toBe("live");
    expect(await check("dead")).toBe("dead");
    expect(await check("gone")).toBe("dead");
    expect(await check("offsite")).toBe("redirected");
    expect(await check("home")).toBe("redirected");
    expect(await check("timeout")).toBe("timeout");
  });

  it("flags a link dead after two failed checks in a row: it leaves the public list for the queue", async () => {
    await getDb()
      .update(communityGroups)
      .set({ linkNextCheckAt: new Date(Date.now() + 30 * 86_400_000) });
    const due = new Date(Date.now() - 1000);
    const live = await createTestGroup({ inviteUrl: "https://chat.whatsapp.com/FakeliveXa1", linkNextCheckAt: due });
    const dead = await createTestGroup({ inviteUrl: "https://chat.whatsapp.com/FakedeadXa2", linkNextCheckAt: due });
    const moved = await createTestGroup({ inviteUrl: "https://t.me/FakeoffsiteXa3", linkNextCheckAt: due });
    const slow = await createTestGroup({ inviteUrl: "https://chat.whatsapp.com/FaketimeoutXa4", linkNextCheckAt: due });
    const demo = await createTestGroup({
      inviteUrl: "https://chat.whatsapp.com/FakedeadXdemo",
      linkNextCheckAt: due,
      isDemo: true,
    });
    const { fetcher, calls } = fakeFetcher();
    const now = new Date();
    const first = await runGroupLinkChecks({ fetcher, now, timeoutMs: 50 });
    expect(new Map(first.checked.map((row) => [row.id, row.result]))).toEqual(
      new Map([
        [live.id, "live"],
        [dead.id, "dead"],
        [moved.id, "redirected"],
        [slow.id, "timeout"],
      ]),
    );
    expect(first.flagged).toEqual([]);
    expect(calls.has(demo.inviteUrl)).toBe(false);
    // One failure: still public, retried in an hour.
    expect(await getTestGroup(dead.id)).toMatchObject({
      status: "published",
      linkFailures: 1,
      linkCheckResult: "dead",
    });
    expect((await getTestGroup(live.id)).linkNextCheckAt.getTime()).toBeGreaterThan(now.getTime() + 6 * 86_400_000);

    // Not due again before the retry time.
    expect(
      (await runGroupLinkChecks({ fetcher, now: new Date(now.getTime() + 60_000), timeoutMs: 50 })).checked,
    ).toEqual([]);

    const version = await groupsVersion();
    const second = await runGroupLinkChecks({ fetcher, now: new Date(now.getTime() + 2 * 3_600_000), timeoutMs: 50 });
    expect(new Set(second.flagged)).toEqual(new Set([dead.id, moved.id, slow.id]));
    expect(await groupsVersion()).toBeGreaterThan(version);
    for (const id of [dead.id, moved.id, slow.id]) {
      const row = await getTestGroup(id);
      expect(row).toMatchObject({ status: "pending", statusReason: "dead-link", linkFailures: 2 });
      expect(row.linkDeadAt).not.toBeNull();
    }
    const publicIds = (await loadPage()).data.groups.map((g: { id: string }) => g.id);
    expect(publicIds).toContain(live.id);
    expect(publicIds).not.toContain(dead.id);
    expect(publicIds).not.toContain(slow.id);
    const queued = await groupAdapter.describe([dead.id], getDb());
    expect(queued.get(dead.id)?.status).toBe("pending");

    // An admin who re-approves it clears the flag and the failure count.
    await getDb().transaction((tx) => groupAdapter.setStatus(dead.id, "published", tx));
    expect(await getTestGroup(dead.id)).toMatchObject({ status: "published", linkFailures: 0, linkDeadAt: null });
  });

  it("checks each group once when two runs go at the same time", async () => {
    await getDb()
      .update(communityGroups)
      .set({ linkNextCheckAt: new Date(Date.now() + 30 * 86_400_000) });
    const due = new Date(Date.now() - 1000);
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        createTestGroup({ inviteUrl: `https://chat.whatsapp.com/FakeliveXpar${n}`, linkNextCheckAt: due }),
      ),
    );
    const { fetcher, calls } = fakeFetcher();
    const now = new Date();
    const [a, b] = await Promise.all([
      runGroupLinkChecks({ fetcher, now, timeoutMs: 50 }),
      runGroupLinkChecks({ fetcher, now, timeoutMs: 50 }),
    ]);
    const checked = [...a.checked, ...b.checked].map((row) => row.id).sort();
    expect(checked).toEqual(made.map((group) => group.id).sort());
    for (const group of made) expect(calls.get(group.inviteUrl)).toBe(1);
  });
});
