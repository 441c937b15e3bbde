import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import ICAL from "ical.js";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eventAdapter } from "#app/features/events/event-moderation.server";
import { createEvent, updateEvent } from "#app/features/events/events.server";
import { eventSchema } from "#app/features/events/forms";
import { cancelRsvp, rsvpToOccurrence } from "#app/features/events/rsvps.server";
import { eventOccurrences, eventRsvps, events } from "#app/features/events/schema";
import type { Actor } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { searchSite } from "#app/lib/search/index.server";
import { sitemapEntries } from "#app/lib/sitemap.server";
import { decideItem, listModerationQueue } from "#app/platform/moderation/moderation.server";
import { emailOutbox } from "#app/platform/outbox/schema";
import * as eventPage from "#app/routes/_public/events/$slug";
import * as listPage from "#app/routes/_public/events/index";
import * as newPage from "#app/routes/_public/events/new";
import * as manage from "#app/routes/dashboard/events/$eventId";
import * as csv from "#app/routes/dashboard/events/$eventId/attendees.csv";
import * as myEvents from "#app/routes/dashboard/events/index";
import * as eventIcs from "#app/routes/resources/events/$slug/calendar.ics";
import * as feed from "#app/routes/resources/events.ics";
import { demoEvents, seedEvents } from "#root/db/seed/events";
import { createTestUser, signInCookie } from "#tests/factories/accounts";
import { createBusiness } from "#tests/factories/directory";
import { createTestEvent, getTestEvent } from "#tests/factories/events";
import { createMember, createNewcomer } from "#tests/factories/moderation";
import { callRoute, getRequest, loadPage, postForm, testContext } from "#tests/factories/route-calls";

// Events: the capacity race (50 RSVPs at 10 places: exactly 10 confirmed, 40 waitlisted in arrival
// order), waitlist promotion (first in line, whole party, emailed in their language), organisers'
// permissions, the moderation queue for new accounts, hostile input, recurrence through the pages,
// and the calendar feeds parsed back with an iCalendar parser.

const dataDir = mkdtempSync(path.join(tmpdir(), "playa-events-"));
process.env.DATA_DIR = dataDir;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type TestUser = Awaited<ReturnType<typeof createTestUser>>;
let admin: TestUser;
let organiser: Actor & { email: string };
let stranger: TestUser;
let cookies: { admin: string; organiser: string; stranger: string };

const actor = (user: { id: string }, role: Actor["role"] = "user"): Actor => ({ id: user.id, role });

beforeAll(async () => {
  clearRateLimitersForTests();
  admin = await createTestUser({ roles: ["admin"], firstName: "Ana" });
  organiser = await createMember({ firstName: "Olga" });
  stranger = await createTestUser({ firstName: "Sam" });
  cookies = {
    admin: await signInCookie(admin.email),
    organiser: await signInCookie(organiser.email),
    stranger: await signInCookie(stranger.email),
  };
});

beforeEach(() => clearRateLimitersForTests());

function day(offsetDays: number) {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Costa_Rica" }).format(date);
}

const form = (overrides: Record<string, string> = {}) => ({
  intent: "create",
  titleEn: "Sunset yoga on the beach",
  titleEs: "Yoga al atardecer en la playa",
  descriptionEn: "Bring a towel and water.",
  descriptionEs: "Traiga un paño y agua.",
  category: "yoga",
  area: "playa-flamingo",
  startDay: day(3),
  startTime: "17:00",
  endTime: "18:15",
  repeat: "none",
  venueName: "North end of the beach",
  venueAddress: "Playa Flamingo, by the lifeguard tower",
  currency: "USD",
  contactEmail: "yoga@example.test",
  ...overrides,
});

const callNew = (fields: Record<string, string>, cookie: string | null, language: "en" | "es" = "en") =>
  postForm(newPage, `${language === "es" ? "/es" : ""}/events/new`, fields, cookie);

