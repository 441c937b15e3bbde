import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { createUser, expect, signInAs, type TestUser, test } from "./support/fixtures";
import { hydrate } from "./support/hydrate";

const copy = {
  en: {
    title: "Beach report",
    nav: "Beach Report",
    tides: "Tides",
    week: "Next 7 days",
    sky: "Sun and moon",
    unit: /\d ft \(\d/,
    navigation: /not for navigation/,
    best: /Best time/,
  },
  es: {
    title: "Reporte de playa",
    nav: "Reporte de playa",
    tides: "Mareas",
    week: "Próximos 7 días",
    sky: "Sol y luna",
    unit: /\d m \(\d/,
    navigation: /no son para navegación/,
    best: /Mejor momento/,
  },
} as const;

for (const language of ["en", "es"] as const) {
  test(`[VISITOR] reads today's tides, sun and moon for a beach (${language})`, async ({ page }) => {
    const text = copy[language];
    const prefix = language === "es" ? "/es" : "";
    await page.goto(`${prefix}/beach-report`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title);
    await expect(page.getByRole("heading", { name: text.tides })).toBeVisible();
    const turns = page.getByTestId("tide-turns").locator("li");
    expect(await turns.count()).toBeGreaterThanOrEqual(3);
    await expect(turns.first()).toContainText(text.unit);
    await expect(page.getByTestId("tide-curve")).toBeVisible();
    await expect(page.getByTestId("tide-table").locator("tbody tr")).toHaveCount(7);
    await expect(page.getByRole("heading", { name: text.sky })).toBeVisible();
    await expect(page.getByTestId("best-time")).toContainText(text.best);
    await expect(page.getByTestId("attribution")).toContainText(text.navigation);
    await expect(page.getByTestId("attribution")).toContainText("TWC0349");

    // The header's main navigation links to the page (the third of the five main links).
    const link = page.locator("header nav").first().getByRole("link", { name: text.nav });
    await expect(link).toHaveAttribute("href", `${prefix}/beach-report`);
    await expect(link).toHaveAttribute("aria-current", "page");

    // Another beach, then the next day, keep the page in the visitor's language.
    await page.getByRole("link", { name: "Playa Conchal" }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/beach-report\\?beach=playa-conchal`));
    await expect(page.getByTestId("beach-and-date")).toContainText("Playa Conchal");
  });
}

for (const path of ["/beach-report", "/es/beach-report?beach=playa-conchal"]) {
  test(`[VISITOR] ${path} has no accessibility violations and no console errors`, async ({ page }) => {
    // Console errors fail the test through the shared fixture.
    await page.goto(path);
    await expect(page.getByTestId("tide-curve")).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`),
    ).toEqual([]);
  });
}

test("[VISITOR] the best-time rule is explained in a tooltip on focus", async ({ page }) => {
  await page.goto("/beach-report");
  const tip = page.getByTestId("best-time").getByRole("tooltip").first();
  await expect(tip).toBeHidden();
  await page.getByTestId("best-time").getByRole("button", { name: "How is this worked out?" }).first().focus();
  await expect(tip).toBeVisible();
});

test("[VISITOR] the tide table, beach links, date form and unit switch work without JavaScript", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/beach-report?beach=playa-potrero");
  const table = page.getByTestId("tide-table");
  await expect(table.locator("tbody tr")).toHaveCount(7);
  await expect(table.locator("tbody tr").first()).toContainText(/High|Low/);
  await expect(page.getByTestId("tide-curve")).toBeVisible();

  await page.getByRole("link", { name: "Metres, °C" }).click();
  await expect(page).toHaveURL(/units=metric/);
  await expect(page.getByTestId("tide-turns").locator("li").first()).toContainText(/ m/);

  // A month from now, whenever the test runs.
  const later = new Date(Date.now() + 30 * 86_400_000);
  const iso = later.toLocaleDateString("en-CA", { timeZone: "America/Costa_Rica" });
  const label = later.toLocaleDateString("en-US", { timeZone: "America/Costa_Rica", dateStyle: "long" });
  await page.getByLabel("Date").fill(iso);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/beach=playa-potrero/);
  await expect(page).toHaveURL(new RegExp(`date=${iso}`));
  await expect(page.getByTestId("beach-and-date")).toContainText(label);
  await expect(page.getByRole("heading", { name: "Best time that day" })).toBeVisible();
  await context.close();
});

