// A photo over the upload limit, posted as a browser without scripts posts it: the whole HTTP stack
// (body limits, input checks, the router) answers with the form again, its message at the photo
// field in the page's language and what was typed kept, never a bare "Payload Too Large" page or
// the error page. One row per route that renders a form posting files; a route that starts
// rendering one without a row here fails the first test.
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sinpeTransfers } from "#app/features/billing/schema";
import { classifiedAds } from "#app/features/classifieds/schema";
import { menuItems } from "#app/features/directory/schema";
import { getDb } from "#app/lib/db.server";
import { subscriptions } from "#app/platform/plans/schema";
import { createTestUser, sessionCookieFor } from "#root/tests/factories/accounts";
import { createBusiness } from "#root/tests/factories/directory";
import { createTestEvent } from "#root/tests/factories/events";
import { createMember } from "#root/tests/factories/moderation";
import { createTestProperty } from "#root/tests/factories/realestate";
import { uploadRoutes } from "#tests/support/upload-routes";
import { startTestServer } from "./support/server";

const server = startTestServer();

// 20 MB that starts like a PNG, as a phone's screenshot would.
const bigPhoto = new Uint8Array(20 * 1024 * 1024);
bigPhoto.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type Language = "en" | "es";

interface Post {
  cookie: string;
  /** The English path; the Spanish one is /es before it. */
  path: string;
  fields: Record<string, string>;
  /** The file input's name. */
  file: string;
  /** What was typed that the page must show again (an input's value or a textarea's text). */
  kept: string[];
}

interface UploadForm {
  /** The route module, from the repository root. */
  route: string;
  form: string;
  /** The message the photo field must show: "namespace:key". */
  message: string;
  prepare(language: Language): Promise<Post>;
}

const admin = async () => sessionCookieFor((await createTestUser({ roles: ["admin"] })).id);
const owner = async () => {
  const user = await createTestUser({ roles: ["business_owner"] });
  return { id: user.id, cookie: await sessionCookieFor(user.id) };
};
/** A listing whose plan runs ads of its own (Enterprise). */
async function advertiser(ownerId: string) {
  const business = await createBusiness({ owner: ownerId, premium: true });
  await getDb().insert(subscriptions).values({ userId: ownerId, businessId: business.id, planId: "enterprise" });
  return business;
}

