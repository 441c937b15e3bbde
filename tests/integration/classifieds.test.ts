import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { classifiedAdapter } from "#app/features/classifieds/classified-moderation.server";
import { deleteAd, listMyAds, markAdSold, postAd, renewAd } from "#app/features/classifieds/classifieds.server";
import { renewAdByToken, renewalQuery, runClassifiedExpiry } from "#app/features/classifieds/expiry.server";
import { contactSeller, relayAddress, relayInboundMail } from "#app/features/classifieds/relay.server";
import { classifiedAds, classifiedPhotos } from "#app/features/classifieds/schema";
import type { Actor } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { isAppError } from "#app/lib/errors";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { searchSite } from "#app/lib/search/index.server";
import { sitemapEntries } from "#app/lib/sitemap.server";
import { listModerationQueue, reportItem } from "#app/platform/moderation/moderation.server";
import { listOutbox } from "#app/platform/outbox/outbox.server";
import { emailOutbox } from "#app/platform/outbox/schema";
import { setExchangeRate } from "#app/platform/site/site-config.server";
import * as listPage from "#app/routes/_public/classifieds";
import * as adPage from "#app/routes/_public/classifieds/$slug";
import * as newPage from "#app/routes/_public/classifieds/new";
import * as inbound from "#app/routes/api/v1/inbound-mail";
import * as dashboard from "#app/routes/dashboard/classifieds";
import { createTestUser, signInCookie } from "#tests/factories/accounts";
import { createTestAd, daysFromNow, getTestAd, testPhoto } from "#tests/factories/classifieds";
import { createMember, createNewcomer } from "#tests/factories/moderation";
import { callRoute, loadPage, postForm, shown } from "#tests/factories/route-calls";

// Classifieds: the public list and its URL filters (prices compared across USD and CRC with the
// dated rate), the ad page (410 once expired, in both languages), posting with photos and every
// refusal (hostile input, the active-ad limit, the same text or photo twice) with nothing written,
// the mail relay both ways and its death with the ad, the renewal reminder job (once per expiry,
// also under parallel runs) and its signed link, report-threshold hiding, and per-object ownership.

const dataDir = mkdtempSync(path.join(tmpdir(), "playa-classifieds-"));
process.env.DATA_DIR = dataDir;
const inboundSecret = "test-inbound-secret-0123456789";
process.env.INBOUND_MAIL_SECRET = inboundSecret;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Member = Actor & { email: string };
let admin: Member;
let seller: Member;
let buyer: Member;
let sellerCookie: string;
let buyerCookie: string;

beforeAll(async () => {
  clearRateLimitersForTests();
  admin = await createMember({ roles: ["admin"], firstName: "Ana" });
  seller = await createMember({ firstName: "Sol", lastName: "Vargas" });
  buyer = await createMember({ firstName: "Bruno", lastName: "Mora" });
  sellerCookie = await signInCookie(seller.email);
  buyerCookie = await signInCookie(buyer.email);
  await setExchangeRate({ actor: admin, crcPerUsd: 500, on: "2026-11-20" });
});

beforeEach(() => clearRateLimitersForTests());

const loadList = (query = "", language: "en" | "es" = "en") =>
  loadPage(listPage, `${language === "es" ? "/es" : ""}/classifieds${query}`);

const loadAd = (slug: string, cookie?: string | null, language: "en" | "es" = "en") =>
  loadPage(adPage, `${language === "es" ? "/es" : ""}/classifieds/${slug}`, cookie, { slug });

const emailsTo = async (to: string) => (await listOutbox({ to, limit: 50 })).entries.filter((e) => e.to === to);

function multipart(pathname: string, fields: Record<string, string>, files: Uint8Array[], cookie: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [index, bytes] of files.entries()) {
    form.append("photos", new File([new Uint8Array(bytes)], `photo-${index}.jpg`, { type: "image/jpeg" }));
  }
  return new Request(`http://localhost${pathname}`, { method: "POST", body: form, headers: { cookie } });
}

