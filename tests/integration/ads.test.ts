import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { adFigures, dailyAdReach, flushAdStats, forgetLiveAds, pickHouseAd } from "#app/features/ads/placement.server";
import { adStats, houseAds } from "#app/features/ads/schema";
import { grantPlan } from "#app/features/billing/grants.server";
import { getDb } from "#app/lib/db.server";
import { logger } from "#app/lib/logger.server";
import { type ObjectStore, setObjectStore } from "#app/lib/object-store.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { versionOf } from "#app/lib/response-cache/versions.server";
import { auditLog } from "#app/platform/audit/schema";
import { emailOutbox } from "#app/platform/outbox/schema";
import { subscriptions } from "#app/platform/plans/schema";
import { listAreas } from "#app/platform/site/site-config.server";
import * as businessPage from "#app/routes/_public/business/$slug";
import * as directoryPage from "#app/routes/_public/directory";
import * as adminAd from "#app/routes/admin/ads/$adId";
import * as adminAds from "#app/routes/admin/ads/index";
import * as adError from "#app/routes/api/v1/ads/error";
import * as ownerAd from "#app/routes/dashboard/ads/$adId";
import * as ownerAds from "#app/routes/dashboard/ads/index";
import * as adClick from "#app/routes/resources/ads/$id/click";
import { createSignedInUser } from "#tests/factories/accounts";
import { createBusiness } from "#tests/factories/directory";
import { getRequest, postRequest, run, testContext } from "#tests/factories/route-calls";

// House ads end to end through the routes: an admin's placement, an owner's ad through a plan
// and its review, targeting, counting (served impressions and clicks, crawlers and repeats left
// out), the click redirect, hostile form input, and the failed-script report.

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Safari/537.36";
const crawler = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let admin: Awaited<ReturnType<typeof createSignedInUser>>;
const stored = new Map<string, Buffer>();
const memoryStore: ObjectStore = {
  kind: "disk",
  async put(key, body) {
    stored.set(key, body);
  },
  async get(key) {
    return stored.get(key) ?? null;
  },
  async delete(key) {
    stored.delete(key);
  },
};

type Module = { action?: unknown; loader?: unknown };
function call(module: Module, kind: "action" | "loader", request: Request, params = {}, ip?: string) {
  const fn = module[kind] as (args: unknown) => Promise<unknown>;
  return run(() => fn({ request, params, context: testContext(ip) }));
}

function page(path: string, options: { userAgent?: string } = {}) {
  return new Request(`http://localhost${path}`, { headers: { "user-agent": options.userAgent ?? browser } });
}

const png = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: "#1e40af" } })
    .png()
    .toBuffer();

function adForm(fields: Record<string, string | string[]>, files: Record<string, Buffer> = {}) {
  const form = new FormData();
  form.set("intent", "save");
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  for (const [name, bytes] of Object.entries(files))
    form.set(name, new File([new Uint8Array(bytes)], `${name}.png`, { type: "image/png" }));
  return form;
}

function multipart(path: string, form: FormData, cookie: string) {
  return new Request(`http://localhost${path}`, { method: "POST", body: form, headers: { cookie } });
}

const creative = {
  headlineEn: "Sunset sails from Flamingo marina",
  headlineEs: "Paseos al atardecer desde la marina",
  bodyEn: "Two hours on the water, drinks included.",
  bodyEs: "Dos horas en el mar, bebidas incluidas.",
  targetUrl: "https://sails.example.com/book",
};

async function adRows(where = eq(houseAds.headlineEn, houseAds.headlineEn)) {
  return getDb().select().from(houseAds).where(where);
}

async function emailsTo(address: string) {
  return getDb().select().from(emailOutbox).where(eq(emailOutbox.to, address));
}

const adminActor = () => ({ id: admin.id, role: "admin" as const, grants: [] });

beforeAll(async () => {
  clearRateLimitersForTests();
  setObjectStore(memoryStore);
  admin = await createSignedInUser({ roles: ["admin"] });
});

afterAll(() => {
  setObjectStore(undefined);
});

beforeEach(() => {
  forgetLiveAds();
});