const loadEvent = (slug: string, cookie?: string | null, language: "en" | "es" = "en") =>
  loadPage(eventPage, `${language === "es" ? "/es" : ""}/events/${slug}`, cookie, { slug });

const postEvent = (slug: string, fields: Record<string, string>, cookie: string | null) =>
  postForm(eventPage, `/events/${slug}`, fields, cookie, { slug });

async function rsvpsOf(occurrenceId: string) {
  return getDb()
    .select()
    .from(eventRsvps)
    .where(eq(eventRsvps.occurrenceId, occurrenceId))
    .orderBy(asc(eventRsvps.seq));
}

describe("capacity under concurrency", () => {
  it("50 simultaneous RSVPs at 10 places: exactly 10 confirmed and 40 waitlisted, in arrival order", async () => {
    const { occurrences } = await createTestEvent({ organizerId: organiser.id, maxAttendees: 10 });
    const people = await Promise.all(Array.from({ length: 50 }, (_, i) => createTestUser({ firstName: `P${i}` })));
    const results = await Promise.all(
      people.map((person) =>
        rsvpToOccurrence({ actor: actor(person), occurrenceId: occurrences[0].id, partySize: 1, ageConfirmed: false }),
      ),
    );
    expect(results.filter((r) => r.status === "confirmed")).toHaveLength(10);
    expect(results.filter((r) => r.status === "waitlisted")).toHaveLength(40);
    const rows = await rsvpsOf(occurrences[0].id);
    expect(rows).toHaveLength(50);
    // First come, first served: in the order the answers were written, the first ten hold the places.
    expect(rows.slice(0, 10).every((row) => row.status === "confirmed")).toBe(true);
    expect(rows.slice(10).every((row) => row.status === "waitlisted")).toBe(true);
    expect(rows.filter((r) => r.status === "confirmed").reduce((sum, r) => sum + r.partySize, 0)).toBe(10);

    // A cancellation promotes exactly the first in line.
    const firstConfirmed = rows[0];
    const firstWaiting = rows[10];
    const { promoted } = await cancelRsvp({
      actor: actor({ id: firstConfirmed.userId }),
      occurrenceId: occurrences[0].id,
    });
    expect(promoted).toEqual([firstWaiting.userId]);
    const after = await rsvpsOf(occurrences[0].id);
    expect(after.filter((r) => r.status === "confirmed")).toHaveLength(10);
    expect(after.filter((r) => r.status === "waitlisted")).toHaveLength(39);
  }, 60_000);
});