const validAd = (overrides: Record<string, string> = {}) => ({
  title: "Beach cruiser bike",
  description: "Single speed beach cruiser, new tyres, a bit of rust on the basket. Pick up in Flamingo.",
  language: "en",
  category: "for-sale",
  price: "120",
  currency: "USD",
  condition: "good",
  area: "playa-flamingo",
  phone: "",
  rules: "on",
  ...overrides,
});

async function adCount(authorId: string) {
  const [row] = await getDb().select({ n: count() }).from(classifiedAds).where(eq(classifiedAds.authorId, authorId));
  return Number(row.n);
}

describe("the list and the ad page", () => {
  it("lists listed ads only, with filters in the URL, prices compared across currencies", async () => {
    const owner = await createTestUser();
    const cheap = await createTestAd({ authorId: owner.id, title: "Snorkel set blue", priceMinor: 2_000 });
    const colones = await createTestAd({
      authorId: owner.id,
      title: "Mesa de teca",
      currency: "CRC",
      priceMinor: 100_000_00, // ₡100,000 = $200 at 500
      category: "for-sale",
      areaSlug: "brasilito",
      language: "es",
    });
    const sold = await createTestAd({ authorId: owner.id, title: "Sold kayak", soldAt: new Date() });
    const expired = await createTestAd({ authorId: owner.id, title: "Expired paddle", expiresAt: daysFromNow(-1) });
    const hidden = await createTestAd({ authorId: owner.id, title: "Hidden thing", status: "hidden" });

    const all = await loadList();
    const ids = all.data.ads.map((ad: { id: string }) => ad.id);
    expect(ids).toEqual(expect.arrayContaining([cheap.id, colones.id]));
    for (const gone of [sold, expired, hidden]) expect(ids).not.toContain(gone.id);

    // $150–$250 finds the ₡100,000 table (=$200), not the $20 snorkel.
    const range = await loadList("?minPrice=150&maxPrice=250");
    expect(range.data.ads.map((ad: { id: string }) => ad.id)).toContain(colones.id);
    expect(range.data.ads.map((ad: { id: string }) => ad.id)).not.toContain(cheap.id);
    // In Spanish the range is in colones: ₡5,000–₡20,000 is $10–$40 and finds the snorkel.
    const rangeEs = await loadList("?minPrice=5000&maxPrice=20000", "es");
    expect(rangeEs.data.ads.map((ad: { id: string }) => ad.id)).toContain(cheap.id);
    expect(rangeEs.data.currency).toBe("CRC");
    expect(rangeEs.data.rate).toEqual({ crcPerUsd: 500, on: "2026-11-20" });

    const area = await loadList("?area=brasilito&q=teca");
    expect(area.data.ads.map((ad: { id: string }) => ad.id)).toEqual([colones.id]);
    expect(area.data.head.noindex).toBe(true);

    // A hand-edited URL never fails: junk values are dropped.
    const junk = await loadList("?category=%3Cscript%3E&minPrice=-5&maxPrice=abc&sort=evil&page=99999");
    expect(junk.status).toBe(200);
  });

  it("shows a listed ad, answers 410 for an expired one in both languages, 404 for hidden and unknown ones", async () => {
    const owner = await createTestUser();
    const ad = await createTestAd({ authorId: owner.id, title: "Paddle board 10'6" });
    const page = await loadAd(ad.slug);
    expect(page.status).toBe(200);
    expect(page.data.ad.title).toBe("Paddle board 10'6");
    // No photo, so no Product (search engines refuse one without an image): the breadcrumb only.
    expect(page.data.jsonLd).toContain('"@type":"BreadcrumbList"');
    expect(page.data.jsonLd).not.toContain('"@type":"Product"');
    expect(JSON.stringify(page.data)).not.toContain(owner.email);

    await getDb()
      .update(classifiedAds)
      .set({ expiresAt: daysFromNow(-0.01) })
      .where(eq(classifiedAds.id, ad.id));
    const en = await loadAd(ad.slug);
    expect(en.status).toBe(410);
    expect(en.data.expired).toBe(true);
    expect(en.data.head.title).toBe("This ad has expired");
    const es = await loadAd(ad.slug, null, "es");
    expect(es.status).toBe(410);
    expect(es.data.head.title).toBe("Este anuncio venció");

    const hidden = await createTestAd({ authorId: owner.id, status: "hidden" });
    expect((await loadAd(hidden.slug)).status).toBe(404);
    expect((await loadAd("no-such-ad-000")).status).toBe(404);
    expect((await loadAd("../../etc/passwd")).status).toBe(404);
  });
});

