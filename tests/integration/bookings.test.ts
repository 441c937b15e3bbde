import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { bookingRequestsPerDay, bookingsTodayByBusiness } from "#app/features/bookings/booking-reads.server";
import { decideBooking, saveBookingService } from "#app/features/bookings/booking-setup.server";
import { confirmBookingEmail, requestBooking } from "#app/features/bookings/bookings.server";
import { serviceSchema } from "#app/features/bookings/forms";
import { checkSlot } from "#app/features/bookings/rules.server";
import { bookingSlots, bookings } from "#app/features/bookings/schema";
import {
  unreadMessageCount,
  unreadMessagesByBusiness,
  visitorMessagesPerDay,
} from "#app/features/messages/messages.server";
import type { Actor } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { subscriptions } from "#app/platform/plans/schema";
import * as cancelPage from "#app/routes/_public/bookings/cancel";
import * as businessPage from "#app/routes/_public/business/$slug";
import * as bookPage from "#app/routes/_public/business/$slug/book";
import * as messagePage from "#app/routes/_public/business/$slug/message";
import * as analytics from "#app/routes/dashboard/analytics/index";
import * as manage from "#app/routes/dashboard/bookings/$businessId";
import * as myBookings from "#app/routes/dashboard/bookings/index";
import * as dashboard from "#app/routes/dashboard/index";
import * as thread from "#app/routes/dashboard/messages/$threadId";
import * as inbox from "#app/routes/dashboard/messages/index";
import { createTestUser, signInCookie } from "#tests/factories/accounts";
import { createBusiness } from "#tests/factories/directory";
import { emailsTo } from "#tests/factories/outbox";
import { loadPage, postForm, postRequest, run, shown, testContext } from "#tests/factories/route-calls";

// Bookings and messages: the capacity race (40 requests at once for 4 seats: exactly 4
// accepted), slot, lead-time and blackout rules, cancellation by the emailed link (signed out),
// owners' decisions with the guest's email and calendar entry, the premium gate, the inbox's
// ownership and unread counts, spam limits and hostile input.

const dataDir = mkdtempSync(path.join(tmpdir(), "playa-bookings-"));
process.env.DATA_DIR = dataDir;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type TestUser = Awaited<ReturnType<typeof createTestUser>>;
let owner: TestUser;
let otherOwner: TestUser;
let guest: TestUser;
let premium: { id: string; slug: string };
let free: { id: string; slug: string };
let serviceId: string;
let cookies: { owner: string; otherOwner: string; guest: string };

const actor = (user: { id: string }): Actor => ({ id: user.id, role: "business_owner" });

function day(offsetDays: number) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Costa_Rica" }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
}

beforeAll(async () => {
  clearRateLimitersForTests();
  owner = await createTestUser({ roles: ["business_owner"], firstName: "Olivia" });
  otherOwner = await createTestUser({ roles: ["business_owner"], firstName: "Otto" });
  guest = await createTestUser({ firstName: "Gabi" });
  premium = await createBusiness({ owner: owner.id, premium: true, name: "Casa Marea" });
  free = await createBusiness({ owner: owner.id, premium: false, name: "Soda Libre" });
  await createBusiness({ owner: otherOwner.id, premium: true });
  // The listing's own plan includes booking (the flag would follow it on the owner's next visit).
  await getDb().insert(subscriptions).values({ userId: owner.id, businessId: premium.id, planId: "premium" });
  cookies = {
    owner: await signInCookie(owner.email),
    otherOwner: await signInCookie(otherOwner.email),
    guest: await signInCookie(guest.email),
  };
  const input = serviceSchema.parse({
    nameEn: "Dinner",
    nameEs: "Cena",
    slotTimes: "18:00, 19:30",
    weekdays: ["0", "1", "2", "3", "4", "5", "6"],
    capacity: "4",
    durationMinutes: "90",
    leadTimeHours: "2",
  });
  serviceId = (await saveBookingService({ actor: actor(owner), businessId: premium.id, input })).id;
});

beforeEach(() => clearRateLimitersForTests());

const bookingFields = (overrides: Record<string, string> = {}) => ({
  serviceId,
  date: day(3),
  time: "18:00",
  partySize: "2",
  name: "Marta Rojas",
  email: "marta@example.test",
  specialRequests: "A table by the window",
  ...overrides,
});

const postBook = (
  slug: string,
  fields: Record<string, string>,
  cookie: string | null = null,
  language: "en" | "es" = "en",
) => postForm(bookPage, `${language === "es" ? "/es" : ""}/business/${slug}/book`, fields, cookie, { slug });

