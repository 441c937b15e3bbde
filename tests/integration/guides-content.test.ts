import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { contactRateLimit, submitContactMessage } from "#app/features/guides/contact.server";
import { getGuidePage, listEmergencyNumbers, listPublicContacts } from "#app/features/guides/guides.server";
import { guideSlugs } from "#app/features/guides/pages";
import { contactMessages, guidePages } from "#app/features/guides/schema";
import { getDb } from "#app/lib/db.server";
import { isAppError } from "#app/lib/errors";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { searchSite } from "#app/lib/search/index.server";
import { hasPage } from "#app/manifests";
import { emailOutbox } from "#app/platform/outbox/schema";
import { siteSettings } from "#app/platform/site/schema";
import { seedGuides } from "#root/db/seed/guides/index";

describe("guide pages", () => {
  it("seeds every page in English and Spanish, with different text in each", async () => {
    for (const slug of guideSlugs) {
      const en = await getGuidePage({ slug, language: "en" });
      const es = await getGuidePage({ slug, language: "es" });
      expect(en.title, slug).toBeTruthy();
      expect(es.title, slug).toBeTruthy();
      expect(en.summary).not.toBe(es.summary);
      expect(en.sections.length).toBe(es.sections.length);
      expect(en.translationBehind).toBeNull();
    }
  });

  it("gives the newcomer guide its ten sections, each with an anchor, a date and a source", async () => {
    const guide = await getGuidePage({ slug: "guide", language: "en" });
    expect(guide.sections.map((section) => section.anchor)).toEqual([
      "arriving",
      "residency",
      "driving",
      "banking",
      "phones-and-internet",
      "utilities",
      "health-care",
      "schools",
      "safety",
      "seasons",
    ]);
    for (const section of guide.sections) {
      expect(section.lastVerifiedOn, section.anchor).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(section.sources.length, section.anchor).toBeGreaterThan(0);
    }
    expect(guide.sections.find((section) => section.anchor === "banking")?.html).toContain("SINPE Móvil");
  });

  it("renders the Pura Vida guide's topics, with internal links in the page's language", async () => {
    const page = await getGuidePage({ slug: "pura-vida", language: "es" });
    expect(page.sections.map((section) => section.anchor)).toEqual([
      "greetings",
      "customs",
      "tipping",
      "tico-time",
      "environment",
      "beach-safety",
      "community",
    ]);
    const html = page.sections.map((section) => section.html).join("");
    expect(html).toContain('href="tel:911"');
    expect(html).not.toMatch(/href="\/(?!es)/);
  });

  it("links to another feature's page only while that page exists", async () => {
    const page = await getGuidePage({ slug: "pura-vida", language: "en" });
    const beach = page.sections.find((section) => section.anchor === "beach-safety")?.html ?? "";
    expect(beach).toContain("beach report");
    expect(/href="\/beach-report"/.test(beach)).toBe(hasPage("beach-report"));
  });

  it("sends readers to the directory for private clinics and schools, in their language", async () => {
    const health = await getGuidePage({ slug: "healthcare", language: "es" });
    const privateCare = health.sections.find((section) => section.anchor === "private-care")?.html ?? "";
    expect(privateCare).toContain('href="/es/directory?category=health"');
    const guide = await getGuidePage({ slug: "guide", language: "en" });
    expect(guide.sections.find((section) => section.anchor === "schools")?.html).toContain(
      'href="/directory?category=education"',
    );
  });

  it("puts 911 first among the emergency numbers, as a tel: link", async () => {
    const numbers = await listEmergencyNumbers("en");
    expect(numbers[0]).toMatchObject({ phone: "911", tel: "tel:911" });
    expect(numbers.map((contact) => contact.phone)).toEqual(expect.arrayContaining(["118", "128", "2223-1028"]));
    const poison = numbers.find((contact) => contact.phone === "2223-1028");
    expect(poison?.tel).toBe("tel:+50622231028");
    expect(poison?.lastVerifiedOn).toBeTruthy();
    expect(poison?.source?.url).toMatch(/^https:\/\//);
  });

  it("lists hospitals as places without inventing phone numbers", async () => {
    const hospitals = await listPublicContacts({ language: "es", pageSlug: "healthcare" });
    expect(hospitals.map((contact) => contact.place)).toEqual(expect.arrayContaining(["Liberia", "Nicoya"]));
    for (const hospital of hospitals) {
      expect(hospital.phone).toBeNull();
      expect(hospital.businessUrl).toBeNull();
    }
  });

  it("is written into the site-wide search in both languages", async () => {
    const sinpe = await searchSite({ query: "SINPE Móvil", language: "en" });
    expect(sinpe.map((hit) => hit.url)).toContain("/guide#banking");
    const resaca = await searchSite({ query: "corrientes de resaca", language: "es" });
    expect(resaca.map((hit) => hit.url)).toContain("/es/pura-vida#beach-safety");
    const bomberos = await searchSite({ query: "bomberos", language: "es", kinds: ["public-contact"] });
    expect(bomberos[0]?.url).toBe("/es/emergency#contact-fire-118");
  });

  it("re-seeding leaves an edited page alone", async () => {
    await getDb().update(guidePages).set({ titleEn: "Edited title" }).where(eq(guidePages.slug, "about"));
    await seedGuides(getDb());
    expect((await getGuidePage({ slug: "about", language: "en" })).title).toBe("Edited title");
  });
});

describe("contact form", () => {
  const valid = {
    name: "Ana Rodríguez",
    email: "ana@example.com",
    subject: "Horario del EBAIS",
    message: "¿Saben si el EBAIS abre los sábados? ¡Gracias! 🌴",
  };

  beforeEach(() => clearRateLimitersForTests());

  it("stores the message and queues it by email to the site's contact address", async () => {
    await getDb().update(siteSettings).set({ contactEmail: "team@example.org" });
    const before = await getDb().select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.to, "team@example.org"));
    await expect(submitContactMessage({ input: valid, language: "es", ip: "203.0.113.1" })).resolves.toEqual({
      stored: true,
    });
    const [stored] = await getDb().select().from(contactMessages).where(eq(contactMessages.email, "ana@example.com"));
    expect(stored).toMatchObject({ name: "Ana Rodríguez", subject: "Horario del EBAIS", language: "es" });
    const after = await getDb().select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.to, "team@example.org"));
    expect(after[0].n).toBe(before[0].n + 1);
  });

  it("keeps hostile text as text", async () => {
    const hostile = {
      name: "<script>alert(1)</script>",
      email: "x@example.com",
      subject: "'; drop table contact_messages; --",
      message: `<img src=x onerror=alert(1)> ${"ñ".repeat(100)}`,
    };
    await submitContactMessage({ input: hostile, language: "en", ip: "203.0.113.2" });
    const [stored] = await getDb().select().from(contactMessages).where(eq(contactMessages.email, "x@example.com"));
    expect(stored.name).toBe(hostile.name);
    expect(stored.subject).toBe(hostile.subject);
  });

  it("refuses invalid input in the domain too", async () => {
    await expect(
      submitContactMessage({
        input: { ...valid, email: "not-an-email", message: "short" },
        language: "en",
        ip: "203.0.113.3",
      }),
    ).rejects.toThrow();
  });

  it("drops a message whose honeypot is filled, storing nothing", async () => {
    const result = await submitContactMessage({
      input: { ...valid, email: "bot@example.com", website: "http://spam.example" },
      language: "en",
      ip: "203.0.113.4",
    });
    expect(result).toEqual({ stored: false });
    const rows = await getDb().select().from(contactMessages).where(eq(contactMessages.email, "bot@example.com"));
    expect(rows).toHaveLength(0);
  });

  it("limits messages per IP address", async () => {
    for (let i = 0; i < contactRateLimit.points; i += 1) {
      await submitContactMessage({ input: valid, language: "en", ip: "203.0.113.5" });
    }
    const error = await submitContactMessage({ input: valid, language: "en", ip: "203.0.113.5" }).catch(
      (caught) => caught,
    );
    expect(isAppError(error) && error.code).toBe("rate_limited");
    // Another address is not affected.
    await expect(submitContactMessage({ input: valid, language: "en", ip: "203.0.113.6" })).resolves.toEqual({
      stored: true,
    });
  });
});