test("[VISITOR] a bad beach or date gets a clear message, and the JSON endpoint answers", async ({ page, request }) => {
  const response = await page.goto("/beach-report?beach=tamarindo");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("We don't have a beach called “tamarindo”");

  const api = await request.get("/api/v1/beach-report?beach=playa-flamingo");
  expect(api.status()).toBe(200);
  const body = await api.json();
  expect(body.beach.slug).toBe("playa-flamingo");
  expect(body.station.id).toBe("noaa/TWC0349");
  const bad = await request.get("/api/v1/beach-report?beach=playa-flamingo&date=2099-01-01");
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error.code).toBe("date_out_of_range");
});

test("[VISITOR] fits a 375 px phone and the home page shows today's beach", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto("/es/beach-report");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.goto("/es");
  const summary = page.getByTestId("beach-summary");
  await expect(summary).toContainText("Playa Flamingo");
  await expect(summary).toContainText("Sale el sol");
  await summary.getByRole("link", { name: "Reporte de playa completo" }).click();
  await expect(page).toHaveURL(/\/es\/beach-report\?beach=playa-flamingo/);
  await context.close();
});

test.describe
  .serial("trusted reporters", () => {
    let reporter: TestUser;

    test("[ADMIN] marks a user as a trusted beach reporter", async ({ page, request }) => {
      reporter = await createUser(request, { preferredLanguage: "es" });
      await signInAs(page, { roles: ["admin"] });
      await page.goto("/admin/beach-reporters");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trusted beach reporters");
      await page.getByLabel("Email of the account").fill(reporter.email);
      await page.getByRole("button", { name: "Make trusted reporter" }).click();
      await expect(page.getByTestId("beach-reporters")).toContainText(reporter.email);
    });

    test("[TRUSTED_REPORTER] posts a condition report with a photo and sees it as current", async ({ page }) => {
      const photo = await sharp({
        create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 140, b: 190 } },
      })
        .jpeg()
        .toBuffer();
      await signInAs(page, { user: reporter });
      await page.goto("/es/beach-report?beach=playa-brasilito");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reporte de playa");
      await page.getByText("Publicar un reporte de condiciones").click();
      const form = page.getByTestId("report-form");
      await expect(form).toBeVisible();
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
      await form.getByLabel("Tamaño de las olas").selectOption("chest");
      await form.getByLabel("Bandera").selectOption("green");
      await form.getByLabel("Aguamalas").selectOption("few");
      await form.getByLabel("Temperatura del agua").fill("500");
      await form.getByLabel("Nota").fill("Agua clarita en la punta norte 🐠");
      await form.getByRole("button", { name: "Publicar reporte" }).click();
      // Out-of-range temperature: a message next to the field, and what was typed is kept.
      await expect(form.getByText("Escriba una temperatura del agua entre 15 °C y 36 °C.")).toBeVisible();
      await expect(form.getByLabel("Nota")).toHaveValue("Agua clarita en la punta norte 🐠");

      await form.getByLabel("Temperatura del agua").fill("28,5");
      await form.getByLabel("Foto").setInputFiles({ name: "playa.jpg", mimeType: "image/jpeg", buffer: photo });
      await form.getByRole("button", { name: "Publicar reporte" }).click();

      await expect(page.getByTestId("toast")).toContainText("Reporte enviado. ¡Gracias, ya está publicado!");
      const current = page.getByTestId("current-report");
      await expect(current).toContainText("Al pecho");
      await expect(current).toContainText("Verde");
      await expect(current).toContainText("29 °C");
      await expect(current).toContainText("Agua clarita en la punta norte 🐠");
      await expect(current).toContainText(/ahora mismo|hace \d+ min/);
      const image = current.getByRole("img");
      await expect(image).toHaveAttribute("src", /^\/uploads\/beach\/[0-9a-f]{32}\.webp$/);
      // The photo loads lazily: bring it into view, then it is the re-encoded 1200 px image.
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);

      // English readers see it too, with the note marked as written in Spanish.
      await page.goto("/beach-report?beach=playa-brasilito");
      await expect(page.getByTestId("current-report")).toContainText("Chest high");
      await expect(page.getByTestId("current-report")).toContainText("Written in Spanish");
    });

    test("[USER] anyone signed in adds an unverified I'm here note; visitors are asked to sign in", async ({
      page,
    }) => {
      await page.goto("/beach-report?beach=playa-flamingo");
      await expect(page.getByRole("link", { name: "Sign in to add an “I'm here” note." })).toBeVisible();
      await expect(page.getByTestId("report-form")).toHaveCount(0);

      await signInAs(page, { roles: ["business_owner"] });
      await page.goto("/beach-report?beach=playa-flamingo");
      await expect(page.getByText("Condition reports are posted by admins and trusted local reporters.")).toBeVisible();
      const form = page.getByTestId("observation-form");
      await form.getByRole("button", { name: "Post note" }).click();
      await expect(form.getByText("Write a short note.")).toBeVisible();
      await form.getByLabel("What's it like right now?").fill("<b>Busy</b> near the rocks");
      await form.getByRole("button", { name: "Post note" }).click();
      const note = page.getByTestId("observations").locator("li").first();
      await expect(note).toContainText("Unverified");
      await expect(note).toContainText("<b>Busy</b> near the rocks");
    });
  });

