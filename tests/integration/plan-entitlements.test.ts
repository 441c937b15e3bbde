import { beforeAll, describe, expect, it } from "vitest";
import { replaceBusinessHours, saveMenuItem } from "#app/features/directory/manage.server";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { engagementListing } from "#app/platform/plans/engagement.server";
import { listingFeatureKeys } from "#app/platform/plans/entitlements";
import { syncOwnerPremium } from "#app/platform/plans/premium.server";
import { subscriptions } from "#app/platform/plans/schema";
import { defaultPlans, listingsWithPlanFeature } from "#app/platform/plans/subscription.server";
import * as featuresPage from "#app/routes/dashboard/features";
import * as subscriptionPage from "#app/routes/dashboard/subscription";
import { createSignedInUser } from "#tests/factories/accounts";
import { createBusiness } from "#tests/factories/directory";
import { getRequest, run, testContext } from "#tests/factories/route-calls";

// The tables of what a plan includes (the owner's features page, the subscription page's offers)
// must say what the code grants: a feature the checks give a listing is never shown as missing,
// and one they refuse is never shown as included.

function loader<T extends { loader: unknown }>(module: T, path: string, cookie: string) {
  const fn = module.loader as (args: unknown) => Promise<unknown>;
  return run(() => fn({ request: getRequest(path, cookie), params: {}, context: testContext() }));
}

interface ShownListing {
  id: string;
  planId: string;
  features: string[];
}

async function shownFeatures(cookie: string): Promise<ShownListing[]> {
  return (await loader(featuresPage, "/dashboard/features", cookie)).data.listings;
}

beforeAll(() => clearRateLimitersForTests());

describe("what a plan is shown to include is what the code grants", () => {
  it("a free listing's owner edits hours and a menu, and the features page shows both as included", async () => {
    const owner = await createSignedInUser({ roles: ["business_owner"] });
    const business = await createBusiness({ owner: owner.id, hours: [] });
    const actor = { id: owner.id, role: "business_owner" as const };
    await replaceBusinessHours({ id: business.id, actor, periods: [{ weekday: 1, opensAt: 480, closesAt: 1020 }] });
    await saveMenuItem({
      id: business.id,
      actor,
      item: {
        nameEn: "Casado",
        nameEs: "Casado",
        descriptionEn: "",
        descriptionEs: "",
        price: 8,
        currency: "USD",
        available: true,
      },
    });
    const [shown] = await shownFeatures(owner.cookie);
    expect(shown.planId).toBe("free");
    expect(shown.features).toContain("hours");
    expect(shown.features).toContain("menu");
  });

  it("for every seeded plan, each listing feature is shown as included exactly when the checks grant it", async () => {
    for (const plan of defaultPlans) {
      const owner = await createSignedInUser({ roles: ["business_owner"] });
      const business = await createBusiness({ owner: owner.id, name: `Entitlement ${plan.id}` });
      if (plan.id !== "free")
        await getDb().insert(subscriptions).values({ userId: owner.id, businessId: business.id, planId: plan.id });
      await syncOwnerPremium({ ownerId: owner.id });
      const [shown] = await shownFeatures(owner.cookie);
      expect(shown.planId).toBe(plan.id);
      for (const key of listingFeatureKeys) {
        const granted = (await listingsWithPlanFeature([business.id], key)).has(business.id);
        expect({ plan: plan.id, key, shown: shown.features.includes(key) }).toEqual({
          plan: plan.id,
          key,
          shown: granted,
        });
      }
      // The premium flag (contact details, the whole gallery, messages) and the booking form follow
      // the same table.
      const engagement = await engagementListing({ id: business.id });
      expect({ plan: plan.id, booking: engagement?.isPremium }).toEqual({
        plan: plan.id,
        booking: shown.features.includes("booking"),
      });
    }
  });

  it("the subscription page sells no plan that gives a listing nothing every listing lacks", async () => {
    const owner = await createSignedInUser({ roles: ["business_owner"] });
    await createBusiness({ owner: owner.id });
    const offers: { id: string; features: string[] }[] = (
      await loader(subscriptionPage, "/dashboard/subscription", owner.cookie)
    ).data.offers;
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.features).toEqual(expect.arrayContaining(["listing", "hours", "menu"]));
      expect(offer.features.some((key) => !["listing", "hours", "menu"].includes(key))).toBe(true);
    }
    expect(offers.map((offer) => offer.id)).not.toContain("basic");
  });
});