describe("house ads sold by an admin", () => {
  it("publishes at once with a picture per language, audited, and changes the cached pages' version", async () => {
    const advertiser = await createBusiness({ name: "Flamingo Sails" });
    const before = versionOf("ads");
    const result = await call(
      adminAds,
      "action",
      multipart(
        "/admin/ads",
        adForm(
          { ...creative, businessSlug: advertiser.slug, pageKinds: ["directory"], languages: ["en"] },
          {
            imageEn: await png(),
          },
        ),
        admin.cookie,
      ),
    );
    expect(result.status).toBe(302);
    const [ad] = await adRows(eq(houseAds.businessId, advertiser.id));
    expect(ad).toMatchObject({ status: "active", source: "admin", pageKinds: ["directory"], languages: ["en"] });
    expect(result.location).toBe(`/admin/ads/${ad.id}`);
    // Re-encoded WebP variants, never the uploaded bytes.
    expect(ad.imageEnWidths?.length).toBeGreaterThan(0);
    expect(stored.has(`${ad.imageEnKey}-${ad.imageEnWidths?.[0]}.webp`)).toBe(true);
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "ad.create"), eq(auditLog.targetId, ad.id)));
    expect(audit.actorId).toBe(admin.id);
    const { refreshContentVersions } = await import("#app/lib/response-cache/versions.server");
    await refreshContentVersions();
    expect(versionOf("ads")).toBeGreaterThan(before);

    // The directory shows it between results in English, with the advertiser's name and a counted link.
    const en = await call(directoryPage, "loader", page("/directory"));
    expect(en.data.ad.house).toMatchObject({
      id: ad.id,
      headline: creative.headlineEn,
      sponsor: "Flamingo Sails",
      href: `/ads/${ad.id}/click?from=directory`,
      external: true,
    });
    // Spanish pages were not chosen; the home page is not a directory page.
    const es = await call(directoryPage, "loader", page("/es/directory"));
    expect(es.data.ad?.house?.id).not.toBe(ad.id);
    expect(await pickHouseAd({ pageKind: "home", language: "en", slot: "main" }).then((pick) => pick?.id)).not.toBe(
      ad.id,
    );

    // An admin pauses it: gone from the pages; resumes: back.
    const pause = await call(
      adminAd,
      "action",
      postRequest(`/admin/ads/${ad.id}`, { decision: "pause" }, admin.cookie),
      { adId: ad.id },
    );
    expect(pause.status).toBe(302);
    forgetLiveAds();
    expect((await call(directoryPage, "loader", page("/directory"))).data.ad?.house?.id).not.toBe(ad.id);
    await call(adminAd, "action", postRequest(`/admin/ads/${ad.id}`, { decision: "resume" }, admin.cookie), {
      adId: ad.id,
    });
    forgetLiveAds();
    expect((await call(directoryPage, "loader", page("/directory"))).data.ad?.house?.id).toBe(ad.id);
    await call(adminAd, "action", postRequest(`/admin/ads/${ad.id}`, { decision: "end" }, admin.cookie), {
      adId: ad.id,
    });
  });

  it("targets page kind, area and language; a business page never shows its own ad, and paid listings' pages show none", async () => {
    const areas = (await listAreas("en")).map((area) => area.slug);
    const [here, elsewhere] = [areas[0], areas.find((slug) => slug !== areas[0]) as string];
    const advertiser = await createBusiness({ name: "Area Targeted Tours", area: here });
    const neighbour = await createBusiness({ name: "Free Neighbour", area: here });
    const far = await createBusiness({ name: "Far Free Listing", area: elsewhere });
    const paid = await createBusiness({ name: "Paid Neighbour", area: here, premium: true });
    const created = await call(
      adminAds,
      "action",
      multipart(
        "/admin/ads",
        adForm({
          ...creative,
          headlineEn: "Area tours",
          businessSlug: advertiser.slug,
          pageKinds: ["business"],
          areas: [here],
          languages: ["es"],
        }),
        admin.cookie,
      ),
    );
    const id = (created.location as string).split("/").pop();
    const shows = async (slug: string, language: "en" | "es") => {
      const result = await call(businessPage, "loader", page(`${language === "es" ? "/es" : ""}/business/${slug}`), {
        slug,
      });
      return result.data.ad?.house?.id === id;
    };
    expect(await shows(neighbour.slug, "es")).toBe(true);
    expect(await shows(neighbour.slug, "en")).toBe(false);
    expect(await shows(far.slug, "es")).toBe(false);
    expect(await shows(advertiser.slug, "es")).toBe(false);
    const paidPage = await call(businessPage, "loader", page(`/es/business/${paid.slug}`), { slug: paid.slug });
    expect(paidPage.data.ad).toBeNull();
    // A page without an area never carries an area-targeted ad.
    expect((await pickHouseAd({ pageKind: "business", language: "es", slot: "side" }))?.id).not.toBe(id);
    await getDb()
      .update(houseAds)
      .set({ status: "ended" })
      .where(eq(houseAds.id, id as string));
  });

  it("rotates between the ads that fit a slot, the same for every visitor within a step", async () => {
    const ids: string[] = [];
    for (const headline of ["Rotation one", "Rotation two"]) {
      const result = await call(
        adminAds,
        "action",
        multipart("/admin/ads", adForm({ ...creative, headlineEn: headline, pageKinds: ["guide"] }), admin.cookie),
      );
      ids.push((result.location as string).split("/").pop() as string);
    }
    const seen = new Set<string>();
    const start = Date.parse("2026-12-01T12:00:00Z");
    for (let step = 0; step < 6; step++) {
      const now = new Date(start + step * 10 * 60_000);
      const first = await pickHouseAd({ pageKind: "guide", language: "en", slot: "guide", now });
      const again = await pickHouseAd({ pageKind: "guide", language: "en", slot: "guide", now });
      expect(again?.id).toBe(first?.id);
      if (first) seen.add(first.id);
    }
    for (const id of ids) expect(seen.has(id)).toBe(true);
    await getDb()
      .update(houseAds)
      .set({ status: "ended" })
      .where(eq(houseAds.pageKinds, ["guide"]));
  });
});

