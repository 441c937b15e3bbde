import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifiedPhotos } from "#app/features/classifieds/schema";
import { getDb } from "#app/lib/db.server";
import * as businessRoute from "#app/routes/_public/business/$slug";
import * as adRoute from "#app/routes/_public/classifieds/$slug";
import * as eventRoute from "#app/routes/_public/events/$slug";
import * as groupsRoute from "#app/routes/_public/groups";
import * as homeRoute from "#app/routes/_public/index";
import * as propertyRoute from "#app/routes/_public/real-estate/$slug";
import { createTestUser } from "#tests/factories/accounts";
import { createTestAd } from "#tests/factories/classifieds";
import { createBusiness } from "#tests/factories/directory";
import { createTestEvent } from "#tests/factories/events";
import { createTestGroup } from "#tests/factories/groups";
import { createTestProperty } from "#tests/factories/realestate";
import { renderRoute } from "#tests/support/render-route";

// The markup of public pages as an HTML validator and a structured-data validator read it: which
// elements may sit where, and what the JSON-LD says an item is. Pages are requested at
// http://localhost while the site's configured address is another, so any absolute URL built from
// the request's Host shows up.

const siteUrl = "https://playa.example";
process.env.SITE_URL = siteUrl;
const dataDir = mkdtempSync(path.join(tmpdir(), "playa-markup-"));
process.env.DATA_DIR = dataDir;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Node = ReturnType<typeof parseDocument>;

function jsonLdOf(html: string): Record<string, unknown>[] {
  const doc = parseDocument(html);
  return DomUtils.findAll(
    (el) => el.name === "script" && el.attribs.type === "application/ld+json",
    doc.children,
  ).flatMap((el) => {
    const value = JSON.parse(DomUtils.textContent(el));
    return Array.isArray(value) ? value : [value];
  });
}

/** Every absolute URL in a JSON-LD value. */
function urlsIn(value: unknown): string[] {
  if (typeof value === "string") return /^https?:\/\//.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(urlsIn);
  return [];
}

/** Elements a <div> directly inside a <dl> holds other than dt and dd (HTML allows only those). */
function strayInDlGroups(doc: Node) {
  const groups = DomUtils.findAll(
    (el) => el.name === "div" && el.parent?.type === "tag" && (el.parent as { name: string }).name === "dl",
    doc.children,
  );
  return groups.flatMap((group) =>
    DomUtils.getChildren(group).flatMap((child) =>
      child.type === "tag" && !["dt", "dd", "script", "template"].includes((child as { name: string }).name)
        ? [(child as { name: string }).name]
        : [],
    ),
  );
}

let sellerId: string;
beforeAll(async () => {
  sellerId = (await createTestUser({})).id;
});

