import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { contentVersions } from "#app/lib/response-cache/schema";
import { setExchangeRate } from "#app/platform/site/site-config.server";
import * as areaRoute from "#app/routes/_public/areas/$area";
import * as businessRoute from "#app/routes/_public/business/$slug";
import * as categoryRoute from "#app/routes/_public/category/$category";
import * as directoryRoute from "#app/routes/_public/directory";
import * as locationRoute from "#app/routes/_public/location/$location";
import * as adminContentRoute from "#app/routes/admin/content/index";
import { createSignedInUser } from "#tests/factories/accounts";
import { createBusiness, createReview, type TestBusiness } from "#tests/factories/directory";
import { expectRedirectWithToast } from "#tests/factories/flash";
import { loadPage, postForm } from "#tests/factories/route-calls";
import { type RouteModule, renderRoute } from "#tests/support/render-route";

// A free and a premium listing with the same kind of contact details, and a few others for hubs.
let free: TestBusiness;
let premium: TestBusiness;
let pending: TestBusiness;
const contact = (n: number, slug: string) => ({
  phone: `+506 0000 ${n}`,
  whatsapp: `+506 0000 ${n}`,
  email: `hola@${slug}.example.com`,
  website: `https://${slug}.example.com`,
});

beforeAll(async () => {
  free = await createBusiness({
    name: "Soda La Esquina",
    slug: "soda-la-esquina",
    category: "restaurant",
    area: "brasilito",
    ...contact(1001, "soda-la-esquina"),
  });
  premium = await createBusiness({
    name: "Marina Sunset Grill",
    slug: "marina-sunset-grill",
    category: "restaurant",
    premium: true,
    descriptionEn: "Open-air restaurant on the hill above the marina, with sunset views.",
    descriptionEs: "Restaurante al aire libre en la colina sobre la marina, con vista al atardecer.",
    ...contact(1002, "marina-sunset-grill"),
  });
  await createReview({ businessId: premium.id, rating: 5 });
  pending = await createBusiness({ name: "Food Truck La Playita", category: "restaurant", status: "pending" });
  await createBusiness({ name: "Pizzería Il Faro", category: "restaurant", area: "surfside" });
  await createBusiness({ name: "Taquería El Potrero", category: "restaurant", area: "surfside" });
  await createBusiness({ name: "Flamingo Sails Catamaran", category: "entertainment" });
  await createBusiness({ name: "Ferretería El Cruce", category: "retail", area: "huacas" });
  await createBusiness({ name: "Súper Flamingo", category: "retail", area: "playa-flamingo" });
});

/** The admin's content form posted as a browser would. */
const postAdminContent = (fields: Record<string, string>, cookie: string) =>
  postForm(adminContentRoute, "/admin/content", fields, cookie);

describe("premium gating on the server", () => {
  it("a free listing's HTML contains none of its contact details, only the teaser", async () => {
    const { status, html } = await renderRoute(
      businessRoute as RouteModule,
      "/business/:slug",
      `/business/${free.slug}`,
    );
    expect(status).toBe(200);
    expect(html).toContain("Soda La Esquina");
    for (const hidden of [
      "0000 1001",
      "+50600001001",
      "hola@soda-la-esquina.example.com",
      "soda-la-esquina.example.com",
      "wa.me",
    ]) {
      expect(html, hidden).not.toContain(hidden);
    }
    expect(html).toContain("Phone, WhatsApp, email and website are shown on premium listings.");
    // Directions (Waze and Google Maps, through the counting redirect) stay available to everyone.
    expect(html).toContain(`/business/${free.slug}/contact/waze`);
    expect(html).toContain(`/business/${free.slug}/contact/directions`);
  });

  it("the loader data a free listing sends the browser has no contact field either", async () => {
    const result = await loadPage(businessRoute, `/business/${free.slug}`, null, { slug: free.slug });
    const serialized = JSON.stringify(result.data);
    expect(serialized).not.toContain("0000 1001");
    expect(serialized).not.toContain("example.com");
    expect(result.data.business.contact).toBeNull();
    expect(result.data.jsonLd).not.toContain("telephone");
  });

  it("a premium listing shows phone, WhatsApp, email and website, and puts them in its JSON-LD", async () => {
    const { html } = await renderRoute(businessRoute as RouteModule, "/business/:slug", `/business/${premium.slug}`);
    expect(html).toContain("0000 1002");
    expect(html).toContain("tel:+50600001002");
    expect(html).toContain("mailto:hola@marina-sunset-grill.example.com");
    expect(html).toContain('"@type":"Restaurant"');
    expect(html).toContain('"telephone"');
    expect(html).toContain('"aggregateRating"');
  });

  it("renders in Spanish at /es/ with the Spanish description and hours", async () => {
    const { html } = await renderRoute(
      businessRoute as RouteModule,
      "/es/business/:slug",
      `/es/business/${premium.slug}`,
    );
    expect(html).toContain("Restaurante al aire libre en la colina");
    expect(html).toContain("Horario");
    expect(html).toContain('href="/es/category/restaurant"');
  });

  it("answers 404 Business Not Found for unknown and non-public slugs", async () => {
    for (const slug of ["no-such-place", pending.slug, "<script>", "'; drop table businesses; --"]) {
      const result = await loadPage(businessRoute, `/business/${encodeURIComponent(slug)}`, null, {
        slug,
      });
      expect(result.status, slug).toBe(404);
      expect(result.data).toBe("Business Not Found");
    }
    const spanish = await loadPage(businessRoute, "/es/business/nope", null, { slug: "nope" });
    expect(spanish.data).toBe("Negocio no encontrado");
  });
});