describe("counting and the click redirect", () => {
  it("counts served impressions once per visitor a minute, never a crawler's; clicks once per visitor, then redirects", async () => {
    const created = await call(
      adminAds,
      "action",
      multipart(
        "/admin/ads",
        adForm({ ...creative, headlineEn: "Counted ad", pageKinds: ["directory"], languages: ["es"] }),
        admin.cookie,
      ),
    );
    const id = (created.location as string).split("/").pop() as string;
    const visit = (ip: string, userAgent = browser) =>
      call(directoryPage, "loader", page("/es/directory", { userAgent }), {}, ip);
    await visit("203.0.113.10");
    await visit("203.0.113.10");
    await visit("203.0.113.11");
    await visit("203.0.113.12", crawler);
    const click = (ip: string, userAgent = browser) =>
      call(
        adClick,
        "loader",
        new Request(`http://localhost/es/ads/${id}/click?from=directory`, { headers: { "user-agent": userAgent } }),
        { id },
        ip,
      );
    const first = await click("203.0.113.10");
    expect(first.status).toBe(302);
    expect(first.location).toBe(creative.targetUrl);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    await click("203.0.113.10");
    await click("203.0.113.13", crawler);
    await flushAdStats();
    const figures = (await adFigures({ adIds: [id], days: 30 })).get(id);
    expect(figures).toEqual({ impressions: 2, clicks: 1 });
    const [row] = await getDb().select().from(adStats).where(eq(adStats.adId, id));
    expect(row).toMatchObject({ pageKind: "directory", language: "es" });

    // Ended: the old link still leads there (a cached page may carry it a minute) but counts nothing.
    await call(adminAd, "action", postRequest(`/admin/ads/${id}`, { decision: "end" }, admin.cookie), { adId: id });
    expect((await click("203.0.113.20")).status).toBe(302);
    await flushAdStats();
    expect((await adFigures({ adIds: [id], days: 30 })).get(id)?.clicks).toBe(1);
  });

  it("answers 404 for an ad that does not exist, is not an id, or was never approved", async () => {
    const owner = await createSignedInUser({ roles: ["business_owner"] });
    const listing = await createBusiness({ owner: owner.id });
    await grantPlan({
      actor: adminActor(),
      grant: { planId: "enterprise", businessSlug: listing.slug, reason: "test", endsAt: null },
    });
    const submitted = await call(
      ownerAds,
      "action",
      multipart(
        `/dashboard/ads?business=${listing.id}`,
        adForm({ ...creative, headlineEn: "Pending one" }),
        owner.cookie,
      ),
    );
    const pending = (submitted.location as string).split("/").pop() as string;
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", pending]) {
      const result = await call(adClick, "loader", page(`/ads/${id}/click`), { id });
      expect(result.status).toBe(404);
    }
  });

  it("computes the reach figure from the last 30 full days, or gives none", async () => {
    const now = new Date("2031-03-15T15:00:00Z");
    expect(await dailyAdReach({ now })).toBeNull();
    const [ad] = await adRows();
    await getDb()
      .insert(adStats)
      .values([
        { adId: ad.id, day: "2031-03-14", pageKind: "home", language: "en", impressions: 450, clicks: 3 },
        { adId: ad.id, day: "2031-02-20", pageKind: "home", language: "es", impressions: 150, clicks: 0 },
        // Today is not a full day yet; before the 30 days is too old.
        { adId: ad.id, day: "2031-03-15", pageKind: "home", language: "en", impressions: 9000, clicks: 0 },
        { adId: ad.id, day: "2031-02-01", pageKind: "home", language: "en", impressions: 9000, clicks: 0 },
      ]);
    expect(await dailyAdReach({ now })).toBe(20);
  });
});