const postMessage = (slug: string, fields: Record<string, string>, ip?: string) =>
  run(() =>
    messagePage.action({
      request: postRequest(`/business/${slug}/message`, fields),
      params: { slug },
      context: testContext(ip),
    } as never),
  );

/** The owner's bookings page for `business` posted as a browser would. */
const postManageBookings = (business: { id: string }, fields: Record<string, string>, cookie: string | null) =>
  postForm(manage, `/dashboard/bookings/${business.id}`, fields, cookie, { businessId: business.id });

describe("capacity", () => {
  it("accepts exactly 4 of 40 simultaneous requests for a start time of capacity 4", async () => {
    const date = day(5);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        requestBooking({
          businessId: premium.id,
          input: {
            serviceId,
            date,
            time: "19:30",
            partySize: 1,
            name: `Guest ${i}`,
            email: `race-${i}@example.test`,
            specialRequests: "",
          },
          language: "en",
          user: null,
          clientIp: `203.0.113.${i}`,
        }),
      ),
    );
    const accepted = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result) => result.status === "rejected");
    expect(accepted).toHaveLength(4);
    expect(refused).toHaveLength(36);
    for (const result of refused) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        code: "conflict",
        messageKey: "bookings:errors.full",
      });
    }
    const [slot] = await getDb()
      .select()
      .from(bookingSlots)
      .where(and(eq(bookingSlots.serviceId, serviceId), eq(bookingSlots.booked, 4)));
    expect(slot).toBeTruthy();
    const rows = await getDb().select().from(bookings).where(eq(bookings.slotId, slot.id));
    expect(rows).toHaveLength(4);
    // Only accepted requests were emailed.
    expect(await emailsTo("race-39@example.test").then((list) => list.length + 0)).toBeLessThanOrEqual(1);
    const emailed = (
      await Promise.all(Array.from({ length: 40 }, (_, i) => emailsTo(`race-${i}@example.test`)))
    ).filter((list) => list.length > 0);
    expect(emailed).toHaveLength(4);
  });

  it("counts party sizes against the seats and refuses a party larger than the service", async () => {
    const first = await postBook(
      premium.slug,
      bookingFields({ date: day(6), partySize: "3", email: "a@example.test" }),
    );
    expect(first.status).toBe(302);
    const second = await postBook(
      premium.slug,
      bookingFields({ date: day(6), partySize: "2", email: "b@example.test" }),
    );
    expect(second.status).toBe(409);
    expect(await shown("en", second.data.result.error.time[0])).toMatch(/fully booked/);
    const tooMany = await postBook(premium.slug, bookingFields({ partySize: "5", email: "c@example.test" }));
    expect(tooMany.status).toBe(400);
    expect(await shown("en", tooMany.data.result.error.partySize[0])).toBe("One booking can be for up to 4 guests.");
  });
});

