import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { grantAgentPlan, revokeAgentPlan } from "#app/features/realestate/agents.server";
import { alertUnsubscribeQuery, runPropertyAlerts, saveSearch } from "#app/features/realestate/alerts.server";
import { propertySchema } from "#app/features/realestate/forms";
import { exportMyLeadsCsv, listMyLeads, updateLead } from "#app/features/realestate/leads.server";
import { createProperty, updatePropertyPrice } from "#app/features/realestate/properties.server";
import { properties, propertyLeads, savedPropertySearches } from "#app/features/realestate/schema";
import type { Actor } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { searchSite } from "#app/lib/search/index.server";
import { auditLog } from "#app/platform/audit/schema";
import { decideItem, listModerationQueue } from "#app/platform/moderation/moderation.server";
import { emailOutbox } from "#app/platform/outbox/schema";
import * as list from "#app/routes/_public/real-estate";
import * as propertyPage from "#app/routes/_public/real-estate/$slug";
import * as newPage from "#app/routes/_public/real-estate/new";
import * as unsubscribePage from "#app/routes/_public/real-estate/unsubscribe";
import * as upgradePage from "#app/routes/_public/real-estate/upgrade";
import * as leadsExport from "#app/routes/dashboard/leads/export";
import * as leadsPage from "#app/routes/dashboard/leads/index";
import { demoProperties, seedRealEstate } from "#root/db/seed/realestate";
import { createTestUser, sessionCookieFor } from "#tests/factories/accounts";
import { createMember, createNewcomer } from "#tests/factories/moderation";
import { createTestProperty, makeAgent } from "#tests/factories/realestate";
import { callRoute, loadPage, postForm } from "#tests/factories/route-calls";

// Real estate: filters in the URL (hostile ones ignored), listing with the free allowance and the
// agent plan (a grant, audit-logged, featuring the agent's listings), a new account's listing in
// the moderation queue, hostile listing input refused with nothing written, inquiries becoming the
// owner's leads with an outbox email, lead ownership per object (status, notes, CSV), and saved
// searches emailing each new match and price drop once, with a signed unsubscribe link.

const dataDir = mkdtempSync(path.join(tmpdir(), "playa-realestate-"));
process.env.DATA_DIR = dataDir;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

beforeEach(() => clearRateLimitersForTests());

const listingInput = (overrides: Record<string, unknown> = {}) =>
  propertySchema.parse({
    title: "Two-bedroom condo near the marina",
    description: "Bright condo with a balcony, five minutes on foot from Playa Flamingo and the marina.",
    descriptionLanguage: "en",
    listingType: "sale",
    propertyType: "condo",
    priceUsd: "245,000",
    bedrooms: "2",
    bathrooms: "2",
    area: "playa-flamingo",
    titleType: "titled",
    contactName: "Lister",
    contactEmail: "lister@example.test",
    preferredContact: "email",
    ...overrides,
  });

const loadList = (query = "", language: "en" | "es" = "en") =>
  loadPage(list, `${language === "es" ? "/es" : ""}/real-estate${query}`);

async function emailsTo(to: string, since: Date) {
  return getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), gte(emailOutbox.createdAt, since)));
}

let owner: Actor & { email: string };

beforeAll(async () => {
  owner = await createMember({ firstName: "Olga" });
});

/** The enquiry form on `property`'s page posted as a browser would. */
const postToProperty = (property: { slug: string }, fields: Record<string, string>, cookie: string | null) =>
  postForm(propertyPage, `/real-estate/${property.slug}`, fields, cookie, { slug: property.slug });

