import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { askConcierge } from "#app/compose/concierge/concierge.server";
import { searchDirectory } from "#app/features/directory/search.server";
import { getDb } from "#app/lib/db.server";
import { searchSite } from "#app/lib/search/index.server";
import { businesses } from "#app/platform/listings/schema";
import * as businessRoute from "#app/routes/_public/business/$slug";
import * as editRoute from "#app/routes/dashboard/business/$businessId";
import { createSignedInUser } from "#tests/factories/accounts";
import { createBusiness, type TestBusiness } from "#tests/factories/directory";
import { run } from "#tests/factories/route-calls";
import { jsonLdOf, postBusinessDetails } from "#tests/support/business-details";
import { type RouteModule, renderRoute } from "#tests/support/render-route";

// Directions from landmarks: most places here have no street address. The owner writes them in
// both languages (required when the address is empty); the page, its JSON-LD, the search and the
// concierge give them, with the Plus Code computed from the coordinates.

const clock = new Date("2026-11-25T18:30:00Z");

let owner: Awaited<ReturnType<typeof createSignedInUser>>;
let owned: TestBusiness;
let cabinas: TestBusiness;

beforeAll(async () => {
  owner = await createSignedInUser({ roles: ["business_owner"] });
  owned = await createBusiness({ name: "Cevichería La Poza", slug: "cevicheria-la-poza", owner: owner.id });
  cabinas = await createBusiness({
    name: "Cabinas El Almendro",
    slug: "cabinas-el-almendro",
    category: "accommodation",
    area: "brasilito",
    address: "",
    latitude: 10.408,
    longitude: -85.7958,
    descriptionEn: "Simple rooms a short walk from the beach.",
    descriptionEs: "Habitaciones sencillas a pocos pasos de la playa.",
    directionsEn: "From Brasilito's church, 200 m north, green house with a white gate.",
    directionsEs: "De la iglesia de Brasilito, 200 m norte, casa verde con portón blanco.",
  });
});

async function stored(id: string) {
  const [row] = await getDb()
    .select({ address: businesses.address, en: businesses.directionsEn, es: businesses.directionsEs })
    .from(businesses)
    .where(eq(businesses.id, id));
  return row;
}

describe("owners give directions from landmarks", () => {
  it("the edit form saves both languages' directions, with or without a street address", async () => {
    const response = await run(() =>
      postBusinessDetails(owned, owner.cookie, {
        address: "",
        directionsEn: "100 m west of the marina, blue house.",
        directionsEs: "100 m oeste de la marina, casa celeste.",
      }),
    );
    expect(response.status).toBeLessThan(400);
    expect(await stored(owned.id)).toEqual({
      address: "",
      en: "100 m west of the marina, blue house.",
      es: "100 m oeste de la marina, casa celeste.",
    });
  });

  it("refuses a place with neither a street address nor directions, with a message, saving nothing", async () => {
    const response = await run(() =>
      postBusinessDetails(owned, owner.cookie, {
        name: "Renamed meanwhile",
        address: "",
        directionsEn: "",
        directionsEs: "",
      }),
    );
    expect(response.status).toBe(400);
    const body = JSON.stringify(response.data ?? "");
    expect(body).toContain("directory:errors.addressOrDirectionsRequired");
    const [row] = await getDb().select({ name: businesses.name }).from(businesses).where(eq(businesses.id, owned.id));
    expect(row.name).toBe(owned.name);
    expect((await stored(owned.id)).en).toBe("100 m west of the marina, blue house.");

    // The Spanish dashboard asks for them in Spanish, with what is stored filled in.
    const { html } = await renderRoute(
      editRoute as unknown as RouteModule,
      "/es/dashboard/business/:businessId",
      `/es/dashboard/business/${owned.id}`,
      owner.cookie,
    );
    expect(html).toContain("Cómo llegar, en español");
    expect(html).toContain("100 m oeste de la marina, casa celeste.");
  });

  it("one language's directions are enough without an address", async () => {
    const response = await run(() =>
      postBusinessDetails(owned, owner.cookie, { address: "", directionsEn: "", directionsEs: "Frente al muelle." }),
    );
    expect(response.status).toBeLessThan(400);
    expect(await stored(owned.id)).toEqual({ address: "", en: "", es: "Frente al muelle." });
  });
});