describe("waitlist promotion", () => {
  it("promotes in order, whole parties only, never skipping the head, and emails them in their language", async () => {
    const { occurrences } = await createTestEvent({ organizerId: organiser.id, maxAttendees: 3, title: "Turtle walk" });
    const occurrenceId = occurrences[0].id;
    const a = await createTestUser();
    const b = await createTestUser();
    const c = await createTestUser({ preferredLanguage: "es", email: `c-${Date.now()}@example.test` });
    const d = await createTestUser({ email: `d-${Date.now()}@example.test` });
    expect((await rsvpToOccurrence({ actor: actor(a), occurrenceId, partySize: 2, ageConfirmed: false })).status).toBe(
      "confirmed",
    );
    expect((await rsvpToOccurrence({ actor: actor(b), occurrenceId, partySize: 1, ageConfirmed: false })).status).toBe(
      "confirmed",
    );
    expect((await rsvpToOccurrence({ actor: actor(c), occurrenceId, partySize: 2, ageConfirmed: false })).status).toBe(
      "waitlisted",
    );
    // D's party of 1 would fit nowhere now, and nobody jumps the queue later either.
    expect((await rsvpToOccurrence({ actor: actor(d), occurrenceId, partySize: 1, ageConfirmed: false })).status).toBe(
      "waitlisted",
    );
    // One place frees: C (party of 2) is first and does not fit; D is not promoted past C.
    expect((await cancelRsvp({ actor: actor(b), occurrenceId })).promoted).toEqual([]);
    // Three free: C, then D.
    expect((await cancelRsvp({ actor: actor(a), occurrenceId })).promoted).toEqual([c.id, d.id]);
    const mails = await getDb()
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.to, [c.email, d.email]));
    const toC = mails.find((mail) => mail.to === c.email);
    const toD = mails.find((mail) => mail.to === d.email);
    expect(toC?.subject).toContain("Se liberó un campo");
    expect(toC?.subject).toContain("Evento");
    expect(toD?.subject).toContain("A place opened up");
    expect(toD?.text).toContain("/events/");
  });

  it("asks for the age confirmation, refuses a second answer and a past or cancelled date", async () => {
    const { occurrences } = await createTestEvent({ organizerId: organiser.id, minAge: 18, maxAttendees: 5 });
    const person = await createTestUser();
    await expect(
      rsvpToOccurrence({ actor: actor(person), occurrenceId: occurrences[0].id, partySize: 1, ageConfirmed: false }),
    ).rejects.toMatchObject({ messageKey: "events:form.errors.ageConfirm" });
    await rsvpToOccurrence({ actor: actor(person), occurrenceId: occurrences[0].id, partySize: 1, ageConfirmed: true });
    await expect(
      rsvpToOccurrence({ actor: actor(person), occurrenceId: occurrences[0].id, partySize: 1, ageConfirmed: true }),
    ).rejects.toMatchObject({ messageKey: "events:errors.alreadyAnswered" });
    const past = await createTestEvent({ startsAt: new Date(Date.now() - 5 * 3_600_000), hours: 1 });
    await expect(
      rsvpToOccurrence({
        actor: actor(person),
        occurrenceId: past.occurrences[0].id,
        partySize: 1,
        ageConfirmed: false,
      }),
    ).rejects.toMatchObject({ messageKey: "events:errors.past" });
  });
});

describe("the event page's RSVP forms", () => {
  it("signed out goes to sign in; a member answers, sees their place, and withdraws", async () => {
    const { event, occurrences } = await createTestEvent({ organizerId: organiser.id, maxAttendees: 1 });
    const fields = { intent: "rsvp", occurrenceId: occurrences[0].id, partySize: "1" };
    const anonymous = await postEvent(event.slug, fields, null);
    expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);

    const first = await postEvent(event.slug, fields, cookies.stranger);
    expect(first.status).toBe(302);
    const page = await loadEvent(event.slug, cookies.stranger);
    expect(page.data.upcoming[0].mine).toMatchObject({ status: "confirmed", partySize: 1 });

    const second = await createTestUser();
    const waiting = await postEvent(event.slug, fields, await signInCookie(second.email));
    expect(waiting.status).toBe(302);
    expect((await rsvpsOf(occurrences[0].id)).map((r) => r.status)).toEqual(["confirmed", "waitlisted"]);
    const counted = await loadEvent(event.slug);
    expect(counted.data.upcoming[0]).toMatchObject({ confirmed: 1, waitlisted: 1, placesLeft: 0 });
    const mine = await loadPage(myEvents, "/dashboard/events", cookies.organiser);
    expect(mine.data.events.find((row: { id: string }) => row.id === event.id)).toMatchObject({
      confirmed: 1,
      waitlisted: 1,
    });

    const withdrawn = await postEvent(
      event.slug,
      { intent: "withdraw", occurrenceId: occurrences[0].id },
      cookies.stranger,
    );
    expect(withdrawn.status).toBe(302);
    expect((await rsvpsOf(occurrences[0].id)).map((r) => r.status)).toEqual(["cancelled", "confirmed"]);
    const [promotedMail] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, second.email));
    expect(promotedMail?.subject).toContain("A place opened up");
  });

  it("answers hostile input with 400s and writes nothing", async () => {
    const { event, occurrences } = await createTestEvent({ organizerId: organiser.id });
    const hostile: Record<string, string>[] = [
      { intent: "rsvp", occurrenceId: "not-a-uuid", partySize: "1" },
      { intent: "rsvp", occurrenceId: occurrences[0].id, partySize: "9999" },
      { intent: "rsvp", occurrenceId: occurrences[0].id, partySize: "<script>" },
      { intent: "withdraw", occurrenceId: "'; drop table events; --" },
      { intent: "explode" },
    ];
    for (const fields of hostile) {
      const result = await postEvent(event.slug, fields, cookies.stranger);
      expect(result.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await rsvpsOf(occurrences[0].id)).toHaveLength(0);
    expect((await loadEvent("no-such-event")).status).toBe(404);
    expect((await loadEvent("%00<script>")).status).toBe(404);
  });
});

