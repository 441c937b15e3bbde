import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { askConcierge } from "#app/compose/concierge/concierge.server";
import { searchDirectory } from "#app/features/directory/search.server";
import { getDb } from "#app/lib/db.server";
import { searchSite } from "#app/lib/search/index.server";
import { businesses } from "#app/platform/listings/schema";
import * as businessRoute from "#app/routes/_public/business/$slug";
import * as directoryRoute from "#app/routes/_public/directory";
import * as editRoute from "#app/routes/dashboard/business/$businessId";
import { createSignedInUser } from "#tests/factories/accounts";
import { createBusiness, type TestBusiness } from "#tests/factories/directory";
import { run } from "#tests/factories/route-calls";
import { jsonLdOf, postBusinessDetails } from "#tests/support/business-details";
import { type RouteModule, renderRoute } from "#tests/support/render-route";

// What a place accepts and offers: set by its owner (or an admin) in the dashboard, shown on its
// page and in its JSON-LD, filtered by in the directory's URL, and answered by the concierge.

const base = { timeZone: "America/Costa_Rica" } as const;
const slugs = (result: { cards: { slug: string }[] }) => result.cards.map((card) => card.slug);
// Wednesday 25 November 2026, 12:30 in Costa Rica: every test business is open then.
const clock = new Date("2026-11-25T18:30:00Z");

let owner: Awaited<ReturnType<typeof createSignedInUser>>;
let stranger: Awaited<ReturnType<typeof createSignedInUser>>;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let owned: TestBusiness;
let sodaSinpe: TestBusiness;
let grillCards: TestBusiness;
let hotelBoth: TestBusiness;
let cashOnly: TestBusiness;

beforeAll(async () => {
  owner = await createSignedInUser({ roles: ["business_owner"] });
  stranger = await createSignedInUser({ roles: ["business_owner"] });
  admin = await createSignedInUser({ roles: ["admin"] });
  owned = await createBusiness({ name: "Cevichería El Muelle", slug: "ceviche-el-muelle", owner: owner.id });
  sodaSinpe = await createBusiness({
    name: "Soda Doña Tina",
    slug: "soda-dona-tina",
    category: "restaurant",
    area: "brasilito",
    descriptionEn: "Casados and fresh fish by the plaza.",
    offerings: ["sinpe", "cash-crc"],
    spokenLanguages: ["es"],
  });
  grillCards = await createBusiness({
    name: "Parrilla Los Almendros",
    slug: "parrilla-los-almendros",
    category: "restaurant",
    area: "playa-flamingo",
    descriptionEn: "Grilled fish and steaks with a sea view.",
    offerings: ["cards", "cash-usd", "wifi", "reservations"],
    spokenLanguages: ["es", "en", "fr"],
  });
  hotelBoth = await createBusiness({
    name: "Hotel Brisa Marina",
    slug: "hotel-brisa-marina",
    category: "accommodation",
    area: "brasilito",
    offerings: ["sinpe", "cards", "parking", "pets"],
    spokenLanguages: ["es", "en", "de"],
  });
  cashOnly = await createBusiness({
    name: "Pulpería La Tranquera",
    slug: "pulperia-la-tranquera",
    category: "retail",
    area: "brasilito",
    offerings: ["cash-crc"],
  });
});

/** The edit form as posted for the tests' business (its street address kept), with the ticked boxes. */
const detailsPost = (business: TestBusiness, cookie: string, ticked: [string, string][]) =>
  postBusinessDetails(business, cookie, { address: "Main road, Playa Flamingo" }, ticked);

async function storedLists(id: string) {
  const [row] = await getDb()
    .select({ offerings: businesses.offerings, spokenLanguages: businesses.spokenLanguages })
    .from(businesses)
    .where(eq(businesses.id, id));
  return row;
}

/** Whether the checkbox named `name` with `value` is rendered ticked (attributes in any order). */
function ticked(html: string, name: string, value: string): boolean {
  const input = [...html.matchAll(/<input[^>]*>/g)]
    .map((match) => match[0])
    .find((tag) => tag.includes(`name="${name}"`) && tag.includes(`value="${value}"`));
  expect(input, `${name}=${value} is on the page`).toBeDefined();
  return /\schecked(=""|\s|\/?>)/.test(input ?? "");
}