const tag = (language: Language) => `${language} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function houseAd(headline: string, extra: Record<string, string> = {}) {
  return {
    intent: "save",
    headlineEn: `${headline} en`,
    headlineEs: `${headline} es`,
    bodyEn: "Fresh fish every morning, right on the beach.",
    bodyEs: "Pescado fresco cada mañana, frente a la playa.",
    targetUrl: "https://example.com/menu",
    pageKinds: "home",
    languages: "en",
    ...extra,
  };
}

/** An ad saved through its own form (without a picture): where the owner's or admin's page lands. */
async function savedAd(path: string, cookie: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const response = await server.request(path, { method: "POST", headers: { origin: server.origin, cookie }, body });
  const location = response.headers.get("location") ?? "";
  expect(response.status, await response.text()).toBe(302);
  return new URL(location, server.origin).pathname;
}

const forms: UploadForm[] = [
  {
    route: "app/routes/_public/classifieds/new.tsx",
    form: "posting a classified ad",
    message: "classifieds:form.errors.image.size",
    async prepare(language) {
      const member = await createMember({ firstName: "Sol" });
      const title = `Tabla de surf ${tag(language)}`;
      return {
        cookie: await sessionCookieFor(member.id),
        path: "/classifieds/new",
        fields: {
          title,
          description: "Casi nueva, con funda y quillas. Se entrega en Playa Flamingo por la tarde.",
          language,
          category: "free",
          currency: "CRC",
          area: "playa-flamingo",
          phone: "",
          rules: "on",
        },
        file: "photos",
        kept: [title],
      };
    },
  },
  {
    route: "app/routes/_public/list-business.tsx",
    form: "the listing wizard's photo step",
    message: "directory:errors.image.size",
    async prepare(language) {
      const user = await owner();
      const business = await createBusiness({ status: "draft", createdBy: user.id });
      const alt = `Terraza al atardecer ${tag(language)}`;
      return {
        cookie: user.cookie,
        path: `/list-business?id=${business.id}&step=photos`,
        fields: { intent: "photo-upload", altEn: `${alt} en`, altEs: alt },
        file: "photo",
        kept: [alt],
      };
    },
  },
  {
    route: "app/routes/dashboard/business/$businessId/photos.tsx",
    form: "a listing's photos",
    message: "directory:errors.image.size",
    async prepare(language) {
      const user = await owner();
      const business = await createBusiness({ owner: user.id });
      const alt = `Vista del bar ${tag(language)}`;
      return {
        cookie: user.cookie,
        path: `/dashboard/business/${business.id}/photos`,
        fields: { intent: "photo-upload", altEn: `${alt} en`, altEs: alt },
        file: "photo",
        kept: [alt],
      };
    },
  },
  {
    route: "app/routes/dashboard/menu/index.tsx",
    form: "a dish's photo",
    message: "directory:errors.image.size",
    async prepare() {
      const user = await owner();
      const business = await createBusiness({ owner: user.id, menu: [{ nameEn: "Ceviche" }] });
      const [item] = await getDb().select().from(menuItems).where(eq(menuItems.businessId, business.id));
      return {
        cookie: user.cookie,
        path: `/dashboard/menu?business=${business.id}`,
        fields: { intent: "menu-photo", itemId: item.id },
        file: "photo",
        kept: [],
      };
    },
  },
  {
    route: "app/routes/dashboard/events/$eventId.tsx",
    form: "an event's photo",
    message: "events:form.errors.photoSize",
    async prepare() {
      const user = await createTestUser();
      const { event } = await createTestEvent({ organizerId: user.id, status: "published" });
      return {
        cookie: await sessionCookieFor(user.id),
        path: `/dashboard/events/${event.id}`,
        fields: { intent: "photo" },
        file: "photo",
        kept: [],
      };
    },
  },
  {
    route: "app/routes/dashboard/properties.tsx",
    form: "a property's photo",
    message: "realestate:errors.image.size",
    async prepare(language) {
      const user = await createTestUser();
      const property = await createTestProperty({ ownerId: user.id });
      const alt = `Sala con vista al mar ${tag(language)}`;
      return {
        cookie: await sessionCookieFor(user.id),
        path: "/dashboard/properties",
        fields: { intent: "photo", propertyId: property.id, alt },
        file: "photo",
        kept: [alt],
      };
    },
  },
  {
    route: "app/routes/dashboard/ads/index.tsx",
    form: "an owner's new house ad",
    message: "ads:form.errors.image_size",
    async prepare(language) {
      const user = await owner();
      const business = await advertiser(user.id);
      const headline = `Ceviche del día ${tag(language)}`;
      return {
        cookie: user.cookie,
        path: `/dashboard/ads?business=${business.id}`,
        fields: houseAd(headline),
        file: "imageEs",
        kept: [`${headline} en`, `${headline} es`],
      };
    },
  },
  {
    route: "app/routes/dashboard/ads/$adId.tsx",
    form: "an owner's house ad",
    message: "ads:form.errors.image_size",
    async prepare(language) {
      const user = await owner();
      const business = await advertiser(user.id);
      const path = await savedAd(`/dashboard/ads?business=${business.id}`, user.cookie, houseAd("Primera versión"));
      const headline = `Ceviche del día ${tag(language)}`;
      return { cookie: user.cookie, path, fields: houseAd(headline), file: "imageEn", kept: [`${headline} es`] };
    },
  },
  {
    route: "app/routes/admin/ads/index.tsx",
    form: "an admin's new house ad",
    message: "ads:form.errors.image_size",
    async prepare(language) {
      const headline = `Aviso del sitio ${tag(language)}`;
      return {
        cookie: await admin(),
        path: "/admin/ads",
        fields: houseAd(headline),
        file: "imageEn",
        kept: [`${headline} en`, `${headline} es`],
      };
    },
  },
  {
    route: "app/routes/admin/ads/$adId.tsx",
    form: "an admin's house ad",
    message: "ads:form.errors.image_size",
    async prepare(language) {
      const cookie = await admin();
      const path = await savedAd("/admin/ads", cookie, houseAd("Primera versión"));
      const headline = `Aviso del sitio ${tag(language)}`;
      return { cookie, path, fields: houseAd(headline), file: "imageEs", kept: [`${headline} en`] };
    },
  },
  {
    route: "app/routes/_public/beach-report.tsx",
    form: "a beach condition report",
    message: "beach:form.errors.photo.size",
    async prepare(language) {
      const note = `Olas limpias, poca gente ${tag(language)}`;
      return {
        cookie: await admin(),
        path: "/beach-report",
        fields: { intent: "report", surfSize: "", note },
        file: "photo",
        kept: [note],
      };
    },
  },
  {
    route: "app/routes/dashboard/subscription.tsx",
    form: "a SINPE Móvil transfer's receipt photo",
    message: "billing:errors.receipt.size",
    async prepare() {
      const user = await owner();
      const business = await createBusiness({ owner: user.id });
      const code = `PH${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
      const [transfer] = await getDb()
        .insert(sinpeTransfers)
        .values({
          userId: user.id,
          businessId: business.id,
          planId: "premium",
          interval: "month",
          code,
          amountCrc: 24_500,
          amountUsdCents: 4_900,
          crcPerUsd: 500,
          rateOn: "2026-11-20",
        })
        .returning();
      const reference = `FT${Date.now().toString(36).toUpperCase()}`;
      return {
        cookie: user.cookie,
        path: "/dashboard/subscription",
        fields: { intent: "sinpe-reference", transferId: String(transfer.id), reference },
        file: "receipt",
        kept: [reference],
      };
    },
  },
  {
    route: "app/routes/admin/import-users.tsx",
    form: "the user import",
    message: "accounts:admin.importUsers.fileProblems.tooLarge",
    async prepare() {
      return {
        cookie: await admin(),
        path: "/admin/import-users",
        fields: { intent: "check" },
        file: "file",
        kept: [],
      };
    },
  },
];