describe("organisers and moderation", () => {
  it("a new account's event waits in the shared queue, hidden from others, until an admin approves it", async () => {
    const newcomer = await createNewcomer();
    const cookie = await signInCookie(newcomer.email);
    const result = await callNew(form({ titleEn: "Beach clean-up" }), cookie);
    expect(result.status).toBe(302);
    const [row] = await getDb().select().from(events).where(eq(events.organizerId, newcomer.id));
    expect(row.status).toBe("pending");
    expect((await loadEvent(row.slug)).status).toBe(404);
    expect((await loadEvent(row.slug, cookies.stranger)).status).toBe(404);
    expect((await loadEvent(row.slug, cookie)).data.event.status).toBe("pending");

    const adminActor = actor(admin, "admin");
    const queue = await listModerationQueue({ actor: adminActor });
    expect(queue.some((entry) => entry.kind === "event" && entry.item.id === row.id)).toBe(true);
    await decideItem({ kind: "event", itemId: row.id, actor: adminActor, decision: "approve" });
    expect((await loadEvent(row.slug)).status).toBe(200);
    const hits = await searchSite({ query: "clean-up", language: "en" });
    expect(hits.some((hit) => hit.kind === "event")).toBe(true);
    expect((await sitemapEntries()).some((entry) => entry.path === `/events/${row.slug}`)).toBe(true);
  });

  it("an admin's and a verified business's events publish at once; only the owner may organise for a business", async () => {
    const published = await callNew(form({ titleEn: "Admin market day" }), cookies.admin);
    expect(published.status).toBe(302);
    const owner = await createNewcomer();
    const business = await createBusiness({ owner: owner.id });
    const forBusiness = await createEvent({
      actor: owner,
      input: eventSchema.parse({ ...form(), organizerBusiness: business.id }),
    });
    expect(forBusiness.status).toBe("published");
    await expect(
      createEvent({ actor: actor(stranger), input: eventSchema.parse({ ...form(), organizerBusiness: business.id }) }),
    ).rejects.toMatchObject({ messageKey: "events:form.errors.organizerBusiness" });
  });

  it("refuses bad input in the user's language, keeping what was typed and writing nothing", async () => {
    const [before] = await getDb().select({ n: count() }).from(events);
    for (const fields of [
      form({ titleEn: "<script>alert(1)</script>", titleEs: "" }),
      form({ titleEn: "", titleEs: "" }),
      form({ startDay: "2026-02-31" }),
      form({ startTime: "25:00" }),
      form({ endTime: "16:00" }),
      form({ startDay: day(-3) }),
      form({ repeat: "weekly", repeatUntil: "" }),
      form({ repeat: "weekly", repeatUntil: day(2) }),
      form({ contactEmail: "nope" }),
      form({ area: "atlantis" }),
      form({ price: "-5" }),
      form({ maxAttendees: "0" }),
      form({ links: "javascript:alert(1)" }),
      form({ category: "rave" }),
    ]) {
      const result = await callNew(fields, cookies.organiser, "es");
      expect(result.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(result.status).toBeLessThan(500);
      expect(result.data?.result?.initialValue?.contactEmail).toBe(fields.contactEmail);
    }
    const [after] = await getDb().select({ n: count() }).from(events);
    expect(after.n).toBe(before.n);
    expect((await callNew(form(), null)).location).toMatch(/^\/auth/);
  });

  it("only the organiser (or an admin) manages an event; others get 404s; the CSV lists the attendees", async () => {
    const { event, occurrences } = await createTestEvent({ organizerId: organiser.id, maxAttendees: 4 });
    const guest = await createTestUser({ firstName: "=cmd|' /C calc'!A0", lastName: "Ríos" });
    await rsvpToOccurrence({ actor: actor(guest), occurrenceId: occurrences[0].id, partySize: 2, ageConfirmed: false });
    const manageLoad = (cookie: string, eventId = event.id) =>
      loadPage(manage, `/dashboard/events/${eventId}`, cookie, { eventId });
    expect((await manageLoad(cookies.stranger)).status).toBe(404);
    expect((await manageLoad(cookies.organiser, "not-a-uuid")).status).toBe(404);
    const mine = await manageLoad(cookies.organiser);
    expect(mine.data.attendees).toHaveLength(1);
    expect((await manageLoad(cookies.admin)).status).toBe(200);

    const csvCall = (cookie: string | null) =>
      loadPage(csv, `/dashboard/events/${event.id}/attendees.csv`, cookie, {
        eventId: event.id,
      });
    expect((await csvCall(cookies.stranger)).status).toBe(404);
    expect((await csvCall(null)).location).toMatch(/^\/auth/);
    const response = (await csv.loader({
      request: getRequest(`/dashboard/events/${event.id}/attendees.csv`, cookies.organiser),
      params: { eventId: event.id },
      context: testContext(),
    } as never)) as Response;
    const text = await response.text();
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect(text).toContain(guest.email);
    // A formula-looking name is defused for spreadsheets.
    expect(text).toContain("\"'=cmd|' /C calc'!A0 Ríos\"");

    const strangerCancel = await postForm(
      manage,
      `/dashboard/events/${event.id}`,
      { intent: "cancelEvent" },
      cookies.stranger,
      { eventId: event.id },
    );
    expect(strangerCancel.status).toBe(404);
    const cancelled = await postForm(
      manage,
      `/dashboard/events/${event.id}`,
      { intent: "cancelEvent" },
      cookies.organiser,
      { eventId: event.id },
    );
    expect(cancelled.status).toBe(302);
    expect((await getTestEvent(event.id)).cancelledAt).not.toBeNull();
    const [mail] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, guest.email));
    expect(mail.subject).toContain("Cancelled");
    expect((await loadEvent(event.slug)).data.event.cancelled).toBe(true);
  });
});