describe("posting an ad", () => {
  it("posts with photos, lists it, indexes it for search and the sitemap", async () => {
    const photo = await testPhoto({ r: 200, g: 10, b: 10 });
    const result = await callRoute(newPage, "action", multipart("/classifieds/new", validAd(), [photo], sellerCookie));
    expect(result.status).toBe(302);
    const slug = result.location?.replace("/classifieds/", "") ?? "";
    expect(slug).toMatch(/^beach-cruiser-bike-[0-9a-f]{6}$/);
    const [ad] = await getDb().select().from(classifiedAds).where(eq(classifiedAds.slug, slug));
    expect(ad).toMatchObject({ status: "published", priceMinor: 12_000, currency: "USD", authorId: seller.id });
    expect(ad.expiresAt.getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    const photos = await getDb().select().from(classifiedPhotos).where(eq(classifiedPhotos.adId, ad.id));
    expect(photos).toHaveLength(1);
    expect(photos[0].contentHash).toMatch(/^[0-9a-f]{64}$/);

    const page = await loadAd(slug, null, "es");
    expect(page.data.ad.photos).toHaveLength(1);
    const hits = await searchSite({ query: "cruiser", language: "en" });
    expect(hits.some((hit: { url: string }) => hit.url === `/classifieds/${slug}`)).toBe(true);
    expect((await sitemapEntries()).some((entry) => entry.path === `/classifieds/${slug}`)).toBe(true);
  });

  it("refuses hostile and incomplete input with messages in the user's language and writes nothing", async () => {
    const before = await adCount(seller.id);
    const cases: [Record<string, string>, string, string][] = [
      [{ title: "" }, "title", "Give the ad a title."],
      [{ title: "<script>alert(1)</script>" }, "title", "Remove the angle brackets or control characters."],
      [{ description: "short" }, "description", "The description needs at least 20 characters."],
      [{ price: "1e99" }, "price", "Enter the price as a number, such as 250 or 150000."],
      [{ price: "" }, "price", "Things for sale need a price."],
      [{ category: "weapons" }, "category", "Choose a category."],
      [{ condition: "<script>alert(1)</script>" }, "condition", "Choose a condition from the list."],
      [{ currency: "BTC" }, "currency", "Choose dollars or colones."],
      [{ area: "../../etc" }, "area", "Choose an area from the list."],
      [{ showPhone: "on" }, "phone", "Add the phone number to show."],
      [{ rules: "" }, "rules", "Confirm that the ad follows the guidelines."],
    ];
    for (const [overrides, field, message] of cases) {
      const result = await callRoute(
        newPage,
        "action",
        multipart("/classifieds/new", validAd({ title: "Hostile case", ...overrides }), [], sellerCookie),
      );
      expect(result.status, JSON.stringify(overrides)).toBe(400);
      const errors = result.data.result.error[field];
      expect(await shown("en", errors[0])).toBe(message);
    }
    // An unknown area that looks like a slug passes the schema and is refused by the domain.
    const unknownArea = await callRoute(
      newPage,
      "action",
      multipart("/es/classifieds/new", validAd({ title: "Atlantis bike", area: "atlantis" }), [], sellerCookie),
    );
    expect(unknownArea.status).toBe(400);
    expect(await shown("es", unknownArea.data.result.error.area[0])).toBe("Elija una zona de la lista.");
    // A file that is not an image.
    const notImage = await callRoute(
      newPage,
      "action",
      multipart(
        "/classifieds/new",
        validAd({ title: "Not a photo" }),
        [new TextEncoder().encode("GIF89a nope")],
        sellerCookie,
      ),
    );
    expect(notImage.status).toBe(400);
    expect(await adCount(seller.id)).toBe(before);
    // Signed out: to the sign-in page.
    const anonymous = await postForm(newPage, "/classifieds/new", validAd());
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);
  });

  it("refuses the same text or the same photo twice from one person, and a new account's ad waits for review", async () => {
    const poster = await createMember();
    const photo = await testPhoto({ r: 1, g: 2, b: 3 });
    const input = {
      title: "Yoga mat",
      description: "Thick yoga mat, used a few times, purple.",
      language: "en" as const,
      category: "for-sale" as const,
      price: 15,
      currency: "USD" as const,
      area: "playa-flamingo",
      showPhone: false,
      whatsapp: false,
    };
    await postAd({ actor: poster, input, photos: [photo] });
    const sameText = await postAd({
      actor: poster,
      input: { ...input, title: "YOGA  mat!", description: "Thick yoga mat; used a few times — purple." },
      photos: [],
    }).catch((error) => error);
    expect(isAppError(sameText) && sameText.messageKey).toBe("classifieds:form.errors.duplicateText");
    const samePhoto = await postAd({
      actor: poster,
      input: { ...input, title: "Another mat", description: "A different description of another mat." },
      photos: [photo],
    }).catch((error) => error);
    expect(isAppError(samePhoto) && samePhoto.messageKey).toBe("classifieds:form.errors.duplicatePhoto");
    // Someone else may post the same text: duplicates are per person.
    const other = await createMember();
    await expect(postAd({ actor: other, input, photos: [photo] })).resolves.toMatchObject({ status: "published" });

    const newcomer = await createNewcomer();
    const pending = await postAd({ actor: newcomer, input: { ...input, title: "Newcomer mat" }, photos: [] });
    expect(pending.status).toBe("pending");
    const ids = (await loadList("?q=Newcomer")).data.ads.map((ad: { id: string }) => ad.id);
    expect(ids).not.toContain(pending.id);
  });

  it("holds each person to the active-ad limit; sold and expired ads do not count", async () => {
    const poster = await createMember();
    for (let index = 0; index < 9; index += 1) await createTestAd({ authorId: poster.id });
    await createTestAd({ authorId: poster.id, soldAt: new Date() });
    await createTestAd({ authorId: poster.id, expiresAt: daysFromNow(-2) });
    const input = {
      title: "Tenth ad",
      description: "The tenth active ad of this person, allowed.",
      language: "en" as const,
      category: "wanted" as const,
      currency: "USD" as const,
      area: "surfside",
      showPhone: false,
      whatsapp: false,
    };
    await postAd({ actor: poster, input, photos: [] });
    const eleventh = await postAd({
      actor: poster,
      input: { ...input, title: "Eleventh ad", description: "One more than the limit allows for a person." },
      photos: [],
    }).catch((error) => error);
    expect(isAppError(eleventh) && eleventh.messageKey).toBe("classifieds:form.errors.tooManyAds");
  });
});