/** The text of a key in a language, as its fixed parts (what surrounds each {{value}}), HTML-escaped as React writes them. */
function messageParts(language: Language, message: string): string[] {
  const [namespace, key] = message.split(":");
  const strings = JSON.parse(readFileSync(path.resolve("app/locales", language, `${namespace}.json`), "utf8"));
  const text = key.split(".").reduce((node, part) => node?.[part], strings);
  expect(typeof text, `${message} in ${language}`).toBe("string");
  return (text as string)
    .split(/\{\{[^}]+\}\}/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) =>
      part
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")
        .replace(/"/g, "&quot;")
        .replace(/'/g, "&#x27;"),
    );
}

/** The HTML of the form that holds the file input named `name`. */
function formWithFile(html: string, name: string): string {
  const input = html.search(
    new RegExp(`<input[^>]*type="file"[^>]*name="${name}"|<input[^>]*name="${name}"[^>]*type="file"`),
  );
  expect(input, `a file input named ${name}`).toBeGreaterThan(-1);
  const start = html.lastIndexOf("<form", input);
  const end = html.indexOf("</form>", input);
  return html.slice(start, end);
}

function post(language: Language, prepared: Post, file: File | null, suffix = "") {
  const body = new FormData();
  for (const [name, value] of Object.entries(prepared.fields)) body.append(name, value);
  if (file) body.append(prepared.file, file);
  const [pathname, search = ""] = prepared.path.split("?");
  const target = `${language === "es" ? "/es" : ""}${pathname}${suffix}${search ? `?${search}` : ""}`;
  return server.request(target, {
    method: "POST",
    headers: { origin: server.origin, cookie: prepared.cookie },
    body,
  });
}

describe("a photo over the upload limit", () => {
  it("has a row for every route that renders a form posting files", () => {
    expect(forms.map((form) => form.route).sort()).toEqual(uploadRoutes().sort());
  });

  describe.each(forms)("$form ($route)", (form) => {
    it.each(["en", "es"] as const)(
      "comes back as the form, in %s, with the size message at the file field and what was typed kept",
      async (language) => {
        const prepared = await form.prepare(language);
        const response = await post(language, prepared, new File([bigPhoto], "captura.png", { type: "image/png" }));
        const html = await response.text();
        expect(response.status).toBe(400);
        expect(response.headers.get("content-type")).toMatch(/^text\/html/);
        expect(html).not.toContain("Payload Too Large");
        expect(html).toContain(`<html lang="${language}"`);
        const at = formWithFile(html, prepared.file);
        for (const part of messageParts(language, form.message)) expect(at).toContain(part);
        for (const value of prepared.kept) expect(at).toContain(value);
      },
      60_000,
    );
  });

  it("keeps nothing of a refused ad: no row is written", async () => {
    const [classifieds] = forms;
    const prepared = await classifieds.prepare("es");
    await post("es", prepared, new File([bigPhoto], "captura.png", { type: "image/png" }));
    const title = prepared.fields.title;
    expect(await getDb().select().from(classifiedAds).where(eq(classifiedAds.title, title))).toEqual([]);
  });

  it("answers the same on the page's data URL, which a browser with scripts posts to", async () => {
    const prepared = await forms[0].prepare("es");
    const response = await post("es", prepared, new File([bigPhoto], "captura.png", { type: "image/png" }), ".data");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("classifieds:form.errors.image.size");
  });
});