describe("the list and its filters", () => {
  it("filters by listing, type, price, rooms and area from the URL, and ignores hostile values", async () => {
    const lister = await createMember();
    const rent = await createTestProperty({
      ownerId: lister.id,
      listingType: "rent-long",
      priceUsd: 1_200,
      bedrooms: 2,
      propertyType: "condo",
    });
    const villa = await createTestProperty({ ownerId: lister.id, priceUsd: 1_900_000, bedrooms: 5, bathrooms: 4 });
    const hidden = await createTestProperty({
      ownerId: lister.id,
      status: "hidden",
      listingType: "rent-long",
      priceUsd: 1_000,
    });
    const ids = async (query: string) => (await loadList(query)).data.properties.map((p: { id: string }) => p.id);
    expect(await ids("?listing=rent&maxPrice=1500")).toContain(rent.id);
    expect(await ids("?listing=rent&maxPrice=1500")).not.toContain(villa.id);
    expect(await ids("?listing=rent")).not.toContain(hidden.id);
    expect(await ids("?beds=5&baths=4")).toEqual([villa.id]);
    expect(await ids("?type=condo&listing=rent-long")).toContain(rent.id);
    expect(await ids("?type=condo&listing=rent-long")).not.toContain(villa.id);
    // Hostile or malformed filters are dropped, not errors; the page is still the whole list.
    const hostile = await loadList(
      "?minPrice=%27%3B%20drop%20table&beds=-1&area=%3Cscript%3E&listing=steal&type=../../etc",
    );
    expect(hostile.status).toBe(200);
    expect(hostile.data.filtered).toBe(false);
    expect(hostile.data.properties.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining([rent.id, villa.id]),
    );
    // Prices are stored in dollars; the Spanish page gets the dated rate to show colones.
    const es = await loadList("?listing=rent", "es");
    expect(es.data.head.title).toContain("Bienes raíces");
  });
});

describe("listing a property", () => {
  it("allows one listing without the agent plan and more with it; the plan is an audited grant that features the listings", async () => {
    const person = await createMember();
    const first = await createProperty({ actor: person, input: listingInput() });
    expect(first.status).toBe("published");
    await expect(
      createProperty({ actor: person, input: listingInput({ title: "A second one" }) }),
    ).rejects.toMatchObject({
      code: "conflict",
      messageKey: "realestate:errors.freeLimit",
    });
    const admin = await createMember({ roles: ["admin"] });
    const { granted } = await grantAgentPlan({ actor: admin, email: person.email, note: "Checked the agency licence" });
    expect(granted).toBe(true);
    const audit = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "realestate.agent.grant"), eq(auditLog.targetId, person.id)));
    expect(audit).toHaveLength(1);
    const [featured] = await getDb()
      .select({ agentListing: properties.agentListing })
      .from(properties)
      .where(eq(properties.id, first.id));
    expect(featured.agentListing).toBe(true);
    const agent = await makeAgent(person.id);
    const second = await createProperty({ actor: agent, input: listingInput({ title: "A second one" }) });
    expect(second.status).toBe("published");
    // Agents' listings come first.
    const listed = (await loadList()).data.properties.map((p: { id: string }) => p.id);
    expect(listed.indexOf(second.id)).toBeLessThan(listed.length);
    expect(listed.slice(0, 2)).toEqual(expect.arrayContaining([first.id]));
    // A non-admin cannot grant the plan; revoking unfeatures at once.
    await expect(grantAgentPlan({ actor: person, email: person.email, note: "" })).rejects.toMatchObject({
      code: "forbidden",
    });
    await revokeAgentPlan({ actor: admin, userId: person.id });
    const rows = await getDb()
      .select({ agentListing: properties.agentListing })
      .from(properties)
      .where(eq(properties.ownerId, person.id));
    expect(rows.every((row) => !row.agentListing)).toBe(true);
  });

  it("a new account's listing waits in the shared moderation queue; approved, it is public and searchable", async () => {
    const newcomer = await createNewcomer();
    const created = await createProperty({
      actor: newcomer,
      input: listingInput({ title: "Casa con jardín en Brasilito" }),
    });
    expect(created.status).toBe("pending");
    expect((await loadList()).data.properties.map((p: { id: string }) => p.id)).not.toContain(created.id);
    const admin = await createMember({ roles: ["admin"] });
    const queue = await listModerationQueue({ actor: admin });
    expect(queue.some((entry) => entry.kind === "property" && entry.item.id === created.id)).toBe(true);
    await decideItem({ kind: "property", itemId: created.id, actor: admin, decision: "approve" });
    expect((await loadList()).data.properties.map((p: { id: string }) => p.id)).toContain(created.id);
    const hits = await searchSite({ query: "jardín Brasilito", language: "es" });
    expect(hits.some((hit) => hit.refId === created.id)).toBe(true);
  });

  it("refuses hostile input with its message, writes nothing, and sends a signed-out visitor to sign in", async () => {
    const person = await createMember();
    const cookie = await sessionCookieFor(person.id);
    const post = (fields: Record<string, string>, session: string | null = cookie) =>
      postForm(newPage, "/real-estate/new", fields, session);
    const base = {
      title: "Lot <script>alert(1)</script>",
      description: "x",
      descriptionLanguage: "en",
      listingType: "sale",
      propertyType: "lot",
      priceUsd: "-5",
      bedrooms: "0",
      bathrooms: "1.3",
      area: "../etc",
      titleType: "concession",
      contactName: "Me",
      contactEmail: "not-an-email",
      preferredContact: "whatsapp",
      latitude: "10.4",
    };
    const result = await post(base);
    expect(result.status).toBe(400);
    const errors = result.data.result.error;
    expect(errors.title).toEqual(["realestate:form.errors.invalidCharacters"]);
    expect(errors.priceUsd).toEqual(["realestate:form.errors.price"]);
    expect(errors.bathrooms).toEqual(["realestate:form.errors.bathrooms"]);
    expect(errors.contactEmail).toEqual(["realestate:form.errors.email"]);
    expect(result.data.result.initialValue.title).toBe(base.title);
    expect(await getDb().select().from(properties).where(eq(properties.ownerId, person.id))).toHaveLength(0);
    const signedOut = await post(base, null);
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/auth\?redirectTo=/);
  });
});