describe("recurrence through the pages", () => {
  it("a weekly event gets one date per week with its own list, shows in the month view, and keeps RSVPs when its time moves", async () => {
    const created = await callNew(
      form({ titleEn: "Tuesday jam", repeat: "weekly", repeatUntil: day(3 + 7 * 5), maxAttendees: "1" }),
      cookies.organiser,
    );
    expect(created.status).toBe(302);
    const [event] = await getDb().select().from(events).where(eq(events.titleEn, "Tuesday jam"));
    const occurrences = await getDb()
      .select()
      .from(eventOccurrences)
      .where(eq(eventOccurrences.eventId, event.id))
      .orderBy(asc(eventOccurrences.startsAt));
    expect(occurrences).toHaveLength(6);
    for (const occurrence of occurrences) {
      expect(
        new Intl.DateTimeFormat("en-GB", { timeZone: "America/Costa_Rica", timeStyle: "short" }).format(
          occurrence.startsAt,
        ),
      ).toBe("17:00");
    }
    await rsvpToOccurrence({
      actor: actor(stranger),
      occurrenceId: occurrences[1].id,
      partySize: 1,
      ageConfirmed: false,
    });

    const month = occurrences[1].occurrenceKey.slice(0, 7);
    const calendar = await loadPage(listPage, `/es/events?view=month&month=${month}`);
    expect(calendar.data.occurrences.some((o: { occurrenceId: string }) => o.occurrenceId === occurrences[1].id)).toBe(
      true,
    );

    await updateEvent({
      actor: organiser,
      eventId: event.id,
      input: eventSchema.parse(
        form({
          titleEn: "Tuesday jam",
          startTime: "18:30",
          endTime: "20:00",
          repeat: "weekly",
          repeatUntil: day(3 + 7 * 3),
        }),
      ),
    });
    const after = await getDb()
      .select()
      .from(eventOccurrences)
      .where(eq(eventOccurrences.eventId, event.id))
      .orderBy(asc(eventOccurrences.startsAt));
    // Four dates remain; the two dropped had no answers and are gone.
    expect(after).toHaveLength(4);
    expect(after[1].id).toBe(occurrences[1].id);
    expect(
      new Intl.DateTimeFormat("en-GB", { timeZone: "America/Costa_Rica", timeStyle: "short" }).format(
        after[1].startsAt,
      ),
    ).toBe("18:30");
    expect(await rsvpsOf(after[1].id)).toHaveLength(1);

    // An edit holds to the creation rule even when a caller skips the form: the repeat cannot end
    // before the first date, and nothing about the event changes.
    await expect(
      updateEvent({
        actor: organiser,
        eventId: event.id,
        input: {
          ...eventSchema.parse(form({ titleEn: "Tuesday jam", repeat: "weekly", repeatUntil: day(3 + 7) })),
          repeatUntil: day(1),
        },
      }),
    ).rejects.toMatchObject({ messageKey: "events:form.errors.repeatUntil", details: { field: "repeatUntil" } });
    const unchanged = await getDb().select().from(eventOccurrences).where(eq(eventOccurrences.eventId, event.id));
    expect(unchanged).toHaveLength(4);
  });

  it("filters the list by category, cost and this weekend, and the calendar feeds parse back", async () => {
    const paid = await createTestEvent({ category: "music", costMinor: 1500, title: "Reggae night" });
    const load = (query: string) => loadPage(listPage, `/events${query}`);
    const music = await load("?category=music&cost=paid");
    expect(music.data.occurrences.map((o: { eventId: string }) => o.eventId)).toContain(paid.event.id);
    const free = await load("?category=music&cost=free");
    expect(free.data.occurrences.map((o: { eventId: string }) => o.eventId)).not.toContain(paid.event.id);
    expect((await load("?when=weekend&age=bogus&from=zzz")).status).toBe(200);

    const response = (await feed.loader({
      request: getRequest("/events.ics?category=music"),
      params: {},
      context: testContext(),
    } as never)) as Response;
    const text = await response.text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe("America/Costa_Rica");
    const vevents = calendar.getAllSubcomponents("vevent");
    expect(vevents.length).toBeGreaterThan(0);
    expect(vevents.every((v) => new ICAL.Event(v).summary !== "")).toBe(true);
    expect(vevents.some((v) => new ICAL.Event(v).summary === "Reggae night")).toBe(true);

    const weekly = await createTestEvent({
      repeat: "weekly",
      repeatUntil: day(30),
      title: "Run club, Flamingo; all paces",
    });
    const single = (await eventIcs.loader({
      request: getRequest(`/events/${weekly.event.slug}/calendar.ics`),
      params: { slug: weekly.event.slug },
      context: testContext(),
    } as never)) as Response;
    const one = new ICAL.Component(ICAL.parse(await single.text()));
    const master = new ICAL.Event(one.getFirstSubcomponent("vevent") as ICAL.Component);
    expect(master.summary).toBe("Run club, Flamingo; all paces");
    expect(master.isRecurring()).toBe(true);
    expect(one.getFirstSubcomponent("vevent")?.getFirstProperty("dtstart")?.getParameter("tzid")).toBe(
      "America/Costa_Rica",
    );
    // Every date of the rule, as a calendar expands it, starts at 17:00 UTC (11:00 in Costa Rica).
    const iterator = master.iterator();
    for (let next = iterator.next(), seen = 0; next && seen < 4; next = iterator.next(), seen++) {
      expect(next.toJSDate().getUTCHours()).toBe(weekly.event.startsAt.getUTCHours());
    }
    const missing = (await eventIcs.loader({
      request: getRequest("/events/nope/calendar.ics"),
      params: { slug: "nope" },
      context: testContext(),
    } as never)) as Response;
    expect(missing.status).toBe(404);
  });
});