describe("a classified ad's structured data", () => {
  const render = async (category: Parameters<typeof createTestAd>[0]["category"], priceMinor: number | null = 5000) => {
    const ad = await createTestAd({ authorId: sellerId, category, priceMinor, title: `A ${category} ad` });
    const page = await renderRoute(adRoute as never, "/classifieds/:slug", `/classifieds/${ad.slug}`);
    expect(page.status).toBe(200);
    return { ad, page, items: jsonLdOf(page.html) };
  };
  const typesOf = (items: Record<string, unknown>[]) => items.map((item) => item["@type"]);

  it("is a Product with an Offer only for something for sale with a photo, which is its image", async () => {
    const { ad, items } = await render("for-sale");
    // Without a photo search engines would refuse the Product: the page describes the ad alone.
    expect(typesOf(items)).toEqual(["BreadcrumbList"]);
    await getDb()
      .insert(classifiedPhotos)
      .values({ adId: ad.id, storageKey: "test-photo", widths: [400, 800], width: 800, height: 600, contentHash: "x" });
    const again = jsonLdOf((await renderRoute(adRoute as never, "/classifieds/:slug", `/classifieds/${ad.slug}`)).html);
    const product = again.find((item) => item["@type"] === "Product");
    expect(product?.image).toBe(`${siteUrl}/uploads/test-photo-800.webp`);
    expect(product?.offers).toMatchObject({ "@type": "Offer", price: "50.00", priceCurrency: "USD" });
    expect(typesOf(again)).toEqual(["Product", "BreadcrumbList"]);
  });

  it("is no Product for a lost dog, a wanted ad, a service or a room", async () => {
    const lost = await render("lost-found", null);
    expect(typesOf(lost.items)).toEqual(["BreadcrumbList"]);
    expect(typesOf((await render("wanted", null)).items)).toEqual(["Demand", "BreadcrumbList"]);
    const service = await render("services");
    expect(typesOf(service.items)).toEqual(["Service", "BreadcrumbList"]);
    expect(service.items[0].offers).toMatchObject({ "@type": "Offer", price: "50.00" });
    const room = await render("rooms");
    expect(room.items[0]).toMatchObject({ "@type": "Offer", itemOffered: { "@type": "Accommodation" } });
    expect(typesOf((await render("jobs", null)).items)).toEqual(["BreadcrumbList"]);
  });

  it("writes every absolute URL from SITE_URL, never from the request's Host, and its trail matches the page's", async () => {
    const { ad, page, items } = await render("services");
    const urls = items.flatMap(urlsIn).filter((url) => !url.startsWith("https://schema.org"));
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => !url.startsWith(`${siteUrl}/`))).toEqual([]);
    expect(urls).toContain(`${siteUrl}/classifieds/${ad.slug}`);
    const trail = items.find((item) => item["@type"] === "BreadcrumbList") as {
      itemListElement: { position: number; name: string; item: string }[];
    };
    const doc = parseDocument(page.html);
    const nav = DomUtils.findOne(
      (el) => el.name === "nav" && el.attribs["aria-label"] !== undefined && el.attribs["aria-label"] !== "",
      doc.children,
    );
    const links = DomUtils.findAll((el) => el.name === "a", nav ? [nav] : []);
    expect(trail.itemListElement.map((step) => step.name)).toEqual(links.map((a) => DomUtils.textContent(a)));
    expect(trail.itemListElement.map((step) => step.item)).toEqual(
      links.map((a) => siteUrl + a.attribs.href.replace(/&amp;/g, "&")),
    );
  });
});

/** The name and address of each breadcrumb link the page shows, in order. */
function visibleTrail(html: string) {
  const doc = parseDocument(html);
  // The route renders without the site's shell, so its first labelled nav is the breadcrumb.
  const nav = DomUtils.findOne((el) => el.name === "nav" && Boolean(el.attribs["aria-label"]), doc.children);
  return DomUtils.findAll((el) => el.name === "a", nav ? [nav] : []).map((a) => ({
    name: DomUtils.textContent(a).trim(),
    item: siteUrl + a.attribs.href.replace(/&amp;/g, "&"),
  }));
}

function trailOf(items: Record<string, unknown>[]) {
  const list = items.find((item) => item["@type"] === "BreadcrumbList") as
    | { itemListElement: { name: string; item: string }[] }
    | undefined;
  return list?.itemListElement.map(({ name, item }) => ({ name, item }));
}

