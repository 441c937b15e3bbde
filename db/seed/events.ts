import { and, eq, inArray, isNull } from "drizzle-orm";
import { addDays, todayKey } from "#app/features/events/calendar";
import type { EventCategory } from "#app/features/events/constants";
import { eventPhotoMaxBytes, eventPhotoWidths } from "#app/features/events/events.server";
import { indexEvent } from "#app/features/events/indexing.server";
import { buildRule, expandOccurrences, parseWallTime, wallTimeToInstant } from "#app/features/events/recurrence.server";
import { eventOccurrences, events } from "#app/features/events/schema";
import type { Db } from "#app/lib/db.server";
import { deleteImageVariants, storageUrl } from "#app/lib/storage.server";
import { businesses } from "../../app/platform/listings/schema";
import { type StoredCover, storeDemoDrawing, twoAtATime } from "./demo-covers";

// Demo events, dated from the day the seed runs (so a fresh site has a calendar to look at), marked
// is_demo so the pages badge them. Idempotent: one row per slug.

interface DemoEvent {
  slug: string;
  titleEn: string;
  titleEs: string;
  descriptionEn: string;
  descriptionEs: string;
  category: EventCategory;
  areaSlug: string;
  /** 0 = Sunday … 6 = Saturday: the first date is the next such day. */
  weekday: number;
  start: string;
  end: string;
  allDay?: boolean;
  repeat: "none" | "weekly" | "monthly";
  /** How many weeks the rule runs. */
  weeks?: number;
  venueBusinessSlug?: string;
  venueName: string;
  venueAddress: string;
  latitude?: number;
  longitude?: number;
  costMinor?: number;
  costCurrency?: "USD" | "CRC";
  maxAttendees?: number;
  minAge?: number;
  /** The organiser's WhatsApp (a 0000 number: assigned to nobody in Costa Rica). */
  organizerWhatsapp?: string;
}