describe("the mail relay", () => {
  it("relays the buyer's message to the seller and the replies both ways, without either address", async () => {
    const ad = await createTestAd({ authorId: seller.id, title: "Fishing rod" });
    const result = await postForm(
      adPage,
      `/classifieds/${ad.slug}`,
      { message: "Is the rod still available?", safety: "on" },
      buyerCookie,
      { slug: ad.slug },
    );
    expect(result.status).toBe(302);
    const [toSeller] = await emailsTo(seller.email);
    expect(toSeller.subject).toBe("About your ad: Fishing rod");
    expect(toSeller.text).toContain("Is the rod still available?");
    expect(toSeller.text).toContain("Bruno M.");
    expect(toSeller.text).not.toContain(buyer.email);
    const relay = toSeller.replyTo ?? "";
    expect(relay).toMatch(/^relay\+[0-9a-f]{32}@[a-z0-9.-]+$/);

    // The seller replies from their mail program: the webhook relays it to the buyer.
    const reply = await callRoute(
      inbound,
      "action",
      new Request("http://localhost/api/v1/inbound-mail", {
        method: "POST",
        headers: { authorization: `Bearer ${inboundSecret}` },
        body: new URLSearchParams({
          recipient: `Playa Hub relay <${relay}>`,
          sender: `Sol Vargas <${seller.email.toUpperCase()}>`,
          subject: "Re: About your ad",
          "stripped-text": "Yes, come by tomorrow at 5.",
        }),
      }),
    );
    expect(reply.data).toEqual({ relayed: true, to: "buyer" });
    const [toBuyer] = await emailsTo(buyer.email);
    expect(toBuyer.text).toContain("Yes, come by tomorrow at 5.");
    expect(toBuyer.text).not.toContain(seller.email);
    expect(toBuyer.replyTo).toBe(relay);
    // ...and the buyer's answer back to the seller.
    await expect(relayInboundMail({ to: relay, from: buyer.email, text: "Great, see you then." })).resolves.toEqual({
      relayed: true,
      to: "seller",
    });
    expect((await emailsTo(seller.email))[0].text).toContain("Great, see you then.");
    expect((await listMyAds({ actor: seller })).find((row) => row.id === ad.id)?.conversations).toBe(1);

    // A stranger who learns the relay address cannot use it.
    const sent = (await listOutbox({ limit: 1 })).total;
    await expect(relayInboundMail({ to: relay, from: "stranger@example.test", text: "spam" })).resolves.toEqual({
      relayed: false,
      reason: "unknown-sender",
    });
    // A wrong or missing secret is refused before anything is read.
    const forged = await callRoute(
      inbound,
      "action",
      new Request("http://localhost/api/v1/inbound-mail", {
        method: "POST",
        headers: { authorization: "Bearer wrong-secret-wrong-secret" },
        body: new URLSearchParams({ recipient: relay, sender: seller.email, "stripped-text": "x" }),
      }),
    );
    expect(forged.status).toBe(401);
    expect((await listOutbox({ limit: 1 })).total).toBe(sent);
  });

  it("dies with the ad: after expiry, deletion or hiding nothing is relayed", async () => {
    const ad = await createTestAd({ authorId: seller.id, title: "Old cooler" });
    await contactSeller({ actor: buyer, adId: ad.id, message: "Still have the cooler?" });
    const relay = (await emailsTo(seller.email))[0].replyTo ?? "";
    await getDb()
      .update(classifiedAds)
      .set({ expiresAt: daysFromNow(-0.01) })
      .where(eq(classifiedAds.id, ad.id));
    const [{ n: before }] = await getDb().select({ n: count() }).from(emailOutbox);
    await expect(relayInboundMail({ to: relay, from: seller.email, text: "Yes!" })).resolves.toEqual({
      relayed: false,
      reason: "closed",
    });
    const refused = await contactSeller({ actor: buyer, adId: ad.id, message: "Hello again?" }).catch((e) => e);
    expect(isAppError(refused) && refused.messageKey).toBe("classifieds:contact.errors.closed");

    const hidden = await createTestAd({ authorId: seller.id, title: "Hidden cooler" });
    await contactSeller({ actor: buyer, adId: hidden.id, message: "Is this one available?" });
    const hiddenRelay = (await emailsTo(seller.email))[0].replyTo ?? "";
    await getDb().update(classifiedAds).set({ status: "hidden" }).where(eq(classifiedAds.id, hidden.id));
    await expect(relayInboundMail({ to: hiddenRelay, from: seller.email, text: "Yes" })).resolves.toMatchObject({
      relayed: false,
    });
    const deleted = await createTestAd({ authorId: seller.id, title: "Deleted cooler" });
    await contactSeller({ actor: buyer, adId: deleted.id, message: "Is the deleted one there?" });
    const deletedRelay = (await emailsTo(seller.email))[0].replyTo ?? "";
    await deleteAd({ actor: seller, adId: deleted.id });
    await expect(relayInboundMail({ to: deletedRelay, from: seller.email, text: "Yes" })).resolves.toMatchObject({
      relayed: false,
    });
    const [{ n: after }] = await getDb().select({ n: count() }).from(emailOutbox);
    expect(Number(after)).toBe(Number(before) + 2); // only the two new contacts, no relayed reply
    expect(relayAddress("0".repeat(32))).toMatch(/^relay\+0{32}@/);
  });

  it("limits messages per sender, refuses the seller's own ad, and sends signed-out visitors to sign in", async () => {
    const sender = await createMember();
    const ads = await Promise.all(Array.from({ length: 9 }, () => createTestAd({ authorId: seller.id })));
    for (const ad of ads.slice(0, 8))
      await contactSeller({ actor: sender, adId: ad.id, message: "Interested, thanks!" });
    const limited = await contactSeller({ actor: sender, adId: ads[8].id, message: "One more please" }).catch((e) => e);
    expect(isAppError(limited) && limited.code).toBe("rate_limited");

    const own = await contactSeller({ actor: seller, adId: ads[0].id, message: "Writing to myself" }).catch((e) => e);
    expect(isAppError(own) && own.messageKey).toBe("classifieds:contact.errors.own");

    const anonymous = await postForm(
      adPage,
      `/classifieds/${ads[0].slug}`,
      { message: "Hello there seller", safety: "on" },
      null,
      { slug: ads[0].slug },
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);
    // The safety box must be ticked.
    const unticked = await postForm(
      adPage,
      `/es/classifieds/${ads[1].slug}`,
      { message: "Hola, ¿sigue disponible?" },
      buyerCookie,
      { slug: ads[1].slug },
    );
    expect(unticked.status).toBe(400);
    expect(await shown("es", unticked.data.result.error.safety[0])).toBe(
      "Marque la casilla para confirmar que leyó los consejos de seguridad.",
    );
  });
});