describe("the event photo", () => {
  it("the organiser uploads a photo through the image pipeline; a non-image and a stranger are refused", async () => {
    const { event } = await createTestEvent({ organizerId: organiser.id });
    const upload = (bytes: Uint8Array<ArrayBuffer>, cookie: string) => {
      const body = new FormData();
      body.set("intent", "photo");
      body.set("photo", new File([bytes], "photo.png", { type: "image/png" }));
      return callRoute(
        manage,
        "action",
        new Request(`http://localhost/dashboard/events/${event.id}`, {
          method: "POST",
          headers: { cookie },
          body,
        }),
        { eventId: event.id },
      );
    };
    const png = await sharp({ create: { width: 900, height: 450, channels: 3, background: { r: 240, g: 120, b: 40 } } })
      .png()
      .toBuffer();
    expect((await upload(new Uint8Array(png), cookies.stranger)).status).toBe(404);
    const refused = await upload(new TextEncoder().encode("<svg onload=alert(1)>"), cookies.organiser);
    expect(refused.status).toBe(400);
    expect((await getTestEvent(event.id)).photoUrl).toBeNull();
    expect((await upload(new Uint8Array(png), cookies.organiser)).status).toBe(302);
    const saved = (await getTestEvent(event.id)).photoUrl;
    expect(saved).toMatch(/^\/uploads\/events\/[0-9a-f]+-\d+\.webp$/);
    const page = await loadEvent(event.slug);
    expect(page.data.head.image).toContain(saved);
  });
});

