import { describe, expect, it } from "vitest";
import en from "#app/locales/en/common.json";
import es from "#app/locales/es/common.json";
import { formatPhone, googleMapsHref, phoneE164, telHref, wazeHref, whatsappHref } from "./contact-links";

function greeting(template: string, values: Record<string, string>) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
}

describe("phone numbers", () => {
  it("reads a Costa Rican number however it was typed as +506 and eight digits", () => {
    for (const typed of [
      "2654 1234",
      "2654-1234",
      "+506 2654 1234",
      "(506) 2654-1234",
      "506 26541234",
      "00506 2654 1234",
    ]) {
      expect(phoneE164(typed), typed).toBe("+50626541234");
    }
  });

  it("keeps another country's number in E.164 and refuses what cannot be dialled", () => {
    expect(phoneE164("+1 (555) 010-2030")).toBe("+15550102030");
    expect(phoneE164("+506 2654")).toBeNull();
    expect(phoneE164("call me")).toBeNull();
    expect(phoneE164("")).toBeNull();
    expect(phoneE164(null)).toBeNull();
  });

  it("shows a Costa Rican number the local way and dials it in E.164", () => {
    expect(formatPhone("26541234")).toBe("+506 2654-1234");
    expect(formatPhone("+506 8888 1234")).toBe("+506 8888-1234");
    expect(formatPhone("+1 555 010 2030")).toBe("+15550102030");
    expect(telHref("2654-1234")).toBe("tel:+50626541234");
    expect(telHref("+1 555 010 2030")).toBe("tel:+15550102030");
    expect(telHref("12")).toBeNull();
  });
});

describe("WhatsApp click-to-chat", () => {
  it("opens wa.me at the number's digits with the English greeting naming the listing", () => {
    const text = greeting(en.contactLinks.greeting.business, { name: "Surf + Yoga Flamingo", siteName: "Playa Hub" });
    const href = whatsappHref("8888 1234", text);
    expect(href).toBe(`https://wa.me/50688881234?text=${encodeURIComponent(text)}`);
    // The "+" of the name is %2B (a bare "+" would read as a space) and spaces are %20.
    expect(href).toContain("Surf%20%2B%20Yoga%20Flamingo");
    expect(new URL(href ?? "").searchParams.get("text")).toBe(
      "Hello! I found Surf + Yoga Flamingo on Playa Hub and I'd like to ask you something.",
    );
  });

  it("greets in Spanish for a Spanish page, accents and quotes encoded", () => {
    const text = greeting(es.contactLinks.greeting.ad, { name: "Tabla de surf 7'2\"", siteName: "Playa Hub" });
    const href = whatsappHref("+506 8888-1234", text) ?? "";
    expect(href.startsWith("https://wa.me/50688881234?text=")).toBe(true);
    expect(href).not.toMatch(/[\s"“”¡¿]/);
    expect(new URL(href).searchParams.get("text")).toBe(
      "¡Hola! Vi su anuncio “Tabla de surf 7'2\"” en Playa Hub. ¿Todavía está disponible?",
    );
    const event = greeting(es.contactLinks.greeting.event, { name: "Noche de salsa", siteName: "Playa Hub" });
    expect(new URL(whatsappHref("88881234", event) ?? "").searchParams.get("text")).toContain("“Noche de salsa”");
  });

  it("offers no chat for a number that cannot be dialled", () => {
    expect(whatsappHref("n/a", "Hello")).toBeNull();
  });
});

describe("directions", () => {
  const place = { latitude: 10.4326, longitude: -85.7891, name: "Marina Sunset Grill", address: "Marina" };

  it("drives with Waze to the coordinates", () => {
    expect(wazeHref(place)).toBe("https://waze.com/ul?ll=10.4326,-85.7891&navigate=yes");
    expect(wazeHref({ latitude: null, longitude: null })).toBeNull();
    expect(wazeHref({ latitude: 91, longitude: 0 })).toBeNull();
  });

  it("opens Google Maps at the coordinates, or at the name and address without them", () => {
    expect(googleMapsHref(place)).toBe("https://www.google.com/maps/dir/?api=1&destination=10.4326%2C-85.7891");
    expect(googleMapsHref({ ...place, latitude: null, longitude: null })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=Marina%20Sunset%20Grill%2C%20Marina",
    );
  });
});