describe("directory pages", () => {
  it("/directory lists only verified businesses with the query and filters from the URL", async () => {
    const { status, html } = await renderRoute(
      directoryRoute as RouteModule,
      "/directory",
      "/directory?category=restaurant&area=surfside",
    );
    expect(status).toBe(200);
    expect(html).toContain("Pizzería Il Faro");
    expect(html).toContain("Taquería El Potrero");
    expect(html).not.toContain("Food Truck La Playita");
    expect(html).not.toContain("Soda La Esquina");
  });

  it("says No Businesses Found, and survives hostile parameters", async () => {
    const { status, html } = await renderRoute(
      directoryRoute as RouteModule,
      "/directory",
      "/directory?q=zzqqxxnothing",
    );
    expect(status).toBe(200);
    expect(html).toContain("No Businesses Found");
    for (const query of [
      "q=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      "q=%27%3B+drop+table+businesses%3B--",
      `q=${"a".repeat(5000)}`,
      "page=-1&rating=abc&sort=%00",
      "category[]=x&area=..%2F..",
      "q=%F0%9F%8F%96%EF%B8%8F",
    ]) {
      const rendered = await renderRoute(directoryRoute as unknown as RouteModule, "/directory", `/directory?${query}`);
      expect(rendered.status, query).toBe(200);
      expect(rendered.html).not.toContain("<script>alert(1)");
    }
  });

  it("says Failed to Load Businesses when the database fails, with a 503", async () => {
    const db = getDb();
    const original = db.select.bind(db);
    let calls = 0;
    // The search's own query fails; the site configuration and areas still load.
    (db as { select: unknown }).select = ((...args: unknown[]) => {
      calls += 1;
      if (calls === 3) throw new Error("connection lost");
      return (original as (...a: unknown[]) => unknown)(...args);
    }) as never;
    try {
      const { status, html } = await renderRoute(
        directoryRoute as unknown as RouteModule,
        "/directory",
        "/directory?sort=name",
      );
      expect(status).toBe(503);
      expect(html).toContain("Failed to Load Businesses");
      expect(html).toContain("Please try again later or refresh the page");
    } finally {
      (db as { select: unknown }).select = original;
    }
  });

  it("category hubs list their businesses; an unknown category is Category Not Found", async () => {
    const { html } = await renderRoute(
      categoryRoute as unknown as RouteModule,
      "/category/:category",
      "/category/entertainment",
    );
    expect(html).toContain("Flamingo Sails Catamaran");
    const missing = await loadPage(categoryRoute, "/category/spaceships", null, {
      category: "spaceships",
    });
    expect(missing.status).toBe(404);
    expect(missing.data).toBe("Category Not Found");
  });

  it("location hubs and featured area pages show their area's businesses by category", async () => {
    const location = await renderRoute(
      locationRoute as unknown as RouteModule,
      "/location/:location",
      "/location/huacas",
    );
    expect(location.html).toContain("Ferretería El Cruce");
    expect(location.html).not.toContain("Súper Flamingo");
    const area = await renderRoute(
      areaRoute as unknown as RouteModule,
      "/areas/:area",
      "/es/areas/brasilito".replace("/es", ""),
    );
    expect(area.html).toContain("Brasilito");
    expect(area.html).toContain("Soda La Esquina");
    // Huacas is an area but not a featured one: no /areas page, its location hub instead.
    const notFeatured = await loadPage(areaRoute, "/areas/huacas", null, { area: "huacas" });
    expect(notFeatured.status).toBe(404);
  });
});

