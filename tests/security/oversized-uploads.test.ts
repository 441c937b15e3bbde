// A photo over the upload limit, posted as a browser without scripts posts it: the whole HTTP stack
// (body limits, input checks, the router) answers with the form again, its message at the photo
// field in the page's language and what was typed kept, never a bare "Payload Too Large" page.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { classifiedAds } from "#app/features/classifieds/schema";
import { getDb } from "#app/lib/db.server";
import { signInCookie } from "#root/tests/factories/accounts";
import { createMember } from "#root/tests/factories/moderation";
import { startTestServer } from "./support/server";

const server = startTestServer();
let cookie = "";

beforeAll(async () => {
  cookie = await signInCookie((await createMember({ firstName: "Sol" })).email);
});

// 20 MB that starts like a PNG, as a phone's screenshot would.
const bigPhoto = new Uint8Array(20 * 1024 * 1024);
bigPhoto.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function adForm(title: string, language: "en" | "es") {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title,
    description: "Casi nueva, con funda y quillas. Se entrega en Playa Flamingo por la tarde.",
    language,
    category: "free",
    currency: "CRC",
    area: "playa-flamingo",
    phone: "",
    rules: "on",
  }))
    form.append(name, value);
  form.append("photos", new File([bigPhoto], "captura.png", { type: "image/png" }));
  return form;
}

describe("a photo over the upload limit", () => {
  it.each([
    ["es", "/es/classifieds/new", "Cada foto debe pesar menos de"],
    ["en", "/classifieds/new", "Each photo must be smaller than"],
  ] as const)(
    "comes back as the form with its message, in %s, what was typed kept",
    async (language, path, message) => {
      const title = `Tabla de surf ${language} ${Date.now().toString(36)}`;
      const response = await server.request(path, {
        method: "POST",
        headers: { origin: server.origin, cookie },
        body: adForm(title, language),
      });
      const html = await response.text();
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(html).toContain(message);
      expect(html).toContain(`value="${title}"`);
      expect(html).not.toContain("Payload Too Large");
      expect(await getDb().select().from(classifiedAds).where(eq(classifiedAds.title, title))).toEqual([]);
    },
  );

  it("answers the same on the page's data URL, which a browser with scripts posts to", async () => {
    const response = await server.request("/es/classifieds/new.data", {
      method: "POST",
      headers: { origin: server.origin, cookie },
      body: adForm("Tabla de surf data", "es"),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("classifieds:form.errors.image.size");
  });
});
