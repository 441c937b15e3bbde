import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, describe, expect, it } from "vitest";
import { eventOccurrences } from "#app/features/events/schema";
import { getDb } from "#app/lib/db.server";
import * as eventIcs from "#app/routes/resources/events/$slug/calendar.ics";
import * as feed from "#app/routes/resources/events.ics";
import { createTestEvent } from "#tests/factories/events";
import { testContext } from "#tests/factories/route-calls";

// The subscribed feed (/events.ics) and an event's own .ics, parsed back with an iCalendar parser:
// an event has one identity in both, so a calendar holding both keeps one copy of every date, and
// that identity never comes from the Host header the request was sent with (SITE_URL is unset).

const dataDir = mkdtempSync(path.join(tmpdir(), "playa-calendars-"));
process.env.DATA_DIR = dataDir;
delete process.env.SITE_URL;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function vevents(text: string) {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
}

async function feedEvents(host = "localhost") {
  const response = (await feed.loader({
    request: new Request(`http://${host}/events.ics`),
    params: {},
    context: testContext(),
  } as never)) as Response;
  return vevents(await response.text());
}

async function ownEvents(slug: string, host = "localhost") {
  const response = (await eventIcs.loader({
    request: new Request(`http://${host}/events/${slug}/calendar.ics`),
    params: { slug },
    context: testContext(),
  } as never)) as Response;
  expect(response.status).toBe(200);
  return vevents(await response.text());
}

function day(offsetDays: number) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Costa_Rica" }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
}

describe("an event's identity across the feed and its own file", () => {
  it("a repeating event is the same one VEVENT, with its rule, in both; a one-off event has the same UID in both", async () => {
    const weekly = await createTestEvent({ repeat: "weekly", repeatUntil: day(40), title: "Weekly run club" });
    const once = await createTestEvent({ title: "Full moon swim" });
    const subscribed = await feedEvents();

    const series = subscribed.filter((v) => v.summary === "Weekly run club");
    expect(series).toHaveLength(1);
    expect(series[0].isRecurring()).toBe(true);
    const own = await ownEvents(weekly.event.slug);
    expect(own.map((v) => v.uid)).toEqual([series[0].uid]);
    expect(own[0].isRecurring()).toBe(true);

    const single = subscribed.filter((v) => v.summary === "Full moon swim");
    expect(single).toHaveLength(1);
    expect((await ownEvents(once.event.slug)).map((v) => v.uid)).toEqual([single[0].uid]);
  });

  it("a series with a moved date is listed date by date under the same UIDs in both", async () => {
    const moved = await createTestEvent({ repeat: "weekly", repeatUntil: day(25), title: "Tide pool walk" });
    const target = moved.occurrences[1];
    await getDb()
      .update(eventOccurrences)
      .set({
        isException: true,
        startsAt: new Date(target.startsAt.getTime() + 3_600_000),
        endsAt: new Date(target.endsAt.getTime() + 3_600_000),
      })
      .where(eq(eventOccurrences.id, target.id));
    const inFeed = (await feedEvents()).filter((v) => v.summary === "Tide pool walk").map((v) => v.uid);
    const own = (await ownEvents(moved.event.slug)).map((v) => v.uid);
    expect(inFeed.length).toBe(moved.occurrences.length);
    expect(new Set(inFeed).size).toBe(inFeed.length);
    expect([...inFeed].sort()).toEqual([...own].sort());
  });

  it("UIDs are the same whatever Host the request names", async () => {
    const { event } = await createTestEvent({ title: "Beach clean-up" });
    const uids = async (host: string) => [
      ...(await feedEvents(host)).map((v) => v.uid),
      ...(await ownEvents(event.slug, host)).map((v) => v.uid),
    ];
    const plain = await uids("localhost");
    expect(plain.length).toBeGreaterThan(1);
    expect(await uids("attacker.example")).toEqual(plain);
    for (const uid of plain) expect(uid).not.toContain("attacker.example");
  });
});