export const demoEvents: DemoEvent[] = [
  {
    slug: "demo-flamingo-farmers-market",
    titleEn: "Flamingo Farmers' Market (demo)",
    titleEs: "Feria del agricultor de Flamingo (demo)",
    descriptionEn:
      "Fruit, vegetables, bread, cheese and crafts from growers around Santa Cruz. Bring your own bags; cash and SINPE Móvil accepted.",
    descriptionEs:
      "Frutas, verduras, pan, queso y artesanías de productores de la zona de Santa Cruz. Traiga sus bolsas; se acepta efectivo y SINPE Móvil.",
    category: "market",
    areaSlug: "playa-flamingo",
    weekday: 6,
    start: "08:00",
    end: "12:00",
    repeat: "weekly",
    weeks: 10,
    venueName: "Flamingo Marina parking lot",
    venueAddress: "Marina Flamingo, next to the fuel dock",
    latitude: 10.4313,
    longitude: -85.7866,
  },
  {
    slug: "demo-sunset-yoga",
    organizerWhatsapp: "+50600002101",
    titleEn: "Sunset yoga on the beach (demo)",
    titleEs: "Yoga al atardecer en la playa (demo)",
    descriptionEn: "An hour of gentle flow for every level as the sun goes down. Mats available; bring water.",
    descriptionEs: "Una hora de yoga suave para todos los niveles mientras se pone el sol. Hay mats; traiga agua.",
    category: "yoga",
    areaSlug: "playa-flamingo",
    weekday: 2,
    start: "17:00",
    end: "18:00",
    repeat: "weekly",
    weeks: 8,
    venueName: "North end of Playa Flamingo",
    venueAddress: "By the lifeguard tower",
    latitude: 10.4362,
    longitude: -85.7938,
    costMinor: 1000,
    costCurrency: "USD",
    maxAttendees: 15,
  },
  {
    slug: "demo-reggae-night",
    titleEn: "Live reggae night (demo)",
    titleEs: "Noche de reggae en vivo (demo)",
    descriptionEn: "Local band Raíces on stage from 8 pm. Free entry; 18 and over.",
    descriptionEs: "La banda local Raíces en tarima desde las 8 p. m. Entrada gratis; solo mayores de 18.",
    category: "nightlife",
    areaSlug: "playa-flamingo",
    weekday: 5,
    start: "20:00",
    end: "23:30",
    repeat: "none",
    venueBusinessSlug: "marina-sunset-grill",
    venueName: "",
    venueAddress: "",
    minAge: 18,
  },
  {
    slug: "demo-brasilito-beach-clean-up",
    titleEn: "Brasilito beach clean-up (demo)",
    titleEs: "Limpieza de playa en Brasilito (demo)",
    descriptionEn: "Gloves and bags provided. Meet at the soccer field; coffee afterwards.",
    descriptionEs: "Se dan guantes y bolsas. Nos vemos en la plaza de fútbol; café al terminar.",
    category: "charity",
    areaSlug: "brasilito",
    weekday: 0,
    start: "07:00",
    end: "09:00",
    repeat: "monthly",
    weeks: 20,
    venueName: "Brasilito soccer field",
    venueAddress: "Across from the beach entrance",
    latitude: 10.4127,
    longitude: -85.7975,
  },
  {
    slug: "demo-kids-surf-clinic",
    organizerWhatsapp: "+50600002102",
    titleEn: "Kids' surf clinic (demo)",
    titleEs: "Clínica de surf para niños (demo)",
    descriptionEn:
      "Two hours in the white water with certified instructors, boards and rash guards included. Ages 7 to 14.",
    descriptionEs: "Dos horas en la espuma con instructores certificados; incluye tablas y licras. De 7 a 14 años.",
    category: "surf",
    areaSlug: "surfside",
    weekday: 6,
    start: "09:00",
    end: "11:00",
    repeat: "none",
    venueName: "Playa Potrero, south end",
    venueAddress: "Surfside, beach access by the bus stop",
    latitude: 10.4495,
    longitude: -85.7755,
    costMinor: 1_500_000,
    costCurrency: "CRC",
    maxAttendees: 8,
  },
  {
    slug: "demo-spanish-english-exchange",
    titleEn: "Spanish–English conversation exchange (demo)",
    titleEs: "Intercambio de conversación español–inglés (demo)",
    descriptionEn: "Half the evening in Spanish, half in English. Every level welcome; first drink on the house.",
    descriptionEs:
      "La mitad de la noche en español y la otra mitad en inglés. Todos los niveles; la primera bebida va por la casa.",
    category: "workshop",
    areaSlug: "playa-flamingo",
    weekday: 3,
    start: "18:00",
    end: "19:30",
    repeat: "weekly",
    weeks: 6,
    venueName: "Community room, Flamingo",
    venueAddress: "Second floor, Centro Comercial Flamingo",
    maxAttendees: 12,
  },
];

function nextWeekday(today: string, weekday: number): string {
  const current = new Date(`${today}T12:00:00Z`).getUTCDay();
  return addDays(today, (weekday - current + 7) % 7 || 7);
}