describe("owners' ads through a plan", () => {
  it("needs a plan that includes ads; then waits for an admin, who approves or refuses with a note, and the owner hears", async () => {
    const owner = await createSignedInUser({ roles: ["business_owner"] });
    const listing = await createBusiness({ owner: owner.id, name: "Owner Advertiser" });
    const path = `/dashboard/ads?business=${listing.id}`;
    const page1 = await call(ownerAds, "loader", getRequest(path, owner.cookie));
    expect(page1.data.allowed).toBe(false);
    const refused = await call(ownerAds, "action", multipart(path, adForm(creative), owner.cookie));
    expect(refused.status).toBe(403);
    expect(await adRows(eq(houseAds.businessId, listing.id))).toHaveLength(0);

    await grantPlan({
      actor: adminActor(),
      grant: { planId: "enterprise", businessSlug: listing.slug, reason: "test", endsAt: null },
    });
    expect((await call(ownerAds, "loader", getRequest(path, owner.cookie))).data.allowed).toBe(true);
    const sent = await call(
      ownerAds,
      "action",
      multipart(path, adForm({ ...creative, pageKinds: ["home"] }), owner.cookie),
    );
    expect(sent.status).toBe(302);
    const [ad] = await adRows(eq(houseAds.businessId, listing.id));
    expect(ad).toMatchObject({ status: "pending", source: "plan", createdBy: owner.id });
    expect((await emailsTo(admin.email)).some((mail) => mail.subject.includes(creative.headlineEn))).toBe(true);
    expect((await pickHouseAd({ pageKind: "home", language: "en", slot: "main" }))?.id).not.toBe(ad.id);

    // Refusing needs a note the owner reads.
    const noNote = await call(
      adminAd,
      "action",
      postRequest(`/admin/ads/${ad.id}`, { decision: "reject" }, admin.cookie),
      {
        adId: ad.id,
      },
    );
    expect(noNote.status).toBe(400);
    await call(
      adminAd,
      "action",
      postRequest(`/admin/ads/${ad.id}`, { decision: "reject", note: "Say the price" }, admin.cookie),
      { adId: ad.id },
    );
    const ownerMail = await emailsTo(owner.email);
    expect(ownerMail.some((mail) => mail.text.includes("Say the price"))).toBe(true);

    // The owner changes it: back to review; approved: live, and the owner is told.
    const edited = await call(
      ownerAd,
      "action",
      multipart(`/dashboard/ads/${ad.id}`, adForm({ ...creative, bodyEn: "From $45, drinks included." }), owner.cookie),
      { adId: ad.id },
    );
    expect(edited.status).toBe(302);
    expect((await adRows(eq(houseAds.id, ad.id)))[0].status).toBe("pending");
    await call(adminAd, "action", postRequest(`/admin/ads/${ad.id}`, { decision: "approve" }, admin.cookie), {
      adId: ad.id,
    });
    expect((await adRows(eq(houseAds.id, ad.id)))[0].status).toBe("active");
    expect((await emailsTo(owner.email)).some((mail) => mail.subject.includes(creative.headlineEn))).toBe(true);
    forgetLiveAds();
    expect((await pickHouseAd({ pageKind: "home", language: "en", slot: "main" }))?.id).toBe(ad.id);
    // Its plan ends: the ad stops showing with it.
    await getDb().update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.businessId, listing.id));
    forgetLiveAds();
    expect((await pickHouseAd({ pageKind: "home", language: "en", slot: "main" }))?.id).not.toBe(ad.id);

    // Someone else's ad is not there at all, to read or to end.
    const stranger = await createSignedInUser({ roles: ["business_owner"] });
    expect(
      (await call(ownerAd, "loader", getRequest(`/dashboard/ads/${ad.id}`, stranger.cookie), { adId: ad.id })).status,
    ).toBe(404);
    expect(
      (
        await call(ownerAd, "action", postRequest(`/dashboard/ads/${ad.id}`, { decision: "end" }, stranger.cookie), {
          adId: ad.id,
        })
      ).status,
    ).toBe(404);
    // Nor may a non-admin use the admin's pages: sent back to their dashboard.
    const adminPage = await call(adminAds, "loader", getRequest("/admin/ads", owner.cookie));
    expect(adminPage.location).toBe("/dashboard");

    // The owner ends it for good.
    await call(ownerAd, "action", postRequest(`/dashboard/ads/${ad.id}`, { decision: "end" }, owner.cookie), {
      adId: ad.id,
    });
    expect((await adRows(eq(houseAds.id, ad.id)))[0].status).toBe("ended");
  });

  it("keeps to the open-ads limit per listing", async () => {
    const owner = await createSignedInUser({ roles: ["business_owner"] });
    const listing = await createBusiness({ owner: owner.id });
    await grantPlan({
      actor: adminActor(),
      grant: { planId: "enterprise", businessSlug: listing.slug, reason: "test", endsAt: null },
    });
    const path = `/dashboard/ads?business=${listing.id}`;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await call(ownerAds, "action", multipart(path, adForm(creative), owner.cookie))).status);
    expect(statuses).toEqual([302, 302, 409]);
  });
});