describe("owners say what their place accepts and offers", () => {
  it("the owner's edit form saves the ticked payments, amenities and languages", async () => {
    const response = await run(() =>
      detailsPost(owned, owner.cookie, [
        ["offerings", "sinpe"],
        ["offerings", "cards"],
        ["offerings", "wifi"],
        ["spokenLanguages", "es"],
        ["spokenLanguages", "it"],
      ]),
    );
    expect(response.status).toBeLessThan(400);
    expect(await storedLists(owned.id)).toEqual({
      offerings: ["sinpe", "cards", "wifi"],
      spokenLanguages: ["es", "it"],
    });

    // Unticking everything is an answer too: nothing is accepted any more.
    await run(() => detailsPost(owned, owner.cookie, [["offerings", "cash-crc"]]));
    expect(await storedLists(owned.id)).toEqual({ offerings: ["cash-crc"], spokenLanguages: [] });
  });

  it("the edit form shows the saved boxes ticked", async () => {
    const { status, html } = await renderRoute(
      editRoute as unknown as RouteModule,
      "/dashboard/business/:businessId",
      `/dashboard/business/${owned.id}`,
      owner.cookie,
    );
    expect(status).toBe(200);
    expect(ticked(html, "offerings", "cash-crc")).toBe(true);
    expect(ticked(html, "offerings", "sinpe")).toBe(false);
    expect(html).toContain("What you accept and offer");
  });

  it("an admin may set them on anyone's listing; another owner may not, and nothing changes", async () => {
    const refused = await run(() => detailsPost(owned, stranger.cookie, [["offerings", "delivery"]]));
    expect(refused.status).toBe(404);
    expect((await storedLists(owned.id)).offerings).toEqual(["cash-crc"]);

    await run(() =>
      detailsPost(owned, admin.cookie, [
        ["offerings", "sinpe"],
        ["offerings", "cash-crc"],
        ["spokenLanguages", "en"],
      ]),
    );
    expect(await storedLists(owned.id)).toEqual({ offerings: ["sinpe", "cash-crc"], spokenLanguages: ["en"] });
  });

  it("a value outside the lists is refused with a message and saves nothing", async () => {
    const response = await run(() =>
      detailsPost(owned, owner.cookie, [
        ["name", "Renamed meanwhile"],
        ["offerings", "sinpe"],
        ["offerings", "bitcoin"],
        ["spokenLanguages", "<script>"],
      ]),
    );
    expect(response.status).toBe(400);
    const body = JSON.stringify(response.data ?? "");
    expect(body).toContain("directory:errors.offeringInvalid");
    expect(body).toContain("directory:errors.spokenLanguageInvalid");
    const [row] = await getDb().select({ name: businesses.name }).from(businesses).where(eq(businesses.id, owned.id));
    expect(row.name).toBe(owned.name);
    expect(await storedLists(owned.id)).toEqual({ offerings: ["sinpe", "cash-crc"], spokenLanguages: ["en"] });
  });
});

