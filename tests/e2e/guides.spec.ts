import AxeBuilder from "@axe-core/playwright";
import { expect, signInAs, test } from "./support/fixtures";
import { hydrate } from "./support/hydrate";

// The offline pages are the service worker's: it runs here (the config blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

// Guides and public information: every page in both languages, the emergency page offline, the
// contact form with good and hostile input (with and without JavaScript), and content management.

const pages = [
  { path: "/pura-vida", en: "Pura Vida: local culture", es: "Pura vida: cultura local" },
  { path: "/guide", en: "Newcomer guide", es: "Guía para recién llegados" },
  { path: "/emergency", en: "Emergency contacts", es: "Contactos de emergencia" },
  { path: "/government", en: "Local government", es: "Gobierno local" },
  { path: "/transportation", en: "Transportation", es: "Transporte" },
  { path: "/healthcare", en: "Healthcare", es: "Salud" },
  { path: "/about", en: "About Playa Hub", es: "Acerca de Playa Hub" },
  { path: "/guidelines", en: "Community guidelines", es: "Normas de la comunidad" },
  { path: "/privacy", en: "Privacy policy", es: "Política de privacidad" },
  { path: "/contact", en: "Contact us", es: "Contáctenos" },
  { path: "/sitemap", en: "Sitemap", es: "Mapa del sitio" },
];

// Console errors and uncaught page errors fail every test here through the shared fixture.