// A report the browser lets through but the server refuses (a file that is not a photo), posted
// from a phone: the page brings the photo's message into view and focuses the photo field, as it
// does for every form, and keeps the note typed.
for (const language of ["en", "es"] as const) {
  const text = {
    en: {
      open: "Post a condition report",
      submit: "Post report",
      note: "Note",
      photo: "Photo",
      refused: "The photo must be a JPEG, PNG or WebP image.",
    },
    es: {
      open: "Publicar un reporte de condiciones",
      submit: "Publicar reporte",
      note: "Nota",
      photo: "Foto",
      refused: "La foto debe ser una imagen JPEG, PNG o WebP.",
    },
  }[language];
  test(`[TRUSTED_REPORTER] a refused report on a 375 px phone shows and focuses its message (${language})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await signInAs(page, { roles: ["admin"], preferredLanguage: language });
    await page.goto(`${language === "es" ? "/es" : ""}/beach-report?beach=playa-flamingo`);
    await hydrate(page);
    await page.getByText(text.open).click();
    const form = page.getByTestId("report-form");
    const note = `Mar picado en la punta ${language} ${Date.now().toString(36)}`;
    await form.getByLabel(text.note).fill(note);
    await form.getByLabel(text.photo).setInputFiles({
      name: "playa.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("this is a text file with a photo's name"),
    });
    await form.getByRole("button", { name: text.submit }).scrollIntoViewIfNeeded();
    await form.getByRole("button", { name: text.submit }).click();

    const message = form.locator("#beach-report-photo-error");
    await expect(message).toHaveText(text.refused);
    await expect(message).toBeInViewport();
    await expect(form.getByLabel(text.photo)).toBeFocused();
    await expect(form.getByLabel(text.note)).toHaveValue(note);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
}

// A message for the whole form rather than one field (here: the seventh note within the hour): no
// field is invalid for the form library to focus, so the page itself brings the message into view
// and focuses it, keeping the note typed.
for (const language of ["en", "es"] as const) {
  const text = {
    en: {
      label: "What's it like right now?",
      submit: "Post note",
      refused: /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    },
    es: {
      label: "¿Cómo está ahorita?",
      submit: "Publicar nota",
      refused: /^Demasiados intentos\. Espere \d+ minutos? e intente de nuevo\.$/,
    },
  }[language];
  test(`[USER] a note refused for the whole form on a 375 px phone shows and focuses its message (${language})`, async ({
    browser,
    request,
  }) => {
    const prefix = language === "es" ? "/es" : "";
    const path = `${prefix}/beach-report?beach=playa-flamingo`;
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await signInAs(page, { user: await createUser(request, { preferredLanguage: language }) });
    // Six notes within the hour, the most one person may post (posted as the form posts them).
    const origin = new URL(test.info().project.use.baseURL ?? "").origin;
    for (let note = 1; note <= 6; note += 1) {
      const posted = await page.request.post(path, {
        form: { intent: "observation", note: `Nota ${note}` },
        headers: { origin },
        maxRedirects: 0,
      });
      expect(posted.status()).toBe(302);
    }
    await page.goto(path);
    await hydrate(page);
    const form = page.getByTestId("observation-form");
    const note = `Mucha gente en la punta ${language} ${Date.now().toString(36)}`;
    await form.getByLabel(text.label).fill(note);
    await form.getByRole("button", { name: text.submit }).click();

    const message = form.getByRole("alert");
    await expect(message).toHaveText(text.refused);
    await expect(message).toBeInViewport();
    await expect(message).toBeFocused();
    await expect(form.getByLabel(text.label)).toHaveValue(note);
    await context.close();
  });
}