describe("a business page shows them, in both languages and in its JSON-LD", () => {
  it("lists payments and amenities as icons with words, and the languages spoken", async () => {
    const { status, html } = await renderRoute(
      businessRoute as unknown as RouteModule,
      "/business/:slug",
      `/business/${hotelBoth.slug}`,
    );
    expect(status).toBe(200);
    expect(html).toContain("Accepts and offers");
    expect(html).toMatch(/data-offering="sinpe"[^>]*>.*?icon-smartphone.*?SINPE Móvil/s);
    expect(html).toContain("Pets welcome");
    expect(html).toContain("Staff speak: Spanish, English, German");

    const spanish = await renderRoute(
      businessRoute as unknown as RouteModule,
      "/es/business/:slug",
      `/es/business/${hotelBoth.slug}`,
    );
    expect(spanish.html).toContain("Acepta y ofrece");
    expect(spanish.html).toContain("Tarjetas");
    expect(spanish.html).toContain("Se aceptan mascotas");
    expect(spanish.html).toContain("Se habla: Español, Inglés, Alemán");
  });

  it("says nothing about it when the owner has set nothing", async () => {
    const bare = await createBusiness({ name: "Taller Sin Datos" });
    const { html } = await renderRoute(
      businessRoute as unknown as RouteModule,
      "/business/:slug",
      `/business/${bare.slug}`,
    );
    expect(html).not.toContain('data-testid="offerings"');
    expect(jsonLdOf(html)).not.toHaveProperty("paymentAccepted");
  });

  it("carries paymentAccepted, amenityFeature and knowsLanguage", async () => {
    const { html } = await renderRoute(
      businessRoute as unknown as RouteModule,
      "/business/:slug",
      `/business/${grillCards.slug}`,
    );
    const ld = jsonLdOf(html);
    expect(ld.paymentAccepted).toBe("Cash (USD), Credit Card, Debit Card");
    expect(ld.currenciesAccepted).toBe("USD");
    expect(ld.amenityFeature).toEqual([
      { "@type": "LocationFeatureSpecification", name: "Free Wi-Fi", value: true },
      { "@type": "LocationFeatureSpecification", name: "Reservations", value: true },
    ]);
    expect(ld.knowsLanguage).toEqual(["es", "en", "fr"]);
  });
});