describe("inquiries and leads", () => {
  it("turns an inquiry into the owner's lead with an email that replies to the inquirer", async () => {
    const property = await createTestProperty({ ownerId: owner.id, contactEmail: "agent-inbox@example.test" });
    const since = new Date(Date.now() - 1000);
    const result = await postToProperty(
      property,
      {
        name: "Bea Visitor",
        email: "bea@example.test",
        phone: "+506 8888 1111",
        preferredContact: "whatsapp",
        message: "Could we visit on Saturday morning?",
      },
      null,
    );
    expect(result.status).toBe(302);
    const [lead] = await getDb().select().from(propertyLeads).where(eq(propertyLeads.propertyId, property.id));
    expect(lead).toMatchObject({ ownerId: owner.id, email: "bea@example.test", status: "new" });
    const [email] = await emailsTo("agent-inbox@example.test", since);
    expect(email.replyTo).toBe("bea@example.test");
    expect(email.text).toContain("Could we visit on Saturday morning?");
    // Bad input: nothing written, the message keyed to its field.
    const bad = await postToProperty(
      property,
      {
        name: "",
        email: "nope",
        preferredContact: "fax",
        message: "hi",
      },
      null,
    );
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.email).toEqual(["realestate:form.errors.email"]);
    expect(await getDb().select().from(propertyLeads).where(eq(propertyLeads.propertyId, property.id))).toHaveLength(1);
    // A property that is not public takes no inquiries.
    const pending = await createTestProperty({ ownerId: owner.id, status: "pending" });
    const refused = await postToProperty(
      pending,
      {
        name: "Bea",
        email: "bea@example.test",
        preferredContact: "email",
        message: "Is it available?",
      },
      null,
    );
    expect(refused.status).toBe(404);
  });

  it("each agent sees and changes only their own leads, in the dashboard and the CSV", async () => {
    const agentA = await makeAgent((await createTestUser({ firstName: "Ana" })).id);
    const agentB = await makeAgent((await createTestUser({ firstName: "Beto" })).id);
    const propertyA = await createTestProperty({ ownerId: agentA.id, title: "Casa de Ana" });
    const propertyB = await createTestProperty({ ownerId: agentB.id, title: "Casa de Beto" });
    for (const [property, name] of [
      // A formula (names with links are refused outright; this one is a plain formula).
      [propertyA, '=HYPERLINK("evil")'],
      [propertyB, "Visitor of B"],
    ] as const) {
      await postToProperty(
        property,
        {
          name,
          email: "v@example.test",
          preferredContact: "email",
          message: "Is it still available?",
        },
        null,
      );
    }
    const leadsA = await listMyLeads({ actor: agentA });
    expect(leadsA.map((lead) => lead.property.id)).toEqual([propertyA.id]);
    const [leadB] = await listMyLeads({ actor: agentB });
    // Someone else's lead looks like one that does not exist.
    await expect(
      updateLead({ actor: agentA, leadId: leadB.id, status: "closed", notes: "mine now" }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await updateLead({ actor: agentA, leadId: leadsA[0].id, status: "viewing", notes: "Saturday 10:00" });
    expect((await listMyLeads({ actor: agentA }))[0]).toMatchObject({ status: "viewing", notes: "Saturday 10:00" });
    // Through the route too: agent A posting B's lead id gets 404 and B's lead is unchanged.
    const cookieA = await sessionCookieFor(agentA.id);
    const crossed = await postForm(
      leadsPage,
      "/dashboard/leads",
      { leadId: leadB.id, status: "closed", notes: "x" },
      cookieA,
    );
    expect(crossed.status).toBe(404);
    expect((await listMyLeads({ actor: agentB }))[0].status).toBe("new");
    const csv = await exportMyLeadsCsv({ actor: agentA, language: "es" });
    expect(csv).toContain("Casa de Ana");
    expect(csv).not.toContain("Casa de Beto");
    expect(csv).toContain("Visita");
    // A formula is defused so a spreadsheet shows it as text.
    expect(csv).toContain(`"'=HYPERLINK(""evil"")"`);
    const exported = await loadPage(leadsExport, "/dashboard/leads/export", cookieA);
    expect(exported.status).toBe(200);
    // Without the agent plan the leads dashboard and its export send the person to their dashboard.
    const plain = await sessionCookieFor(owner.id);
    const refused = await loadPage(leadsPage, "/dashboard/leads", plain);
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/dashboard");
  });
});

describe("the upgrade page", () => {
  it("shows the plan's configured price and features; asking for it emails the admins", async () => {
    const admin = await createMember({ roles: ["admin"] });
    const page = await loadPage(upgradePage, "/es/real-estate/upgrade");
    expect(page.data.plan.monthlyPriceUsd).toBe(49);
    expect(page.data.plan.features).toEqual([
      "moreListings",
      "featuredPlacement",
      "verifiedAgentBadge",
      "leadsDashboard",
    ]);
    expect(page.data.viewer.signedIn).toBe(false);
    const since = new Date(Date.now() - 1000);
    const person = await createMember();
    const personCookie = await sessionCookieFor(person.id);
    const result = await postForm(
      upgradePage,
      "/real-estate/upgrade",
      { message: "Flamingo Realty, 12 listings" },
      personCookie,
    );
    expect(result.status).toBe(302);
    const [email] = await emailsTo(admin.email, since);
    expect(email.text).toContain("Flamingo Realty, 12 listings");
    expect(email.replyTo).toBe(person.email);
  });
});

describe("saved searches and alerts", () => {
  it("emails each new match and each price drop once, only when due, with a signed unsubscribe link", async () => {
    const watcher = await createTestUser({ firstName: "Wally" });
    const actor: Actor = { id: watcher.id, role: "user" };
    const lister = await createMember();
    const before = await createTestProperty({
      ownerId: lister.id,
      areaSlug: "surfside",
      listingType: "rent-long",
      priceUsd: 1_000,
    });
    const { id: searchId } = await saveSearch({
      actor,
      filters: { listing: "rent", area: "surfside", maxPrice: 2_000 },
      frequency: "daily",
      language: "es",
    });
    const start = new Date(Date.now() - 1000);
    let now = new Date(Date.now() + 25 * 3_600_000);
    // What matched when the search was saved is not news.
    expect((await runPropertyAlerts({ now })).emailed).toBe(0);
    const fresh = await createTestProperty({
      ownerId: lister.id,
      areaSlug: "surfside",
      listingType: "rent-vacation",
      priceUsd: 150,
      title: "Casita nueva",
    });
    await createTestProperty({ ownerId: lister.id, areaSlug: "brasilito", listingType: "rent-long", priceUsd: 900 });
    // Not due yet: the daily search just ran.
    expect((await runPropertyAlerts({ now: new Date(now.getTime() + 3_600_000) })).emailed).toBe(0);
    now = new Date(now.getTime() + 25 * 3_600_000);
    expect((await runPropertyAlerts({ now })).emailed).toBe(1);
    let mails = await emailsTo(watcher.email, start);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("Casita nueva");
    expect(mails[0].text).toContain("Anuncios nuevos");
    expect(mails[0].headers?.["List-Unsubscribe"]).toMatch(/^<http.*\/es\/real-estate\/unsubscribe\?s=/);
    // Run again the next day: nothing new, nothing sent.
    now = new Date(now.getTime() + 25 * 3_600_000);
    expect((await runPropertyAlerts({ now })).emailed).toBe(0);
    // A price drop is told once; a rise is not news.
    await updatePropertyPrice({ actor: { id: lister.id, role: "user" }, propertyId: before.id, priceUsd: 850 });
    await updatePropertyPrice({ actor: { id: lister.id, role: "user" }, propertyId: fresh.id, priceUsd: 180 });
    now = new Date(now.getTime() + 25 * 3_600_000);
    expect((await runPropertyAlerts({ now })).emailed).toBe(1);
    mails = await emailsTo(watcher.email, start);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain("Bajas de precio");
    expect(mails[1].text).not.toContain("Casita nueva");
    now = new Date(now.getTime() + 25 * 3_600_000);
    expect((await runPropertyAlerts({ now })).emailed).toBe(0);
    // Two runs at once send nothing twice.
    await createTestProperty({ ownerId: lister.id, areaSlug: "surfside", listingType: "rent-long", priceUsd: 1_500 });
    now = new Date(now.getTime() + 25 * 3_600_000);
    const both = await Promise.all([runPropertyAlerts({ now }), runPropertyAlerts({ now })]);
    expect(both[0].emailed + both[1].emailed).toBe(1);
    // A forged token is refused; the signed one deletes the search, signed out.
    const forged = await loadPage(unsubscribePage, `/real-estate/unsubscribe?s=${searchId}&t=forged`);
    expect(forged.status).toBe(404);
    const query = new URLSearchParams(await alertUnsubscribeQuery(searchId)).toString();
    const done = await callRoute(
      unsubscribePage,
      "action",
      new Request(`http://localhost/real-estate/unsubscribe?${query}`, { method: "POST" }),
    );
    expect(done.status).toBe(200);
    expect(
      await getDb().select().from(savedPropertySearches).where(eq(savedPropertySearches.id, searchId)),
    ).toHaveLength(0);
  });

  it("saves a search from the list page's filters for a signed-in visitor, and asks a signed-out one to sign in", async () => {
    const person = await createMember();
    const cookie = await sessionCookieFor(person.id);
    const saved = await postForm(list, "/real-estate?listing=sale&beds=3&junk=1", { frequency: "weekly" }, cookie);
    expect(saved.status).toBe(302);
    const [row] = await getDb().select().from(savedPropertySearches).where(eq(savedPropertySearches.userId, person.id));
    expect(row).toMatchObject({ frequency: "weekly", filters: { listing: "sale", beds: "3" } });
    const bad = await postForm(list, "/real-estate", { frequency: "hourly" }, cookie);
    expect(bad.status).toBe(400);
    const signedOut = await postForm(list, "/real-estate", { frequency: "daily" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/auth/);
  });
});

describe("demo seed", () => {
  it("seeds the example agency's properties once, published, marked as examples, the agency holding the agent plan", async () => {
    await seedRealEstate(getDb());
    await seedRealEstate(getDb());
    const rows = await getDb()
      .select({
        slug: properties.slug,
        isDemo: properties.isDemo,
        status: properties.status,
        ownerId: properties.ownerId,
      })
      .from(properties)
      .where(eq(properties.isDemo, true));
    expect(rows.map((row) => row.slug).sort()).toEqual(demoProperties.map((property) => property.slug).sort());
    expect(rows.every((row) => row.status === "published" && row.ownerId === "demo-realty")).toBe(true);
    const listed = (await loadList("?listing=sale&area=brasilito")).data.properties;
    expect(listed.find((p: { slug: string }) => p.slug === "demo-beachfront-concession-brasilito")).toMatchObject({
      agentListing: true,
      titleType: "concession",
      inMaritimeZone: true,
      isDemo: true,
    });
  });
});