describe("the demo seed", () => {
  it("adds the demo events once, dated from today, marked demo and searchable", async () => {
    await seedEvents(getDb());
    await seedEvents(getDb());
    const slugs = demoEvents.map((demo) => demo.slug);
    const rows = await getDb().select().from(events).where(inArray(events.slug, slugs));
    expect(rows).toHaveLength(demoEvents.length);
    expect(rows.every((row) => row.isDemo && row.status === "published" && row.startsAt > new Date())).toBe(true);
    const [{ n }] = await getDb()
      .select({ n: count() })
      .from(eventOccurrences)
      .where(
        inArray(
          eventOccurrences.eventId,
          rows.map((row) => row.id),
        ),
      );
    expect(Number(n)).toBeGreaterThan(demoEvents.length);
    expect((await searchSite({ query: "yoga", language: "es", kinds: ["event"] })).length).toBeGreaterThan(0);
  });
});

describe("the moderation adapter", () => {
  it("describes events and counts them per organiser", async () => {
    const { event } = await createTestEvent({ organizerId: organiser.id, status: "pending" });
    const described = await eventAdapter.describe([event.id], getDb());
    expect(described.get(event.id)).toMatchObject({ status: "pending", href: `/events/${event.slug}` });
    expect(await eventAdapter.listPending({ limit: 500 }, getDb())).toContain(event.id);
    expect(await eventAdapter.countByAuthor({ authorId: organiser.id, status: "pending" }, getDb())).toBeGreaterThan(0);
    await eventAdapter.setStatus(event.id, "hidden", getDb());
    const [row] = await getDb()
      .select()
      .from(events)
      .where(and(eq(events.id, event.id)));
    expect(row.status).toBe("hidden");
  });
});