describe("visitors filter the directory by them", () => {
  it("accepts= keeps the places that take every one asked for, with the other filters and the search", async () => {
    const sinpe = await searchDirectory({ ...base, accepts: ["sinpe"], language: "en", pageSize: 100 });
    expect(slugs(sinpe)).toEqual(expect.arrayContaining([sodaSinpe.slug, hotelBoth.slug]));
    expect(slugs(sinpe)).not.toContain(grillCards.slug);
    expect(slugs(sinpe)).not.toContain(cashOnly.slug);

    const both = await searchDirectory({ ...base, accepts: ["sinpe", "cards"], language: "en", pageSize: 100 });
    expect(slugs(both)).toContain(hotelBoth.slug);
    expect(slugs(both)).not.toContain(sodaSinpe.slug);

    const restaurants = await searchDirectory({
      ...base,
      accepts: ["sinpe"],
      category: "restaurant",
      area: "brasilito",
      language: "en",
    });
    expect(slugs(restaurants)).toEqual([sodaSinpe.slug]);

    const searched = await searchDirectory({ ...base, query: "casados", accepts: ["sinpe"], language: "en" });
    expect(slugs(searched)).toEqual([sodaSinpe.slug]);
    const none = await searchDirectory({ ...base, query: "casados", accepts: ["cards"], language: "en" });
    expect(slugs(none)).toEqual([]);

    const french = await searchDirectory({ ...base, speaks: ["fr"], language: "en", pageSize: 100 });
    expect(slugs(french)).toEqual([grillCards.slug]);
  });

  it("the directory page reads the filter from its URL and keeps it ticked", async () => {
    const { status, html } = await renderRoute(
      directoryRoute as RouteModule,
      "/directory",
      "/directory?accepts=sinpe&area=brasilito",
    );
    expect(status).toBe(200);
    expect(html).toContain("Soda Doña Tina");
    expect(html).toContain("Hotel Brisa Marina");
    expect(html).not.toContain("Pulpería La Tranquera");
    expect(html).not.toContain("Parrilla Los Almendros");
    expect(ticked(html, "accepts", "sinpe")).toBe(true);
    expect(ticked(html, "accepts", "cards")).toBe(false);
    // The chip that removes the filter keeps the area.
    expect(html).toContain('href="/directory?area=brasilito"');

    const spanish = await renderRoute(
      directoryRoute as RouteModule,
      "/es/directory",
      "/es/directory?accepts=sinpe&accepts=cards",
    );
    expect(spanish.html).toContain("Hotel Brisa Marina");
    expect(spanish.html).not.toContain("Soda Doña Tina");
    expect(spanish.html).toContain("Formas de pago");
  });

  it("hostile or unknown values are ignored, never a 500", async () => {
    for (const query of [
      "accepts=bitcoin",
      "accepts=%27%3B+drop+table+businesses%3B--",
      "accepts[]=sinpe",
      `accepts=${"x".repeat(5000)}`,
      `${Array.from({ length: 500 }, () => "accepts=sinpe").join("&")}`,
      "speaks=%00&speaks=klingon",
      "accepts=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    ]) {
      const rendered = await renderRoute(directoryRoute as RouteModule, "/directory", `/directory?${query}`);
      expect(rendered.status, query).toBe(200);
      expect(rendered.html).not.toContain("<script>alert(1)");
    }
    // Unknown values are no filter at all: the full directory.
    const unknown = await renderRoute(directoryRoute as RouteModule, "/directory", "/directory?accepts=bitcoin");
    expect(unknown.html).toContain("Pulpería La Tranquera");
    // A caller that passes anything else gets no condition from it either.
    const direct = await searchDirectory({ ...base, accepts: ["bitcoin" as never], language: "en", pageSize: 100 });
    expect(slugs(direct)).toContain(cashOnly.slug);
  });

  it("the site search finds SINPE Móvil places by the word", async () => {
    const results = await searchSite({ query: "sinpe", language: "es", kinds: ["business"] });
    const urls = JSON.stringify(results);
    expect(urls).toContain(sodaSinpe.slug);
    expect(urls).not.toContain(cashOnly.slug);
  });
});

describe("the concierge answers from them", () => {
  let ip = 0;
  const ask = (question: string, language: "en" | "es", conversationToken: string | null = null) =>
    askConcierge({
      question,
      language,
      actor: null,
      ip: `203.0.113.${(ip++ % 250) + 1}`,
      conversationToken,
      now: clock,
    });

  it("¿dónde puedo pagar con SINPE en Brasilito? lists the places there that take it", async () => {
    const answer = await ask("¿Dónde puedo pagar con SINPE en Brasilito?", "es");
    expect(answer.language).toBe("es");
    expect(answer.answer).toContain("Lugares que indican SINPE Móvil en Brasilito");
    expect(answer.answer).toContain("Soda Doña Tina");
    expect(answer.answer).toContain("Hotel Brisa Marina");
    expect(answer.answer).not.toContain("Pulpería La Tranquera");
    expect(answer.citations.map((c) => c.url)).toContain("/es/directory?area=brasilito&accepts=sinpe");
  });

  it("which restaurants take cards? lists restaurants that do, in English", async () => {
    const answer = await ask("Which restaurants take cards?", "en");
    expect(answer.answer).toContain("Restaurants listed with Cards");
    expect(answer.answer).toContain("Parrilla Los Almendros");
    expect(answer.answer).not.toContain("Soda Doña Tina");
    expect(answer.answer).not.toContain("Hotel Brisa Marina");
  });

  it("¿aceptan SINPE? about a named place, or the one being talked about, is yes or no", async () => {
    const yes = await ask("¿Hotel Brisa Marina acepta SINPE?", "es");
    expect(yes.answer).toContain("Sí:");
    expect(yes.answer).toContain("Hotel Brisa Marina");

    const no = await ask("Can I pay with SINPE at Parrilla Los Almendros?", "en");
    expect(no.answer).toContain("listing does not say SINPE Móvil");

    const partly = await ask("¿Parrilla Los Almendros acepta tarjetas y SINPE?", "es");
    expect(partly.answer).toMatch(/indica Tarjetas, pero no SINPE Móvil/);
  });

  it("speaks French? finds the places whose staff do", async () => {
    const answer = await ask("Where do they speak French?", "en");
    expect(answer.answer).toContain("Parrilla Los Almendros");
    expect(answer.answer).not.toContain("Hotel Brisa Marina");
  });

  it("says so when no place is listed with it, and links the filtered directory", async () => {
    const answer = await ask("Restaurants in Brasilito with wheelchair access?", "en");
    expect(answer.answered).toBe(false);
    expect(answer.answer).toContain("is listed with Wheelchair access");
    expect(answer.citations.map((c) => c.url)).toContain(
      "/directory?category=restaurant&area=brasilito&accepts=wheelchair",
    );
  });

  it("a business's details include what it accepts", async () => {
    const answer = await ask("Is Parrilla Los Almendros open?", "en");
    expect(answer.answer).toContain("It lists: Cash in dollars, Cards, Wi-Fi, Reservations.");
    expect(answer.answer).toContain("Staff speak: Spanish, English, French");
  });
});
