import { desc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decideBooking, saveBookingService } from "#app/features/bookings/booking-setup.server";
import { requestBooking } from "#app/features/bookings/bookings.server";
import { bookingRateLimit } from "#app/features/bookings/constants";
import { serviceSchema } from "#app/features/bookings/forms";
import { bookings } from "#app/features/bookings/schema";
import { contactEmailsPerHour, submitContactMessage } from "#app/features/guides/contact.server";
import { contactMessages } from "#app/features/guides/schema";
import { messageRateLimit } from "#app/features/messages/constants";
import { replyToThread, sendBusinessMessage } from "#app/features/messages/messages.server";
import { realEstateLimits } from "#app/features/realestate/constants";
import { createInquiry } from "#app/features/realestate/leads.server";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { emailOutbox } from "#app/platform/outbox/schema";
import { subscriptions } from "#app/platform/plans/schema";
import * as confirmPage from "#app/routes/_public/bookings/confirm-email";
import * as bookPage from "#app/routes/_public/business/$slug/book";
import { createTestUser } from "#tests/factories/accounts";
import { createBusiness } from "#tests/factories/directory";
import { createTestProperty } from "#tests/factories/realestate";
import { loadPage, postForm } from "#tests/factories/route-calls";

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

  it("owners' replies to one visitor's address, from many businesses together", async () => {
    // Whoever typed the address may not own it: many listings' owners answering "their" messages
    // still reach it only so many times an hour.
    const victim = `typed-${Date.now()}@example.test`;
    const limit = messageRateLimit.repliesPerVisitorEmail;
    const threads: { ownerId: string; threadId: string }[] = [];
    for (let i = 0; i < limit + 2; i += 1) {
      const owner = await createTestUser({ roles: ["business_owner"] });
      const business = await createBusiness({ owner: owner.id, premium: true });
      await getDb().insert(subscriptions).values({ userId: owner.id, businessId: business.id, planId: "premium" });
      clearRateLimitersForTests();
      const { threadId } = await sendBusinessMessage({
        businessId: business.id,
        input: { name: "Sender", email: victim, body: "Do you have a table for four tonight?" },
        language: "en",
        user: null,
        clientIp: `198.51.100.${i + 1}`,
      });
      threads.push({ ownerId: owner.id, threadId });
    }
    const results = await outcomes(threads.length, (i) =>
      replyToThread({
        actor: { id: threads[i].ownerId, role: "business_owner" },
        threadId: threads[i].threadId,
        body: "Yes, see you at seven.",
      }),
    );
    expect(results.filter((result) => result === "sent")).toHaveLength(limit);
    expect(results.slice(limit).every((result) => result === "limited")).toBe(true);
    const mails = await getDb().select({ to: emailOutbox.to }).from(emailOutbox).where(eq(emailOutbox.to, victim));
    expect(mails).toHaveLength(limit);
  });

  it("contact-form messages to the team: all stored, only so many emailed", async () => {
    await createTestUser({ roles: ["admin"] });
    const marker = `flood-${Date.now()}`;
    const total = contactEmailsPerHour + 5;
    for (let i = 0; i < total; i += 1) {
      const result = await submitContactMessage({
        input: {
          name: "Sender",
          email: `flood-${i}@example.test`,
          subject: `${marker} ${i}`,
          message: "A question about the beach clean-up on Saturday morning.",
        },
        language: "en",
        ip: `192.0.2.${i + 1}`,
      });
      expect(result.stored).toBe(true);
    }
    const stored = await getDb().select({ subject: contactMessages.subject }).from(contactMessages);
    expect(stored.filter((row) => row.subject.startsWith(marker))).toHaveLength(total);
    const mails = await getDb().select({ subject: emailOutbox.subject, to: emailOutbox.to }).from(emailOutbox);
    const subjects = new Set(mails.filter((mail) => mail.subject.includes(marker)).map((mail) => mail.subject));
    expect(subjects.size).toBe(contactEmailsPerHour);
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

describe("a visitor's copy goes only to a confirmed address", () => {
  let owner: Awaited<ReturnType<typeof createTestUser>>;
  let business: { id: string; slug: string };
  let serviceId: string;

  beforeAll(async () => {
    owner = await createTestUser({ roles: ["business_owner"] });
    business = await createBusiness({ owner: owner.id, premium: true, name: "Soda La Ola" });
    await getDb().insert(subscriptions).values({ userId: owner.id, businessId: business.id, planId: "premium" });
    const input = serviceSchema.parse({
      nameEn: "Lunch",
      nameEs: "Almuerzo",
      slotTimes: "12:00, 13:00",
      weekdays: ["0", "1", "2", "3", "4", "5", "6"],
      capacity: "8",
      durationMinutes: "60",
      leadTimeHours: "2",
    });
    serviceId = (
      await saveBookingService({ actor: { id: owner.id, role: "business_owner" }, businessId: business.id, input })
    ).id;
  });

  const day = (offset: number) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: "America/Costa_Rica" }).format(
      new Date(Date.now() + offset * 86_400_000),
    );

  async function emailsTo(to: string) {
    return getDb().select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id));
  }

  it("a booking typed with someone else's address sends them one email with no visitor text, and nothing more until confirmed", async () => {
    const victim = `victim-${Date.now()}@example.test`;
    const answer = await postForm(
      bookPage,
      `/business/${business.slug}/book`,
      {
        serviceId,
        date: day(3),
        time: "12:00",
        partySize: "2",
        name: "Account Security Team",
        email: victim,
        specialRequests: "Your account is suspended! Verify your password now",
      },
      null,
      { slug: business.slug },
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toContain("sent=confirm");
    const [ask, ...more] = await emailsTo(victim);
    expect(more).toHaveLength(0);
    expect(ask.text).not.toMatch(/Account Security Team|suspended|password/i);
    expect(ask.subject).not.toMatch(/Account Security Team/);
    expect(ask.attachments ?? []).toHaveLength(0);

    // The owner's decision is not a way to reach the address either.
    const [booking] = await getDb().select({ id: bookings.id }).from(bookings).where(eq(bookings.email, victim));
    await decideBooking({
      actor: { id: owner.id, role: "business_owner" },
      bookingId: booking.id,
      decision: "confirm",
    });
    expect(await emailsTo(victim)).toHaveLength(1);

    // The real guest follows the link: the page shows the booking, the button sends the details.
    const link = new URL(ask.text.match(/https?:\/\/\S+\/bookings\/confirm-email\?\S+/)?.[0] ?? "http://x/");
    const page = await loadPage(confirmPage, link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(page.data.booking.businessName).toBe("Soda La Ola");
    const confirmed = await postForm(confirmPage, link.pathname, {
      booking: link.searchParams.get("booking") ?? "",
      token: link.searchParams.get("token") ?? "",
    });
    expect(confirmed.data.done).toBe(true);
    const [details] = await emailsTo(victim);
    expect(details.subject).toMatch(/^Booking confirmed: Soda La Ola/);
    expect(details.text).toContain("/bookings/cancel?token=");
  });

  it("a forged or altered link confirms nothing", async () => {
    const [booking] = await getDb().select({ id: bookings.id }).from(bookings).limit(1);
    for (const [bookingId, token] of [
      [booking.id, "forged"],
      ["00000000-0000-4000-8000-000000000000", "forged"],
      ["not-a-uuid", ""],
    ]) {
      const page = await loadPage(confirmPage, `/bookings/confirm-email?booking=${bookingId}&token=${token}`);
      expect(page.status).toBe(404);
      const posted = await postForm(confirmPage, "/bookings/confirm-email", { booking: bookingId, token });
      expect(posted.status).toBe(404);
    }
  });

  it("a signed-in guest booking with their own address gets the details at once", async () => {
    const guest = await createTestUser();
    const result = await requestBooking({
      businessId: business.id,
      input: {
        serviceId,
        date: day(4),
        time: "13:00",
        partySize: 1,
        name: "Gabi",
        email: guest.email.toUpperCase(),
        specialRequests: "",
      },
      language: "en",
      user: { id: guest.id, role: "user" },
      clientIp: "192.0.2.90",
    });
    expect(result.emailConfirmed).toBe(true);
    const [received] = await emailsTo(guest.email.toUpperCase());
    expect(received.subject).toMatch(/^Booking requested: Soda La Ola/);
  });
});