export async function seedEvents(db: Db) {
  const today = todayKey();
  for (const demo of demoEvents) {
    const [existing] = await db.select({ id: events.id }).from(events).where(eq(events.slug, demo.slug));
    if (existing) continue;
    const day = nextWeekday(today, demo.weekday);
    const start = parseWallTime(day, demo.start);
    const end = parseWallTime(day, demo.end);
    if (!start || !end) continue;
    const startsAt = wallTimeToInstant(start);
    const endsAt = wallTimeToInstant(end);
    const rrule =
      demo.repeat === "none" ? null : buildRule({ repeat: demo.repeat, untilDay: addDays(day, 7 * (demo.weeks ?? 8)) });
    let venue = { businessId: null as string | null, name: demo.venueName, address: demo.venueAddress };
    let coordinates = { latitude: demo.latitude ?? null, longitude: demo.longitude ?? null };
    if (demo.venueBusinessSlug) {
      const [business] = await db
        .select({
          id: businesses.id,
          name: businesses.name,
          address: businesses.address,
          latitude: businesses.latitude,
          longitude: businesses.longitude,
        })
        .from(businesses)
        .where(eq(businesses.slug, demo.venueBusinessSlug));
      if (business) {
        venue = { businessId: business.id, name: business.name, address: business.address };
        coordinates = { latitude: business.latitude, longitude: business.longitude };
      } else {
        venue = { businessId: null, name: "Marina Sunset Grill", address: "Marina Flamingo" };
      }
    }
    const [row] = await db
      .insert(events)
      .values({
        slug: demo.slug,
        titleEn: demo.titleEn,
        titleEs: demo.titleEs,
        descriptionEn: demo.descriptionEn,
        descriptionEs: demo.descriptionEs,
        category: demo.category,
        areaSlug: demo.areaSlug,
        startsAt,
        endsAt,
        allDay: demo.allDay ?? false,
        repeat: rrule ? demo.repeat : "none",
        rrule,
        venueBusinessId: venue.businessId,
        venueName: venue.name,
        venueAddress: venue.address,
        ...coordinates,
        costMinor: demo.costMinor ?? null,
        costCurrency: demo.costCurrency ?? "USD",
        maxAttendees: demo.maxAttendees ?? null,
        minAge: demo.minAge ?? null,
        contactEmail: "events@demo.playahub.test",
        organizerWhatsapp: demo.organizerWhatsapp ?? null,
        status: "published",
        isDemo: true,
      })
      .onConflictDoNothing({ target: events.slug })
      .returning({ id: events.id });
    if (!row) continue;
    const planned = expandOccurrences({ startsAt, endsAt, rrule });
    await db
      .insert(eventOccurrences)
      .values(planned.map((o) => ({ eventId: row.id, occurrenceKey: o.key, startsAt: o.startsAt, endsAt: o.endsAt })));
    await indexEvent(row.id, db);
  }
}

/** The category drawing (app/assets/illustrations) each kind of event is drawn from. */
const eventDrawings: Record<string, string> = {
  market: "retail",
  nightlife: "entertainment",
  music: "entertainment",
  workshop: "education",
  yoga: "health",
  surf: "education",
  charity: "services",
};

/**
 * Gives every demo event without a photo a drawing (see demo-covers.ts: a drawing with a "Demo
 * image" ribbon, never a photo), stored like an organiser's upload. Idempotent.
 */
export async function seedDemoEventDrawings(db: Db) {
  const bare = await db
    .select({ id: events.id, slug: events.slug, title: events.titleEn, category: events.category })
    .from(events)
    .where(
      and(
        eq(events.isDemo, true),
        isNull(events.photoUrl),
        inArray(
          events.slug,
          demoEvents.map((event) => event.slug),
        ),
      ),
    );
  const stored: (StoredCover & { eventId: string })[] = [];
  try {
    await twoAtATime(bare, async (event) => {
      const cover = await storeDemoDrawing(
        { slug: event.slug, name: event.title, category: eventDrawings[event.category] ?? "default" },
        { prefix: "events", widths: eventPhotoWidths, maxBytes: eventPhotoMaxBytes },
      );
      stored.push({ ...cover, eventId: event.id });
    });
    for (const cover of stored) {
      // The page shows the largest stored width, as it does for an organiser's upload.
      const photoUrl = storageUrl(`${cover.key}-${Math.max(...cover.widths)}.webp`);
      await db.update(events).set({ photoUrl }).where(eq(events.id, cover.eventId));
    }
  } catch (error) {
    for (const cover of stored) await deleteImageVariants(cover.key, cover.widths);
    throw error;
  }
}