describe("menu prices in the page language's currency", () => {
  const nbsp = "\u00a0";
  let menuBusiness: TestBusiness;
  beforeAll(async () => {
    menuBusiness = await createBusiness({
      name: "Casa Ceviche",
      category: "restaurant",
      menu: [
        { nameEn: "Sunset platter", nameEs: "Bandeja del atardecer", priceMinor: 3800, currency: "USD" },
        { nameEn: "Gallo pinto", priceMinor: 350_000, currency: "CRC" },
      ],
    });
  });

  it("the Spanish page shows colones, with the entered dollars and the rate's date beside them", async () => {
    const { status, html } = await renderRoute(
      businessRoute as RouteModule,
      "/es/business/:slug",
      `/es/business/${menuBusiness.slug}`,
    );
    expect(status).toBe(200);
    // The seeded rate: 505 colones per dollar on 2026-11-01.
    expect(html).toContain(`₡19${nbsp}190`);
    expect(html).toContain(`Precio original: USD${nbsp}38,00 · tipo de cambio del 1 nov 2026`);
    expect(html).not.toMatch(/>USD\s38,00</);
    // A price entered in colones is shown as it is.
    expect(html).toContain(`₡3${nbsp}500`);
  });

  it("the English page shows dollars, converting a colón price", async () => {
    const { html } = await renderRoute(
      businessRoute as RouteModule,
      "/business/:slug",
      `/business/${menuBusiness.slug}`,
    );
    expect(html).toContain("$38.00");
    expect(html).toContain("$6.93");
    expect(html).toContain(`Listed at CRC${nbsp}3,500 · exchange rate of Nov 1, 2026`);
  });

  it("an admin's new rate changes the prices and marks cached pages as stale; others may not set it", async () => {
    const admin = await createSignedInUser({ roles: ["admin"] });
    const owner = await createSignedInUser({ roles: ["business_owner"] });
    const refused = await postAdminContent({ intent: "rate", crcPerUsd: "500", on: "2026-11-20" }, owner.cookie);
    // A non-admin is sent to the dashboard; nothing is written.
    expect(refused.status).toBe(302);
    expect(refused.location).toMatch(/\/dashboard/);

    const invalid = await postAdminContent({ intent: "rate", crcPerUsd: "-3", on: "mañana" }, admin.cookie);
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.data)).toContain("guides:admin.rate.errors.rateInvalid");
    expect(JSON.stringify(invalid.data)).toContain("guides:admin.rate.errors.dateInvalid");

    const [before] = await getDb()
      .select({ version: contentVersions.version })
      .from(contentVersions)
      .where(eq(contentVersions.kind, "site"));
    const saved = await postAdminContent({ intent: "rate", crcPerUsd: "510,5", on: "2026-11-20" }, admin.cookie);
    await expectRedirectWithToast(saved, "/admin/content", "rateSaved");
    const [after] = await getDb()
      .select({ version: contentVersions.version })
      .from(contentVersions)
      .where(eq(contentVersions.kind, "site"));
    expect(after.version).toBe((before?.version ?? 0) + 1);

    const { html } = await renderRoute(
      businessRoute as RouteModule,
      "/es/business/:slug",
      `/es/business/${menuBusiness.slug}`,
    );
    expect(html).toContain(`₡19${nbsp}399`);
    expect(html).toContain("tipo de cambio del 20 nov 2026");
    // Back to the seeded rate for whatever runs after.
    await setExchangeRate({ actor: { id: admin.id, role: "admin" }, crcPerUsd: 505, on: "2026-11-01" });
  });
});
