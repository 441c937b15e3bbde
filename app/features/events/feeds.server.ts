import type { Actor } from "#app/lib/authorization";
import { type Language, localizePath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { type IcsEvent, renderCalendar } from "../../platform/calendar/ics.server";
import type { EventCategory } from "./constants";
import { eventsForCalendar, listOccurrences } from "./reads.server";

// The calendar feeds: /events.ics (all upcoming dates, or one area's or category's) with one
// VEVENT per date, an event's own .ics (its rule with RRULE and EXDATE, so a calendar keeps it as
// one repeating event), and the RSS feed.

function pick(en: string, es: string, language: Language) {
  return (language === "es" ? es || en : en || es) || "";
}

function place(event: { venueName: string; venueAddress: string }, areaName: string) {
  return [event.venueName, event.venueAddress, areaName].filter(Boolean).join(", ");
}

/** The upcoming dates of published events, as an iCalendar feed. */
export async function upcomingCalendar(options: {
  origin: string;
  language: Language;
  area?: string;
  category?: EventCategory;
  now?: Date;
}): Promise<string> {
  const now = options.now ?? new Date();
  const t = await getTranslator(options.language);
  const occurrences = await listOccurrences(
    {
      from: now,
      to: new Date(now.getTime() + 366 * 86_400_000),
      area: options.area,
      category: options.category,
      limit: 500,
    },
    options.language,
  );
  const rows = await eventsForCalendar({ ids: [...new Set(occurrences.map((o) => o.eventId))] });
  const byId = new Map(rows.map((row) => [row.event.id, row.event]));
  const host = new URL(options.origin).host;
  const events: IcsEvent[] = occurrences.flatMap((occurrence) => {
    const event = byId.get(occurrence.eventId);
    if (!event) return [];
    return [
      {
        uid: `${occurrence.occurrenceId}@${host}`,
        startsAt: new Date(occurrence.startsAt),
        endsAt: new Date(occurrence.endsAt),
        allDay: occurrence.allDay,
        summary: occurrence.title,
        description: `${pick(event.descriptionEn, event.descriptionEs, options.language)}\n\n${options.origin}${localizePath(`/events/${event.slug}`, options.language)}`,
        location: place(event, occurrence.area.name),
        geo:
          event.latitude !== null && event.longitude !== null
            ? { latitude: event.latitude, longitude: event.longitude }
            : null,
        url: `${options.origin}${localizePath(`/events/${event.slug}`, options.language)}`,
        cancelled: occurrence.cancelled,
        lastModified: event.updatedAt,
        categories: [t(`events:categories.${occurrence.category}`)],
      },
    ];
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
  const { event, occurrences } = row;
  const t = await getTranslator(options.language);
  const host = new URL(options.origin).host;
  const url = `${options.origin}${localizePath(`/events/${event.slug}`, options.language)}`;
  const base = {
    summary: pick(event.titleEn, event.titleEs, options.language),
    description: `${pick(event.descriptionEn, event.descriptionEs, options.language)}\n\n${url}`,
    location: [event.venueName, event.venueAddress].filter(Boolean).join(", "),
    geo:
      event.latitude !== null && event.longitude !== null
        ? { latitude: event.latitude, longitude: event.longitude }
        : null,
    url,
    allDay: event.allDay,
    lastModified: event.updatedAt,
    categories: [t(`events:categories.${event.category}`)],
  };
  const moved = occurrences.filter((o) => o.isException);
  const events: IcsEvent[] = [];
  if (event.rrule && !moved.length) {
    events.push({
      ...base,
      uid: `${event.id}@${host}`,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      rrule: event.rrule,
      exdates: occurrences.filter((o) => o.cancelledAt).map((o) => o.startsAt),
      cancelled: Boolean(event.cancelledAt),
    });
  } else {
    // A one-off event, or a rule with moved dates: each date on its own.
    for (const occurrence of occurrences) {
      events.push({
        ...base,
        uid: `${occurrence.id}@${host}`,
        startsAt: occurrence.startsAt,
        endsAt: occurrence.endsAt,
        cancelled: Boolean(event.cancelledAt || occurrence.cancelledAt),
      });
    }
  }
  return { ics: renderCalendar({ name: base.summary, events }), slug: event.slug };
}

function escapeXml(value: string) {
  return value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );
}

/** RSS 2.0 of the next upcoming dates (one item per event, at its next date). */
export async function upcomingRss(options: {
  origin: string;
  language: Language;
  area?: string;
  category?: EventCategory;
  now?: Date;
}): Promise<string> {
  const now = options.now ?? new Date();
  const t = await getTranslator(options.language);
  const occurrences = await listOccurrences(
    {
      from: now,
      to: new Date(now.getTime() + 366 * 86_400_000),
      area: options.area,
      category: options.category,
      liveOnly: true,
      limit: 500,
    },
    options.language,
  );
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
