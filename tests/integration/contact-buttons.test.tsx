import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { classifiedAds } from "#app/features/classifieds/schema";
import { createEvent, updateEvent } from "#app/features/events/events.server";
import { eventSchema } from "#app/features/events/forms";
import { events } from "#app/features/events/schema";
import { properties } from "#app/features/realestate/schema";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import * as adPage from "#app/routes/_public/classifieds/$slug";
import * as eventPage from "#app/routes/_public/events/$slug";
import * as newEventPage from "#app/routes/_public/events/new";
import * as propertyPage from "#app/routes/_public/real-estate/$slug";
import { signInCookie } from "#tests/factories/accounts";
import { createTestAd } from "#tests/factories/classifieds";
import { createMember } from "#tests/factories/moderation";
import { createTestProperty } from "#tests/factories/realestate";
import { postForm } from "#tests/factories/route-calls";
import { type RouteModule, renderRoute } from "#tests/support/render-route";

// WhatsApp first, with a greeting naming the ad or the event in the page's language, and phone
// numbers as tel: links in E.164 shown the Costa Rican way, on classified ads and events.

beforeAll(() => clearRateLimitersForTests());

function hrefs(html: string, pattern: RegExp) {
  return [...html.matchAll(/href="([^"]*)"/g)]
    .map((match) => match[1].replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&"))
    .filter((href) => pattern.test(href));
}

function day(offsetDays: number) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Costa_Rica" }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
}

const eventForm = (overrides: Record<string, string> = {}) => ({
  intent: "create",
  titleEn: "Salsa night + live band",
  titleEs: "Noche de salsa + banda en vivo",
  descriptionEn: "Dance on the sand.",
  descriptionEs: "Baile en la arena.",
  category: "music",
  area: "playa-flamingo",
  startDay: day(4),
  startTime: "19:00",
  endTime: "22:00",
  repeat: "none",
  venueName: "Beach bar",
  venueAddress: "200 m norte de la iglesia",
  latitude: "10.4326",
  longitude: "-85.7891",
  currency: "USD",
  contactEmail: "salsa@example.test",
  ...overrides,
});

describe("a classified ad", () => {
  it("puts WhatsApp first with a greeting naming the ad when the seller opts in, and dials in E.164", async () => {
    const ad = await createTestAd({ authorId: null, title: "Surfboard 7'2\" + leash" });
    await getDb()
      .update(classifiedAds)
      .set({ phone: "8888 1234", showPhone: true, whatsapp: true })
      .where(eq(classifiedAds.id, ad.id));
    for (const [prefix, text] of [
      ["", "Hello! I saw your ad “Surfboard 7'2\" + leash” on Playa Hub. Is it still available?"],
      ["/es", "¡Hola! Vi su anuncio “Surfboard 7'2\" + leash” en Playa Hub. ¿Todavía está disponible?"],
    ] as const) {
      const { html } = await renderRoute(
        adPage as RouteModule,
        `${prefix}/classifieds/:slug`,
        `${prefix}/classifieds/${ad.slug}`,
      );
      const box = html.slice(html.indexOf('data-testid="seller-phone"'));
      const [whatsapp] = hrefs(box, /wa\.me/);
      expect(whatsapp).toBe(`https://wa.me/50688881234?text=${encodeURIComponent(text)}`);
      expect(whatsapp).toContain("%2B%20leash");
      expect(box.indexOf("wa.me")).toBeLessThan(box.indexOf("tel:"));
      expect(hrefs(box, /^tel:/)).toEqual(["tel:+50688881234"]);
      expect(box).toContain("+506 8888-1234");
    }
  });

  it("shows no WhatsApp button when the seller did not opt in", async () => {
    const ad = await createTestAd({ authorId: null });
    await getDb()
      .update(classifiedAds)
      .set({ phone: "2654 1234", showPhone: true, whatsapp: false })
      .where(eq(classifiedAds.id, ad.id));
    const { html } = await renderRoute(adPage as RouteModule, "/classifieds/:slug", `/classifieds/${ad.slug}`);
    expect(html).not.toContain("wa.me");
    expect(hrefs(html, /^tel:/)).toEqual(["tel:+50626541234"]);
  });
});