describe("expiry and renewal", () => {
  it("emails one renewal link 3 days before expiry, once per expiry, even with two runs at once", async () => {
    const owner = await createMember({ firstName: "Rita" });
    const soon = await createTestAd({ authorId: owner.id, title: "Hammock", expiresAt: daysFromNow(2) });
    const later = await createTestAd({ authorId: owner.id, title: "Wetsuit", expiresAt: daysFromNow(10) });
    await Promise.all([runClassifiedExpiry(), runClassifiedExpiry()]);
    await runClassifiedExpiry();
    const reminders = (await emailsTo(owner.email)).filter((email) => email.subject.startsWith("Your ad"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0].subject).toContain("Hammock");
    expect(reminders[0].text).not.toContain("Wetsuit");
    const link = reminders[0].text.match(/http\S+\/classifieds\/renew\?\S+/)?.[0] ?? "";
    const url = new URL(link);

    const renewed = await renewAdByToken({
      adId: url.searchParams.get("a") ?? "",
      expiry: url.searchParams.get("e") ?? "",
      token: url.searchParams.get("t") ?? "",
    });
    expect(renewed.already).toBe(false);
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(daysFromNow(29.9).getTime());
    // The same link again: already renewed, nothing extended twice.
    const again = await renewAdByToken({
      adId: url.searchParams.get("a") ?? "",
      expiry: url.searchParams.get("e") ?? "",
      token: url.searchParams.get("t") ?? "",
    });
    expect(again).toMatchObject({ already: true });
    expect((await getTestAd(soon.id)).expiresAt.getTime()).toBe(renewed.expiresAt.getTime());
    // A forged token is refused.
    const forged = await renewAdByToken({ adId: later.id, expiry: url.searchParams.get("e") ?? "", token: "x" }).catch(
      (e) => e,
    );
    expect(isAppError(forged) && forged.code).toBe("not_found");

    // The new expiry gets its own reminder when it comes near.
    await runClassifiedExpiry({ now: daysFromNow(28) });
    const afterRenewal = (await emailsTo(owner.email)).filter((email) => email.subject.startsWith("Your ad"));
    expect(afterRenewal.filter((email) => email.subject.includes("Hammock"))).toHaveLength(2);
  });

  it("takes expired ads out of search, and renews an expired ad from the dashboard within 30 days", async () => {
    const owner = await createMember();
    const ad = await createTestAd({ authorId: owner.id, title: "Quokka lamp unique" });
    expect((await searchSite({ query: "quokka", language: "en" })).length).toBe(1);
    await getDb()
      .update(classifiedAds)
      .set({ expiresAt: daysFromNow(-1) })
      .where(eq(classifiedAds.id, ad.id));
    await runClassifiedExpiry();
    expect((await searchSite({ query: "quokka", language: "en" })).length).toBe(0);
    expect((await listMyAds({ actor: owner }))[0]).toMatchObject({ state: "expired", renewable: true });
    await renewAd({ actor: owner, adId: ad.id });
    expect((await loadAd(ad.slug)).status).toBe(200);
    expect((await searchSite({ query: "quokka", language: "en" })).length).toBe(1);
    const { expiry } = { expiry: (await renewalQuery(ad.id, (await getTestAd(ad.id)).expiresAt)).e };
    expect(expiry).toMatch(/^\d+$/);
  });
});