describe("hostile input", () => {
  const cases: [string, Record<string, string | string[]>, string][] = [
    ["a script address", { targetUrl: "javascript:alert(1)" }, "targetUrl"],
    ["a protocol-relative address", { targetUrl: "//evil.example/x" }, "targetUrl"],
    ["markup in a headline", { headlineEn: "<script>alert(1)</script>" }, "headlineEn"],
    ["a headline too long", { headlineEs: "x".repeat(200) }, "headlineEs"],
    ["an unknown page kind", { pageKinds: ["checkout"] }, "pageKinds"],
    ["an area that does not exist", { areas: ["atlantis"] }, "areas"],
    ["an end before the start", { startsOn: "2026-12-10", endsOn: "2026-12-01" }, "endsOn"],
    ["a date that is not one", { startsOn: "2026-13-45" }, "startsOn"],
    ["an unknown advertiser", { businessSlug: "no-such-listing-anywhere" }, "businessSlug"],
  ];
  it.each(cases)(
    "refuses %s next to the field, keeps what was typed and writes nothing",
    async (_name, changes, field) => {
      const before = (await adRows()).length;
      const result = await call(
        adminAds,
        "action",
        multipart("/admin/ads", adForm({ ...creative, headlineEn: "Kept headline", ...changes }), admin.cookie),
      );
      expect(result.status).toBe(400);
      // A list's error sits on the list or on its item (pageKinds[0]).
      const errors = Object.entries(result.data.result.error as Record<string, string[]>).filter(([name]) =>
        name.startsWith(field),
      );
      expect(errors.flatMap(([, messages]) => messages).length).toBeGreaterThan(0);
      expect(result.data.result.initialValue.headlineEs).toBe(changes.headlineEs ?? creative.headlineEs);
      expect((await adRows()).length).toBe(before);
    },
  );

  it("refuses a file that is not a picture, and stores nothing", async () => {
    const before = stored.size;
    const result = await call(
      adminAds,
      "action",
      multipart("/admin/ads", adForm(creative, { imageEn: Buffer.from("<?php system($_GET['c']); ?>") }), admin.cookie),
    );
    expect(result.status).toBe(400);
    expect(result.data.result.error.imageEn?.length).toBeGreaterThan(0);
    expect(stored.size).toBe(before);
  });
});

describe("the failed-script report", () => {
  it("logs an ad load error from our own pages, and refuses other sites", async () => {
    const warn = vi.spyOn(logger, "warn");
    const report = (origin: string) =>
      call(
        adError,
        "action",
        new Request("http://localhost/api/v1/ads/error", {
          method: "POST",
          headers: { origin, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ page: "/es/directory", reason: "script" }).toString(),
        }),
      );
    expect((await report("http://localhost")).status).toBe(204);
    expect(warn).toHaveBeenCalledWith({ page: "/es/directory", reason: "script" }, "ad load error");
    expect((await report("https://evil.example")).status).toBe(403);
    warn.mockRestore();
  });
});