describe("an event", () => {
  it("takes the organiser's WhatsApp on the form, stores it in E.164 and offers chat, a call and Waze", async () => {
    const organiser = await createMember({ firstName: "Olga" });
    const cookie = await signInCookie(organiser.email);
    const posted = await postForm(newEventPage, "/events/new", eventForm({ organizerWhatsapp: "8888-1234" }), cookie);
    expect(posted.status).toBe(302);
    const [row] = await getDb().select().from(events).where(eq(events.contactEmail, "salsa@example.test"));
    expect(row.organizerWhatsapp).toBe("+50688881234");
    for (const [prefix, text] of [
      ["", "Hello! I have a question about “Salsa night + live band”, which I saw on Playa Hub."],
      ["/es", "¡Hola! Tengo una consulta sobre “Noche de salsa + banda en vivo”, que vi en Playa Hub."],
    ] as const) {
      const { html } = await renderRoute(
        eventPage as RouteModule,
        `${prefix}/events/:slug`,
        `${prefix}/events/${row.slug}`,
      );
      const box = html.slice(html.indexOf('data-testid="organiser-contact"'));
      expect(hrefs(box, /wa\.me/)[0]).toBe(`https://wa.me/50688881234?text=${encodeURIComponent(text)}`);
      expect(hrefs(box, /^tel:/)[0]).toBe("tel:+50688881234");
      expect(box).toContain("+506 8888-1234");
      expect(hrefs(html, /waze\.com/)).toEqual(["https://waze.com/ul?ll=10.4326,-85.7891&navigate=yes"]);
      expect(hrefs(html, /google\.com\/maps\/dir/)).toEqual([
        "https://www.google.com/maps/dir/?api=1&destination=10.4326%2C-85.7891",
      ]);
    }
  });

  it("refuses a number that cannot be dialled in the user's language, keeping what was typed", async () => {
    const organiser = await createMember({ firstName: "Olga" });
    const cookie = await signInCookie(organiser.email);
    const result = await postForm(
      newEventPage,
      "/es/events/new",
      eventForm({ organizerWhatsapp: "llámeme", contactEmail: "refused@example.test" }),
      cookie,
    );
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.data)).toContain("events:form.errors.whatsapp");
    expect(result.data?.result?.initialValue?.organizerWhatsapp).toBe("llámeme");
    expect(await getDb().select().from(events).where(eq(events.contactEmail, "refused@example.test"))).toHaveLength(0);
  });

  it("the organiser changes or removes the number by editing the event", async () => {
    const organiser = await createMember({ firstName: "Olga" });
    const actor = { id: organiser.id, role: "user" } as const;
    const created = await createEvent({
      actor,
      input: eventSchema.parse(eventForm({ organizerWhatsapp: "+506 8888 1234", contactEmail: "edit@example.test" })),
    });
    const input = (organizerWhatsapp: string) =>
      eventSchema.parse(eventForm({ intent: "update", organizerWhatsapp, contactEmail: "edit@example.test" }));
    await updateEvent({ actor, eventId: created.id, input: input("2654-1234") });
    const [changed] = await getDb().select().from(events).where(eq(events.id, created.id));
    expect(changed.organizerWhatsapp).toBe("+50626541234");
    await updateEvent({ actor, eventId: created.id, input: input("") });
    const [removed] = await getDb().select().from(events).where(eq(events.id, created.id));
    expect(removed.organizerWhatsapp).toBeNull();
  });

  it("an event without an organiser number or coordinates shows neither WhatsApp nor Waze", async () => {
    const organiser = await createMember({ firstName: "Olga" });
    const created = await createEvent({
      actor: { id: organiser.id, role: "user" },
      input: eventSchema.parse(eventForm({ latitude: "", longitude: "", contactEmail: "plain@example.test" })),
    });
    const { html } = await renderRoute(eventPage as RouteModule, "/events/:slug", `/events/${created.slug}`);
    // The page's own share button opens WhatsApp with no number; no chat with anyone is offered.
    expect(html).not.toMatch(/wa\.me\/\d/);
    expect(html).not.toContain("waze.com");
    expect(html).not.toContain('data-testid="organiser-contact"');
  });
});

describe("a property", () => {
  it("dials the lister's number in E.164 and shows it the Costa Rican way", async () => {
    const owner = await createMember({ firstName: "Rita" });
    const property = await createTestProperty({ ownerId: owner.id });
    await getDb()
      .update(properties)
      .set({ contactPhone: "8888 1234", preferredContact: "whatsapp" })
      .where(eq(properties.id, property.id));
    const { html } = await renderRoute(
      propertyPage as RouteModule,
      "/real-estate/:slug",
      `/real-estate/${property.slug}`,
    );
    expect(hrefs(html, /^tel:/)).toEqual(["tel:+50688881234"]);
    expect(html).toContain("+506 8888-1234");
  });
});
