import { describe, expect, it } from "vitest";
import { can } from "#app/lib/authorization";
import { navSections } from "#app/lib/shell-sections";
import { dashboardSections } from "#app/manifests";
import * as overview from "#app/routes/dashboard/index";
import * as layout from "#app/routes/dashboard/layout";
import { createSignedInUser } from "#tests/factories/accounts";
import { createTestAd } from "#tests/factories/classifieds";
import { createBusiness } from "#tests/factories/directory";
import { createTestEvent } from "#tests/factories/events";
import { getRequest, run, testContext } from "#tests/factories/route-calls";

// The dashboard's side navigation follows what the person has: a plain member sees their own
// sections and is offered, once each, the way to start the rest; an owner with a listing sees
// every section, as before.

function load<T extends { loader: unknown }>(module: T, path: string, cookie: string) {
  const fn = module.loader as (args: unknown) => Promise<unknown>;
  return run(() => fn({ request: getRequest(path, cookie), params: {}, context: testContext() }));
}

interface Nav {
  sectionIds: string[];
  offers: { labelKey: string; to: string }[];
}

async function navOf(cookie: string): Promise<Nav> {
  return (await load(layout, "/dashboard", cookie)).data;
}

describe("the dashboard's sections", () => {
  it("a member with nothing yet: their own sections, and each way to start something offered once", async () => {
    const user = await createSignedInUser();
    const nav = await navOf(user.cookie);
    expect(nav.sectionIds).toEqual([
      "dashboard-overview",
      "dashboard-forums",
      "dashboard-alerts",
      "dashboard-settings",
    ]);
    expect(nav.offers.map((offer) => offer.to)).toEqual([
      "/list-business",
      "/events/new",
      "/classifieds/new",
      "/real-estate/new",
    ]);
    // The overview names no plan: a plan is a listing's.
    const page = await load(overview, "/dashboard", user.cookie);
    expect(page.data.plan).toBeNull();
  });

  it("a member with a classified ad and an event: those sections, and no offer of what they have", async () => {
    const user = await createSignedInUser();
    await createTestAd({ authorId: user.id });
    await createTestEvent({ organizerId: user.id });
    const nav = await navOf(user.cookie);
    expect(nav.sectionIds).toContain("dashboard-classifieds");
    expect(nav.sectionIds).toContain("dashboard-events");
    expect(nav.sectionIds).not.toContain("dashboard-menu");
    expect(nav.offers.map((offer) => offer.to)).toEqual(["/list-business", "/real-estate/new"]);
  });

  it("an owner with a listing sees every section as before, and the free plan on the overview", async () => {
    const owner = await createSignedInUser({ roles: ["business_owner"] });
    await createBusiness({ owner: owner.id });
    const nav = await navOf(owner.cookie);
    const actor = { id: owner.id, role: "business_owner" as const, grants: [] };
    const before = navSections(dashboardSections)
      .filter((section) => !section.permission || can(actor, section.permission))
      .map((section) => section.id);
    expect(nav.sectionIds).toEqual(before);
    expect(nav.offers).toEqual([]);
    expect((await load(overview, "/dashboard", owner.cookie)).data.plan).toBe("free");
  });
});