describe("slot rules", () => {
  const service = { active: true, slotTimes: ["18:00"], weekdays: [1, 2, 3, 4, 5], leadTimeHours: 24 };
  // Wednesday 2026-12-02 12:00 in Costa Rica (18:00 UTC).
  const now = new Date("2026-12-02T18:00:00Z");
  const none = new Set<string>();

  it("takes a start time of the service on a day it runs, beyond the lead time", () => {
    const check = checkSlot({ service, day: "2026-12-04", time: "18:00", now, blackoutDays: none });
    expect(check).toEqual({ ok: true, startsAt: new Date("2026-12-05T00:00:00Z") });
  });

  it("refuses other times, closed weekdays, blackout days, the past, short notice and far-off dates", () => {
    const at = (d: string, time = "18:00", blackoutDays = none) =>
      checkSlot({ service, day: d, time, now, blackoutDays });
    expect(at("2026-12-04", "19:00")).toMatchObject({ ok: false, key: "bookings:errors.notASlot" });
    expect(at("2026-12-05")).toMatchObject({ ok: false, key: "bookings:errors.closedThatDay" });
    expect(at("2026-12-04", "18:00", new Set(["2026-12-04"]))).toMatchObject({
      ok: false,
      key: "bookings:errors.blackout",
    });
    expect(at("2026-12-01")).toMatchObject({ ok: false, key: "bookings:errors.past" });
    expect(at("2026-12-02")).toMatchObject({ ok: false, key: "bookings:errors.tooSoon" });
    expect(at("2027-12-01")).toMatchObject({ ok: false, key: "bookings:errors.tooFarAhead" });
    expect(at("2026-02-30")).toMatchObject({ ok: false, key: "bookings:errors.date" });
    expect(
      checkSlot({ service: { ...service, active: false }, day: "2026-12-04", time: "18:00", now, blackoutDays: none }),
    ).toMatchObject({
      ok: false,
    });
  });

  it("applies the owner's blackout days and lead time through the public form, in Spanish too", async () => {
    const blocked = day(8);
    const added = await postManageBookings(
      premium,
      { intent: "blackout", day: blocked, reason: "Feriado" },
      cookies.owner,
    );
    expect(added.status).toBe(302);
    const refused = await postBook(premium.slug, bookingFields({ date: blocked, email: "d@example.test" }), null, "es");
    expect(refused.status).toBe(400);
    expect(await shown("es", refused.data.result.error.date[0])).toBe(
      "El negocio no recibe reservas ese día. Elija otra fecha.",
    );
    // What was typed comes back.
    expect(refused.data.result.initialValue.name).toBe("Marta Rojas");
    // Today's 18:00 is inside the 2-hour lead time at 17:00 in Costa Rica (at 1 a.m. it is not), so
    // the clock is set there for this one request.
    const today = day(0);
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(`${today}T17:00:00-06:00`) });
    try {
      const tooSoon = await postBook(
        premium.slug,
        bookingFields({ date: today, time: "18:00", email: "e@example.test" }),
      );
      expect(tooSoon.status).toBe(400);
      expect(tooSoon.data.result.error.time[0]).toMatch(/tooSoon/);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("emails, decisions and cancellation", () => {
  it("emails guest and owner with a calendar entry; the owner confirms; the guest cancels by link, signed out", async () => {
    const result = await requestBooking({
      businessId: premium.id,
      input: {
        serviceId,
        date: day(4),
        time: "18:00",
        partySize: 2,
        name: "Lucía",
        email: "lucia@example.test",
        specialRequests: "",
      },
      language: "es",
      user: { id: guest.id, role: "user" },
      clientIp: "198.51.100.77",
    });
    // Not the guest account's own address: first only a link to confirm it, without what was typed.
    const [ask] = await emailsTo("lucia@example.test");
    expect(ask.subject).toMatch(/^Confirme su solicitud de reserva: Casa Marea/);
    expect(ask.text).not.toContain("Lucía");
    const link = new URL(ask.text.match(/https?:\/\/\S+\/es\/bookings\/confirm-email\?\S+/)?.[0] ?? "http://x/");
    await confirmBookingEmail({
      bookingId: link.searchParams.get("booking") ?? "",
      token: link.searchParams.get("token") ?? "",
    });
    const [received] = await emailsTo("lucia@example.test");
    expect(received.subject).toMatch(/^Reserva solicitada: Casa Marea/);
    expect(received.text).toContain(`/es/bookings/cancel?token=${result.token}`);
    const ics = received.attachments?.[0];
    expect(ics?.contentType).toBe("text/calendar");
    const event = new ICAL.Component(ICAL.parse(ics?.content ?? "")).getFirstSubcomponent("vevent");
    expect(event?.getFirstPropertyValue("summary")).toBe("Cena · Casa Marea");
    const [ownerMail] = await emailsTo(owner.email);
    expect(ownerMail.subject).toMatch(/New booking request: Lucía/);
    expect(ownerMail.replyTo).toBe("lucia@example.test");

    // Another owner cannot see or decide it; the owner confirms.
    const foreign = await postManageBookings(
      premium,
      { intent: "confirm", bookingId: result.bookingId },
      cookies.otherOwner,
    );
    expect(foreign.status).toBe(404);
    const foreignPage = await loadPage(manage, `/dashboard/bookings/${premium.id}`, cookies.otherOwner, {
      businessId: premium.id,
    });
    expect(foreignPage.status).toBe(404);
    const confirmed = await postManageBookings(
      premium,
      { intent: "confirm", bookingId: result.bookingId },
      cookies.owner,
    );
    expect(confirmed.status).toBe(302);
    const [confirmation] = await emailsTo("lucia@example.test");
    expect(confirmation.subject).toMatch(/^Reserva confirmada/);
    expect(confirmation.attachments?.[0].filename).toBe("booking.ics");
    // The confirmation carries the same cancel link as the request's email.
    expect(confirmation.text).toContain(`/es/bookings/cancel?token=${result.token}`);

    // The signed-in guest sees it in their dashboard.
    const mine = await loadPage(myBookings, "/dashboard/bookings", cookies.guest);
    expect(mine.data.mine.map((row: { id: string; status: string }) => [row.id, row.status])).toContainEqual([
      result.bookingId,
      "confirmed",
    ]);

    // Cancel by link, signed out: a wrong token is a 404, the right one cancels and frees the seats.
    const wrong = await loadPage(cancelPage, "/bookings/cancel?token=nope");
    expect(wrong.status).toBe(404);
    const page = await loadPage(cancelPage, `/es/bookings/cancel?token=${result.token}`);
    expect(page.data.booking.status).toBe("confirmed");
    const cancelled = await postForm(cancelPage, "/es/bookings/cancel", { token: result.token });
    expect(cancelled.data.cancelled).toBe(true);
    const [row] = await getDb().select().from(bookings).where(eq(bookings.id, result.bookingId));
    expect(row.status).toBe("cancelled");
    const [slot] = await getDb().select().from(bookingSlots).where(eq(bookingSlots.id, row.slotId));
    expect(slot.booked).toBe(0);
    const [cancelMail] = await emailsTo("lucia@example.test");
    expect(cancelMail.attachments?.[0].content).toContain("STATUS:CANCELLED");
  });
});

describe("premium gate", () => {
  it("leaves the cancel link out of the confirmation of a booking made with a random token (before tokens were derived)", async () => {
    const result = await requestBooking({
      businessId: premium.id,
      input: {
        serviceId,
        date: day(5),
        time: "18:00",
        partySize: 1,
        name: "Old",
        email: "old@example.test",
        specialRequests: "",
      },
      language: "en",
      user: null,
      clientIp: "198.51.100.78",
    });
    await getDb()
      .update(bookings)
      // A booking from before: random token, and its guest's address counted as confirmed.
      .set({ cancelTokenHash: "a-hash-no-derived-token-has", guestEmailConfirmedAt: new Date() })
      .where(eq(bookings.id, result.bookingId));
    await decideBooking({
      actor: { id: owner.id, role: "business_owner" },
      bookingId: result.bookingId,
      decision: "confirm",
    });
    const [confirmation] = await emailsTo("old@example.test");
    expect(confirmation.subject).toMatch(/^Booking confirmed/);
    expect(confirmation.text).not.toContain("/bookings/cancel");
  });

  it("shows the booking and message forms on premium pages only, and refuses requests for free listings", async () => {
    const premiumPage = await loadPage(businessPage, `/business/${premium.slug}`, null, {
      slug: premium.slug,
    });
    expect(premiumPage.data.engagement.booking.services[0].name).toBe("Dinner");
    expect(premiumPage.data.engagement.contact).toBe(true);
    const freePage = await loadPage(businessPage, `/business/${free.slug}`, null, { slug: free.slug });
    expect(freePage.data.engagement).toEqual({ booking: null, contact: false });
    const refused = await postBook(free.slug, bookingFields({ email: "f@example.test" }));
    expect(refused.status).toBe(403);
    const freeSetup = await loadPage(manage, `/dashboard/bookings/${free.id}`, cookies.owner, {
      businessId: free.id,
    });
    expect(freeSetup.status).toBe(200);
    expect(freeSetup.data.listing.isPremium).toBe(false);
    const freeService = await postManageBookings(
      free,
      {
        intent: "service",
        nameEn: "Lunch",
        slotTimes: "12:00",
        weekdays: "1",
        capacity: "4",
        durationMinutes: "60",
        leadTimeHours: "1",
      },
      cookies.owner,
    );
    expect(freeService.status).toBe(403);
    const message = await postMessage(free.slug, { name: "Ana", email: "ana@example.test", body: "Hola" });
    expect(message.status).toBe(403);
  });
});

describe("messages", () => {
  it("reaches the owner's inbox only, counts unread, and emails the owner's reply", async () => {
    const sent = await postMessage(premium.slug, {
      name: "Pedro",
      email: "Pedro@Example.test",
      body: "Do you have vegan options?",
    });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/business/${premium.slug}/message?sent=1`);
    await postMessage(premium.slug, { name: "Pedro", email: "pedro@example.test", body: "And parking?" });
    expect(await unreadMessageCount({ ownerId: owner.id })).toBe(2);

    const list = await loadPage(inbox, "/dashboard/messages", cookies.owner);
    expect(list.data.threads).toHaveLength(1);
    expect(list.data.threads[0]).toMatchObject({ visitorName: "Pedro", unread: 2, preview: "And parking?" });
    const threadId = list.data.threads[0].id;
    const others = await loadPage(inbox, "/dashboard/messages", cookies.otherOwner);
    expect(others.data.threads).toHaveLength(0);
    const foreign = await loadPage(thread, `/dashboard/messages/${threadId}`, cookies.otherOwner, { threadId });
    expect(foreign.status).toBe(404);
    const foreignReply = await postForm(
      thread,
      `/dashboard/messages/${threadId}`,
      { body: "Hi from someone else" },
      cookies.otherOwner,
      { threadId },
    );
    expect(foreignReply.status).toBe(404);

    const opened = await loadPage(thread, `/dashboard/messages/${threadId}`, cookies.owner, {
      threadId,
    });
    expect(opened.data.messages.map((message: { body: string }) => message.body)).toEqual([
      "Do you have vegan options?",
      "And parking?",
    ]);
    expect(await unreadMessageCount({ ownerId: owner.id })).toBe(0);
    const replied = await postForm(
      thread,
      `/dashboard/messages/${threadId}`,
      { body: "Yes, and free parking." },
      cookies.owner,
      { threadId },
    );
    expect(replied.status).toBe(302);
    const [reply] = await emailsTo("pedro@example.test");
    expect(reply.subject).toBe("Casa Marea answered your message");
    expect(reply.text).toContain("Yes, and free parking.");
  });

  it("limits messages from one address and refuses hostile input with messages on the fields", async () => {
    const ip = "192.0.2.200";
    for (let i = 0; i < 5; i++) {
      const ok = await postMessage(premium.slug, { name: "Spam", email: `spam${i}@example.test`, body: "Buy now" }, ip);
      expect(ok.status).toBe(302);
    }
    const limited = await postMessage(premium.slug, { name: "Spam", email: "spam9@example.test", body: "Buy now" }, ip);
    expect(limited.status).toBe(429);

    const hostile = await postMessage(premium.slug, {
      name: "<script>alert(1)</script>",
      email: "not-an-email",
      body: "x".repeat(5000),
    });
    expect(hostile.status).toBe(400);
    expect(Object.keys(hostile.data.result.error).sort()).toEqual(["body", "email", "name"]);
    const badBooking = await postBook(premium.slug, {
      serviceId: "'; drop table bookings; --",
      date: "2026-13-45",
      time: "25:99",
      partySize: "-3",
      name: "\u0000",
      email: "x",
    });
    expect(badBooking.status).toBe(400);
    expect(Object.keys(badBooking.data.result.error).sort()).toEqual([
      "date",
      "email",
      "name",
      "partySize",
      "serviceId",
      "time",
    ]);
    const badThread = await loadPage(thread, "/dashboard/messages/not-a-uuid", cookies.owner, {
      threadId: "not-a-uuid",
    });
    expect(badThread.status).toBe(404);
  });
});

describe("reads for the overview and analytics", () => {
  it("counts today's bookings and unread messages per listing, and the analytics page draws requests and messages per day", async () => {
    expect(await bookingsTodayByBusiness({ businessIds: [premium.id] })).toEqual(expect.any(Object));
    const unread = await unreadMessagesByBusiness({ ownerId: owner.id });
    expect(Object.keys(unread).every((id) => id === premium.id)).toBe(true);
    const since = new Date(Date.now() - 7 * 86_400_000);
    const until = new Date(Date.now() + 86_400_000);
    const range = { businessId: premium.id, since, until, timeZone: "America/Costa_Rica" };
    const requests = await bookingRequestsPerDay(range);
    const messages = await visitorMessagesPerDay(range);
    expect(requests.get(day(0))).toBeGreaterThanOrEqual(5);
    expect(messages.get(day(0))).toBeGreaterThanOrEqual(2);

    const page = await loadPage(analytics, `/dashboard/analytics?business=${premium.id}&days=7`, cookies.owner);
    const drawn = JSON.stringify(page.data);
    expect(drawn).toContain("owner:analytics.series.bookings");
    expect(drawn).toContain("owner:analytics.series.messages");

    const overview = await loadPage(dashboard, "/dashboard", cookies.owner);
    expect(overview.data.todaysBookings).toEqual(await bookingsTodayByBusiness({ businessIds: [premium.id] }));
    expect(overview.data.unreadMessages).toEqual(unread);
  });
});