describe("the business page shows them with the Plus Code", () => {
  it("in English, with the short code near Playa Flamingo and the full code", async () => {
    const { status, html } = await renderRoute(
      businessRoute as unknown as RouteModule,
      "/business/:slug",
      `/business/${cabinas.slug}`,
    );
    expect(status).toBe(200);
    expect(html).toContain("From Brasilito&#x27;s church, 200 m north, green house with a white gate.");
    const text = html.replace(/<!-- -->|<[^>]+>/g, "");
    expect(text).toContain("Plus Code: C653+6M Playa Flamingo");
    expect(text).toContain("762PC653+6M");
    const ld = jsonLdOf(html);
    expect(ld.address.disambiguatingDescription).toBe(
      "From Brasilito's church, 200 m north, green house with a white gate.",
    );
    expect(ld.address).not.toHaveProperty("streetAddress");
    expect(ld.geo).toEqual({ "@type": "GeoCoordinates", latitude: 10.408, longitude: -85.7958 });
    expect(ld.hasMap).toBe("https://plus.codes/762PC653%2B6M");
  });

  it("in Spanish, the Spanish directions", async () => {
    const { html } = await renderRoute(
      businessRoute as unknown as RouteModule,
      "/es/business/:slug",
      `/es/business/${cabinas.slug}`,
    );
    expect(html).toContain("Señas para llegar");
    expect(html).toContain("De la iglesia de Brasilito, 200 m norte, casa verde con portón blanco.");
    expect(jsonLdOf(html).address.disambiguatingDescription).toBe(
      "De la iglesia de Brasilito, 200 m norte, casa verde con portón blanco.",
    );
  });
});

describe("search finds a place by its landmarks", () => {
  it("iglesia Brasilito finds it, in the directory and the site search, in both languages", async () => {
    for (const language of ["es", "en"] as const) {
      const directory = await searchDirectory({
        timeZone: "America/Costa_Rica",
        query: "iglesia Brasilito",
        language,
      });
      expect(
        directory.cards.map((card) => card.slug),
        language,
      ).toContain(cabinas.slug);
    }
    const site = await searchSite({ query: "iglesia Brasilito", language: "es", kinds: ["business"] });
    expect(JSON.stringify(site)).toContain(cabinas.slug);
  });
});

describe("the concierge gives them", () => {
  let ip = 0;
  const ask = (question: string, language: "en" | "es") =>
    askConcierge({
      question,
      language,
      actor: null,
      ip: `198.51.100.${(ip++ % 250) + 1}`,
      conversationToken: null,
      now: clock,
    });

  it("in English and in Spanish, with the Plus Code", async () => {
    const english = await ask("Is Cabinas El Almendro open?", "en");
    expect(english.answer).toContain(
      "How to get there: From Brasilito's church, 200 m north, green house with a white gate.",
    );
    expect(english.answer).toContain("Plus Code: C653+6M Playa Flamingo");
    expect(english.answer).toContain("It is in Brasilito & Conchal.\n");

    const spanish = await ask("¿Está abierto Cabinas El Almendro?", "es");
    expect(spanish.answer).toContain(
      "Señas para llegar: De la iglesia de Brasilito, 200 m norte, casa verde con portón blanco.",
    );
    // No street address: the area alone, not "Queda en Brasilito y Conchal: ."
    expect(spanish.answer).toContain("Queda en Brasilito y Conchal.\n");
    expect(spanish.answer).toContain("Plus Code: C653+6M Playa Flamingo");
  });
});