describe("moderation and ownership", () => {
  it("hides an ad at the shared report threshold and shows it in the queue", async () => {
    const ad = await createTestAd({ authorId: seller.id, title: "Too good to be true iPhone" });
    const reporters = await Promise.all([createMember(), createMember(), createMember()]);
    for (const reporter of reporters.slice(0, 2)) {
      await expect(
        reportItem({ kind: "classified", itemId: ad.id, actor: reporter, reason: "misleading" }),
      ).resolves.toEqual({
        hidden: false,
      });
    }
    await expect(
      reportItem({ kind: "classified", itemId: ad.id, actor: reporters[2], reason: "spam" }),
    ).resolves.toEqual({
      hidden: true,
    });
    expect((await getTestAd(ad.id)).status).toBe("pending");
    expect((await loadAd(ad.slug)).status).toBe(404);
    expect((await loadAd(ad.slug, sellerCookie)).data.ad.state).toBe("pending");
    const queue = await listModerationQueue({ actor: admin });
    expect(queue.some((entry) => entry.kind === "classified" && entry.item.id === ad.id)).toBe(true);
    expect((await classifiedAdapter.describe([ad.id], getDb())).get(ad.id)?.href).toBe(`/classifieds/${ad.slug}`);
  });

  it("lets only the author renew, mark sold or delete an ad (another person's looks missing)", async () => {
    const ad = await createTestAd({ authorId: seller.id, title: "Board bag" });
    for (const intent of ["renew", "sold", "delete"]) {
      const result = await postForm(dashboard, "/dashboard/classifieds", { intent, adId: ad.id }, buyerCookie);
      expect(result.status, intent).toBe(404);
    }
    const bogus = await postForm(dashboard, "/dashboard/classifieds", { intent: "explode", adId: ad.id }, sellerCookie);
    expect(bogus.status).toBe(400);
    await markAdSold({ actor: seller, adId: ad.id });
    const page = await loadAd(ad.slug);
    expect(page.data.ad.state).toBe("sold");
    expect((await loadList()).data.ads.map((row: { id: string }) => row.id)).not.toContain(ad.id);
    const sold = await postForm(dashboard, "/dashboard/classifieds", { intent: "delete", adId: ad.id }, sellerCookie);
    expect(sold.status).toBe(302);
    expect((await getTestAd(ad.id)).status).toBe("deleted");
    expect((await loadAd(ad.slug)).status).toBe(404);
    const mine = await loadPage(dashboard, "/dashboard/classifieds", sellerCookie);
    expect(mine.data.ads.map((row: { id: string }) => row.id)).not.toContain(ad.id);
  });
});
