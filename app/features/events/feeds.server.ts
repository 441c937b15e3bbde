import type { Actor } from "#app/lib/authorization";
import { env } from "#app/lib/env.server";
import { type Language, localizePath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { areaNamesBySlug } from "#app/platform/site/site-config.server";
import { type IcsEvent, renderCalendar } from "../../platform/calendar/ics.server";
import type { EventCategory } from "./constants";
import { eventsForCalendar, listOccurrences } from "./reads.server";

// The calendar feeds: /events.ics (the upcoming events, or one area's or category's) and an
// event's own .ics. Both write an event the same way, so a calendar that subscribes to the feed
// and also adds one event sees the same items and keeps one copy: a repeating event is one VEVENT
// with its RRULE and EXDATEs under the event's UID; a one-off event, or a series with a moved date,
// is one VEVENT per date under that date's UID. UIDs are permanent and never come from the
// request (a calendar matches updates by them): the configured site's host, else a fixed name.

function pick(en: string, es: string, language: Language) {
  return (language === "es" ? es || en : en || es) || "";
}

function place(event: { venueName: string; venueAddress: string }, areaName: string) {
  return [event.venueName, event.venueAddress, areaName].filter(Boolean).join(", ");
}

function uidDomain(): string {
  const siteUrl = env().SITE_URL;
  return siteUrl ? new URL(siteUrl).host : "playa-hub";
}

type CalendarRow = Awaited<ReturnType<typeof eventsForCalendar>>[number];

/** An event's VEVENTs; `only` limits a date-by-date event to those dates (a repeating one is whole). */
function eventVevents(
  { event, occurrences }: CalendarRow,
  options: {
    origin: string;
    language: Language;
    areaName: string;
    category: string;
    only?: Set<string>;
  },
): IcsEvent[] {
  const domain = uidDomain();
  const url = `${options.origin}${localizePath(`/events/${event.slug}`, options.language)}`;
  const base = {
    summary: pick(event.titleEn, event.titleEs, options.language),
    description: `${pick(event.descriptionEn, event.descriptionEs, options.language)}\n\n${url}`,
    location: place(event, options.areaName),
    geo:
      event.latitude !== null && event.longitude !== null
        ? { latitude: event.latitude, longitude: event.longitude }
        : null,
    url,
    allDay: event.allDay,
    lastModified: event.updatedAt,
    categories: [options.category],
  };
  if (event.rrule && !occurrences.some((o) => o.isException)) {
    return [
      {
        ...base,
        uid: `${event.id}@${domain}`,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        rrule: event.rrule,
        exdates: occurrences.filter((o) => o.cancelledAt).map((o) => o.startsAt),
        cancelled: Boolean(event.cancelledAt),
      },
    ];
  }
  return occurrences
    .filter((occurrence) => !options.only || options.only.has(occurrence.id))
    .map((occurrence) => ({
      ...base,
      uid: `${occurrence.id}@${domain}`,
      startsAt: occurrence.startsAt,
      endsAt: occurrence.endsAt,
      cancelled: Boolean(event.cancelledAt || occurrence.cancelledAt),
    }));
}

/** What a feed of upcoming events is asked for: the site's origin, the language and the calendar's filters. */
interface UpcomingFeedOptions {
  origin: string;
  language: Language;
  area?: string;
  category?: EventCategory;
  now?: Date;
}

/** The published dates of the coming year a feed draws from (500 at most), with its filters. */
function comingYear(options: UpcomingFeedOptions, now: Date, filters: { liveOnly?: boolean } = {}) {
  return listOccurrences(
    {
      from: now,
      to: new Date(now.getTime() + 366 * 86_400_000),
      area: options.area,
      category: options.category,
      ...filters,
      limit: 500,
    },
    options.language,
  );
}

/** The upcoming published events, as an iCalendar feed. */
export async function upcomingCalendar(options: UpcomingFeedOptions): Promise<string> {
  const now = options.now ?? new Date();
  const t = await getTranslator(options.language);
  const occurrences = await comingYear(options, now);
  const rows = await eventsForCalendar({ ids: [...new Set(occurrences.map((o) => o.eventId))] });
  const byId = new Map(rows.map((row) => [row.event.id, row]));
  const listed = new Set(occurrences.map((o) => o.occurrenceId));
  const seen = new Set<string>();
  const events: IcsEvent[] = occurrences.flatMap((occurrence) => {
    const row = byId.get(occurrence.eventId);
    if (!row || seen.has(occurrence.eventId)) return [];
    seen.add(occurrence.eventId);
    return eventVevents(row, {
      ...options,
      areaName: occurrence.area.name,
      category: t(`events:categories.${occurrence.category}`),
      only: listed,
    });
  });
  return renderCalendar({ name: t("events:feed.title"), events, now });
}

/** One event as an iCalendar file: a repeating one as its rule, its cancelled dates as EXDATE. */
export async function eventCalendar(options: {
  slug: string;
  origin: string;
  language: Language;
  viewer: Actor | null;
}): Promise<{ ics: string; slug: string } | null> {
  const [row] = await eventsForCalendar({ slug: options.slug, viewer: options.viewer });
  if (!row) return null;
  const t = await getTranslator(options.language);
  const areaNames = await areaNamesBySlug();
  const events = eventVevents(row, {
    ...options,
    areaName: areaNames.get(row.event.areaSlug)?.[options.language] ?? "",
    category: t(`events:categories.${row.event.category}`),
  });
  return {
    ics: renderCalendar({ name: pick(row.event.titleEn, row.event.titleEs, options.language), events }),
    slug: row.event.slug,
  };
}

function escapeXml(value: string) {
  return value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );
}

/** RSS 2.0 of the next upcoming dates (one item per event, at its next date). */
export async function upcomingRss(options: UpcomingFeedOptions): Promise<string> {
  const now = options.now ?? new Date();
  const t = await getTranslator(options.language);
  const occurrences = await comingYear(options, now, { liveOnly: true });
  const seen = new Set<string>();
  const items = occurrences
    .filter((o) => {
      if (seen.has(o.eventId)) return false;
      seen.add(o.eventId);
      return true;
    })
    .slice(0, 50)
    .map((o) => {
      const url = `${options.origin}${localizePath(`/events/${o.slug}`, options.language)}`;
      const when = new Intl.DateTimeFormat(options.language === "es" ? "es-CR" : "en-US", {
        dateStyle: "full",
        timeStyle: o.allDay ? undefined : "short",
        timeZone: "America/Costa_Rica",
      }).format(new Date(o.startsAt));
      return [
        "<item>",
        `<title>${escapeXml(o.title)}</title>`,
        `<link>${escapeXml(url)}</link>`,
        `<guid isPermaLink="false">${escapeXml(`${o.eventId}@events`)}</guid>`,
        `<category>${escapeXml(t(`events:categories.${o.category}`))}</category>`,
        `<description>${escapeXml(`${when} · ${[o.venueName, o.area.name].filter(Boolean).join(", ")}\n\n${o.excerpt}`)}</description>`,
        `<pubDate>${new Date(o.startsAt).toUTCString()}</pubDate>`,
        "</item>",
      ].join("");
    });
  const self = `${options.origin}${localizePath("/events.rss", options.language)}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${escapeXml(t("events:feed.title"))}</title>`,
    `<link>${escapeXml(`${options.origin}${localizePath("/events", options.language)}`)}</link>`,
    `<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
    `<description>${escapeXml(t("events:feed.description"))}</description>`,
    `<language>${options.language === "es" ? "es-CR" : "en-US"}</language>`,
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