for (const { path, en, es } of pages) {
  for (const language of ["en", "es"] as const) {
    const url = language === "es" ? `/es${path}` : path;
    test(`[VISITOR] ${url} answers 200 in ${language} with its headings, no console errors and no accessibility violations`, async ({
      page,
    }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(language === "es" ? es : en);
      expect(await page.getByRole("heading", { level: 2 }).count()).toBeGreaterThan(0);
      await hydrate(page);
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`),
      ).toEqual([]);
    });
  }
}

test("[VISITOR] the guide pages fit a 375 px phone and link to each other in the visitor's language", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  for (const url of ["/emergency", "/es/guide", "/es/contact", "/sitemap"]) {
    await page.goto(url);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, url).toBeLessThanOrEqual(375);
  }
  await page.goto("/es/pura-vida");
  await expect(page.locator('a[href="/es/emergency"]').first()).toBeAttached();
  await page.goto("/es/guide");
  await page
    .getByRole("navigation", { name: "En esta página" })
    .getByRole("link", { name: "Dinero, bancos y SINPE Móvil" })
    .click();
  await expect(page).toHaveURL(/\/es\/guide#banking$/);
  await expect(page.getByRole("heading", { level: 2, name: "Dinero, bancos y SINPE Móvil" })).toBeInViewport();
  await context.close();
});

test("[VISITOR] emergency numbers come first, as tel: links, with the date they were checked", async ({ page }) => {
  await page.goto("/emergency");
  const call = page.getByRole("link", { name: "Call 911" }).first();
  await expect(call).toHaveAttribute("href", "tel:911");
  const numbers = page.getByRole("region", { name: "Emergency numbers" });
  await expect(numbers.getByRole("link", { name: /Fire brigade.*118/ })).toHaveAttribute("href", "tel:118");
  await expect(numbers.getByRole("link", { name: /Red Cross.*128/ })).toHaveAttribute("href", "tel:128");
  await expect(numbers.getByRole("link", { name: /Poison control.*2223-1028/ })).toHaveAttribute(
    "href",
    "tel:+50622231028",
  );
  await expect(numbers.getByText(/Last checked/).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Nearest hospitals and clinics" })).toContainText("Liberia");
  await expect(page.getByRole("heading", { name: "What to say on the phone" })).toBeVisible();
  // The numbers are above the longer sections.
  const numbersTop = await numbers.evaluate((element) => element.getBoundingClientRect().top);
  const sectionTop = await page.locator("#what-to-say").evaluate((element) => element.getBoundingClientRect().top);
  expect(numbersTop).toBeLessThan(sectionTop);
});

test("[VISITOR] the footer and the sitemap list the guide pages in the visitor's language", async ({ page }) => {
  await page.goto("/es");
  const footer = page.locator("footer");
  for (const name of [
    "Emergencias",
    "Gobierno local",
    "Transporte",
    "Salud",
    "Guía para recién llegados",
    "Acerca de",
    "Normas de la comunidad",
    "Privacidad",
    "Contáctenos",
  ]) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", /^\/es\//);
  }
  await page.goto("/es/sitemap");
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "Emergencias", exact: true })).toHaveAttribute("href", "/es/emergency");
  await expect(main.getByRole("link", { name: "Pura vida", exact: true })).toHaveAttribute("href", "/es/pura-vida");
  await expect(main.getByRole("link", { name: "Mapa del sitio", exact: true })).toHaveAttribute("href", "/es/sitemap");
});

test("[VISITOR] /emergency, /healthcare, /transportation and /guide open offline in both languages after a first visit", async ({
  browser,
  allowConsoleErrors,
}) => {
  test.slow();
  // Offline is the point: the browser logs each request that cannot leave, and React Router logs
  // that it could not fetch the route manifest for a link; the service worker still serves pages.
  allowConsoleErrors(/net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|Failed to fetch manifest patches/);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/emergency");
  await hydrate(page);
  // The worker registers about 5 s after load, then saves the essential pages.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const essential = [
    "/emergency",
    "/es/emergency",
    "/healthcare",
    "/es/healthcare",
    "/transportation",
    "/es/transportation",
    "/guide",
    "/es/guide",
  ];
  await expect
    .poll(
      () =>
        page.evaluate(
          async (urls) => (await Promise.all(urls.map((url) => caches.match(url)))).every(Boolean),
          essential,
        ),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
  await context.setOffline(true);

  await page.goto("/emergency");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Emergency contacts");
  await expect(page.getByRole("link", { name: "Call 911" }).first()).toHaveAttribute("href", "tel:911");
  // The stylesheet came from the cache too: the call button is red, not an unstyled link.
  const background = await page
    .getByRole("link", { name: "Call 911" })
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background).not.toBe("rgba(0, 0, 0, 0)");

  for (const [url, heading] of [
    ["/es/emergency", "Contactos de emergencia"],
    ["/healthcare", "Healthcare"],
    ["/es/healthcare", "Salud"],
    ["/transportation", "Transportation"],
    ["/es/transportation", "Transporte"],
    ["/guide", "Newcomer guide"],
    ["/es/guide", "Guía para recién llegados"],
  ]) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 }), url).toHaveText(heading);
  }
  // A page never opened is not available: the offline page says so (proving the network is off).
  await page.goto("/es/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Está sin conexión");
  await context.close();
});

test.describe("contact form", () => {
  test("[VISITOR] sends a message and confirms it", async ({ page }) => {
    await page.goto("/contact");
    await hydrate(page);
    await page.getByLabel("Your name").fill("Carlos Jiménez");
    await page.getByLabel("Your email").fill("carlos@example.com");
    await page.getByLabel("Subject").fill("Bus times to Santa Cruz");
    await page
      .getByRole("textbox", { name: "Message" })
      .fill("The Sunday timetable on the transportation page could mention the last bus back. ¡Pura vida! 🚌");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("We have received your message");
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
  });

  test("[VISITOR] hostile and invalid input get clear messages next to the fields and keep what was typed", async ({
    page,
  }) => {
    await page.goto("/es/contact");
    await hydrate(page);
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page.getByText("Escriba su nombre.")).toBeVisible();
    await expect(page.getByText("Escriba su correo electrónico.")).toBeVisible();

    const longName = "Ñ".repeat(300);
    await page.getByLabel("Su nombre").fill(longName);
    await page.getByLabel("Su correo electrónico").fill("no-es-un-correo");
    await page.getByLabel("Asunto").fill("'; DROP TABLE contact_messages; --");
    await page.getByRole("textbox", { name: "Mensaje" }).fill("corto");
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page.getByText("El nombre puede tener como máximo 100 caracteres.")).toBeVisible();
    await expect(page.getByText("Escriba un correo válido, como nombre@ejemplo.com.")).toBeVisible();
    await expect(page.getByText("Escriba al menos 10 caracteres.")).toBeVisible();
    await expect(page.getByLabel("Su nombre")).toHaveValue(longName);
    await expect(page.getByLabel("Asunto")).toHaveValue("'; DROP TABLE contact_messages; --");

    // HTML, script, SQL and emoji are just text: accepted, stored, never run.
    let dialog = false;
    page.on("dialog", async (opened) => {
      dialog = true;
      await opened.dismiss();
    });
    await page.getByLabel("Su nombre").fill("<script>alert('x')</script>");
    await page.getByLabel("Su correo electrónico").fill("prueba@example.com");
    await page.getByRole("textbox", { name: "Mensaje" }).fill('<img src=x onerror="alert(1)"> 1 OR 1=1; -- 🏝️🌊');
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page.getByRole("heading", { name: "Mensaje enviado" })).toBeVisible();
    expect(dialog).toBe(false);
  });

  test("[VISITOR] works without JavaScript: the server validates, keeps the input and confirms", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByLabel("Your name").fill("Sin JS");
    await page.getByLabel("Your email").fill("bad@");
    await page.getByLabel("Subject").fill("Hello");
    await page.getByRole("textbox", { name: "Message" }).fill("A message long enough to pass.");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Please enter a valid email address, like name@example.com.")).toBeVisible();
    await expect(page.getByLabel("Your name")).toHaveValue("Sin JS");
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("A message long enough to pass.");
    await page.getByLabel("Your email").fill("nojs@example.com");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
    await context.close();
  });
});

test.describe("content management", () => {
  test("[USER] a signed-in non-admin is sent away from the content editor", async ({ page }) => {
    await signInAs(page);
    await page.goto("/admin/content/emergency");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  // Saves a title of its own each run, so a retry after a failure past the save still means something.
  test("[ADMIN][EDIT_GUIDE]: admin previews and saves an English edit; the Spanish page is flagged as needing translation", async ({
    page,
  }) => {
    test.slow();
    const title = `Healthcare and clinics ${Date.now().toString(36).slice(-5)}`;
    await signInAs(page, { roles: ["admin"] });
    await page.goto("/admin/content");
    await expect(page.getByRole("heading", { level: 1, name: "Content management" })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
    await page.getByTestId("content-row-healthcare").getByRole("link", { name: "Edit English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Edit “Healthcare/);
    await hydrate(page);
    expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);

    await page.locator('input[name="title"]').fill(title);
    await page.getByLabel("Introduction").fill("**Call 911** in an emergency. <script>alert(1)</script>");
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("preview");
    await expect(preview).toContainText(title);
    await expect(preview.locator("strong").first()).toHaveText("Call 911");
    expect(await preview.locator("script").count()).toBe(0);
    // Nothing is saved by a preview.
    await page.goto("/healthcare");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Healthcare/);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(title);

    await page.goto("/admin/content/healthcare?lang=en");
    await hydrate(page);
    await page.locator('input[name="title"]').fill(title);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Saved. The page and the search index are updated.");
    await expect(page.getByTestId("translation-status")).toContainText("The Spanish text needs translation");
    await expect(page.getByTestId("revisions")).toContainText("title.en");

    await page.goto("/admin/content");
    await expect(page.getByTestId("content-row-healthcare").getByTestId("needs-translation")).toHaveText(
      "Spanish needs translation",
    );
    await page.goto("/es/healthcare");
    await expect(page.getByRole("note")).toContainText("La versión en inglés de esta página se actualizó");
    await page.goto("/healthcare");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });
});