describe("structured data on the other pages", () => {
  it("the home page describes the site as an Organization and a WebSite with its search, from SITE_URL", async () => {
    for (const [path, language] of [
      ["/", "en-US"],
      ["/es", "es-CR"],
    ]) {
      const items = jsonLdOf((await renderRoute(homeRoute as never, path, path)).html);
      const organization = items.find((item) => item["@type"] === "Organization");
      const website = items.find((item) => item["@type"] === "WebSite");
      expect(organization?.name).toBeTruthy();
      expect(organization?.url).toBe(`${siteUrl}/`);
      expect(website).toMatchObject({ inLanguage: language, potentialAction: { "@type": "SearchAction" } });
      expect(
        items.flatMap(urlsIn).filter((url) => !url.startsWith(siteUrl) && !url.startsWith("https://schema.org")),
      ).toEqual([]);
    }
  });

  it("a property without photos has no empty image list", async () => {
    const property = await createTestProperty({ ownerId: sellerId });
    const page = await renderRoute(propertyRoute as never, "/real-estate/:slug", `/real-estate/${property.slug}`);
    const [listing] = jsonLdOf(page.html);
    expect(listing["@type"]).toBe("RealEstateListing");
    expect("image" in listing).toBe(false);
  });

  it("an event names its real organiser (never the site), and its trail matches the page's", async () => {
    const organiser = await createTestUser({ firstName: "Olga", lastName: "Vargas" });
    const byPerson = await createTestEvent({ organizerId: organiser.id, title: "Turtle talk" });
    const page = await renderRoute(eventRoute as never, "/events/:slug", `/events/${byPerson.event.slug}`);
    const items = jsonLdOf(page.html);
    const event = items.find((item) => item["@type"] === "Event");
    expect(event?.organizer).toEqual({ "@type": "Person", name: "Olga V." });
    expect(trailOf(items)).toEqual(visibleTrail(page.html));

    const nobody = await createTestEvent({ organizerId: null, title: "Unclaimed market" });
    const bare = jsonLdOf(
      (await renderRoute(eventRoute as never, "/events/:slug", `/events/${nobody.event.slug}`)).html,
    ).find((item) => item["@type"] === "Event");
    expect(bare && "organizer" in bare).toBe(false);
  });

  it("a restaurant states its cuisine, price range and province, and its trail matches the page's", async () => {
    const restaurant = await createBusiness({
      name: "Marisquería El Pelícano",
      category: "restaurant",
      premium: true,
      specialtiesEn: ["Seafood", "Costa Rican"],
      menu: [
        { nameEn: "Ceviche", priceMinor: 900, currency: "USD" },
        { nameEn: "Whole snapper", priceMinor: 2400, currency: "USD" },
      ],
    });
    const page = await renderRoute(businessRoute as never, "/business/:slug", `/business/${restaurant.slug}`);
    const items = jsonLdOf(page.html);
    const business = items.find((item) => item["@type"] === "Restaurant");
    expect(business).toMatchObject({
      servesCuisine: ["Seafood", "Costa Rican"],
      priceRange: "$9–24",
      address: { addressRegion: "Guanacaste", addressCountry: "CR" },
    });
    expect(trailOf(items)).toEqual(visibleTrail(page.html));
    expect(trailOf(items)?.length).toBe(2);
  });
});

describe("HTML content models", () => {
  it("a <div> inside a <dl> holds only dt and dd, on an ad page and the groups list", async () => {
    const ad = await createTestAd({ authorId: sellerId });
    const adPage = await renderRoute(adRoute as never, "/classifieds/:slug", `/classifieds/${ad.slug}`);
    expect(strayInDlGroups(parseDocument(adPage.html))).toEqual([]);
    await createTestGroup({ name: "Flamingo dog walkers" });
    const groups = await renderRoute(groupsRoute as never, "/groups", "/groups");
    expect(groups.html).toContain("Flamingo dog walkers");
    expect(strayInDlGroups(parseDocument(groups.html))).toEqual([]);
  });

  it("a required <select> on the property inquiry starts with an empty placeholder option", async () => {
    const property = await createTestProperty({ ownerId: sellerId });
    const page = await renderRoute(propertyRoute as never, "/real-estate/:slug", `/real-estate/${property.slug}`);
    expect(page.status).toBe(200);
    const selects = DomUtils.findAll(
      (el) => el.name === "select" && el.attribs.required !== undefined,
      parseDocument(page.html).children,
    );
    expect(selects.length).toBeGreaterThan(0);
    for (const select of selects) {
      const first = DomUtils.findOne((el) => el.name === "option", [select]);
      expect(first?.attribs.value).toBe("");
    }
  });
});
