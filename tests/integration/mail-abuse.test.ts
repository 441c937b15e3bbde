import { beforeEach, describe, expect, it } from "vitest";
import { subscriptions } from "#app/domain/billing/schema";
import { bookingRateLimit } from "#app/domain/bookings/constants";
import { messageRateLimit } from "#app/domain/messages/constants";
import { sendBusinessMessage } from "#app/domain/messages/messages.server";
import { realEstateLimits } from "#app/domain/realestate/constants";
import { createInquiry } from "#app/domain/realestate/leads.server";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { createTestUser } from "#tests/factories/accounts";
import { createBusiness } from "#tests/factories/directory";
import { createTestProperty } from "#tests/factories/realestate";

// The site as a spam cannon: limits on the sender alone (its address, the email it typed) let many
// senders flood one recipient. Every form that emails someone is also limited per recipient.

beforeEach(() => clearRateLimitersForTests());

async function outcomes(count: number, send: (i: number) => Promise<unknown>) {
  const results: ("sent" | "limited")[] = [];
  for (let i = 0; i < count; i += 1) {
    try {
      await send(i);
      results.push("sent");
    } catch (error) {
      if ((error as { code?: string }).code !== "rate_limited") throw error;
      results.push("limited");
    }
  }
  return results;
}

describe("per-recipient limits hold across senders", () => {
  it("messages to one business from many addresses and emails", async () => {
    const owner = await createTestUser({ roles: ["business_owner"] });
    const business = await createBusiness({ owner: owner.id, premium: true });
    await getDb().insert(subscriptions).values({ userId: owner.id, businessId: business.id, planId: "premium" });
    const results = await outcomes(messageRateLimit.perBusiness + 3, (i) =>
      sendBusinessMessage({
        businessId: business.id,
        input: { name: "Sender", email: `sender-${i}@example.test`, body: "Is the kitchen open on Sunday evenings?" },
        language: "en",
        user: null,
        clientIp: `198.51.100.${i + 1}`,
      }),
    );
    expect(results.filter((result) => result === "sent")).toHaveLength(messageRateLimit.perBusiness);
    expect(results.slice(messageRateLimit.perBusiness).every((result) => result === "limited")).toBe(true);
    expect(bookingRateLimit.perBusiness).toBeGreaterThan(0);
  });

  it("inquiries to one property from many addresses and emails", async () => {
    const agent = await createTestUser();
    const property = await createTestProperty({ ownerId: agent.id });
    const limit = realEstateLimits.inquiriesPerPropertyPerHour;
    const results = await outcomes(limit + 3, (i) =>
      createInquiry({
        propertyId: property.id,
        input: {
          name: "Sender",
          email: `inquirer-${i}@example.test`,
          phone: "",
          preferredContact: "email",
          message: "Is it still available for a visit next week?",
        },
        language: "en",
        clientKey: `203.0.113.${i + 1}`,
      }),
    );
    expect(results.filter((result) => result === "sent")).toHaveLength(limit);
    expect(results.slice(limit).every((result) => result === "limited")).toBe(true);
  });
});
