import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "@playwright/test";
import { expect, signInAs, test } from "./support/fixtures";

// The directory end to end: search → filter → open a business → claim it → an admin approves →
// the new owner edits the hours, in English and in Spanish; the same on a 375 px phone; and the
// directory without JavaScript.

const copy = {
  en: {
    search: "Search",
    filters: "Filters and sorting",
    area: "Area",
    claim: "Claim this business",
    sendClaim: "Send claim",
    claimSent: "Claim sent",
    approve: "Approve",
    approved: "Claim approved",
    saveHours: "Save hours",
    saved: "Opening hours saved.",
    hours: "Opening hours",
    noResults: "No Businesses Found",
  },
  es: {
    search: "Buscar",
    filters: "Filtros y orden",
    area: "Zona",
    claim: "Reclamar este negocio",
    sendClaim: "Enviar solicitud",
    claimSent: "Solicitud enviada",
    approve: "Aprobar",
    approved: "Solicitud aprobada",
    saveHours: "Guardar horario",
    saved: "Horario guardado.",
    hours: "Horario",
    noResults: "No se encontraron negocios",
  },
} as const;

const cases = [
  {
    language: "en",
    query: "restuarant",
    area: "brasilito",
    business: "Heladería Coco Frío",
    slug: "heladeria-coco-frio",
  },
  {
    language: "es",
    query: "pescaderia",
    area: "playa-flamingo",
    business: "Pescadería Mar Azul",
    slug: "pescaderia-mar-azul",
  },
] as const;

async function approveClaim(browser: Browser, businessName: string, language: "en" | "es") {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const prefix = language === "es" ? "/es" : "";
    await signInAs(page, { roles: ["admin"] });
    await page.goto(`${prefix}/admin/claims`);
    const claim = page.getByTestId("admin-claim").filter({ hasText: businessName });
    await expect(claim).toBeVisible();
    await claim.getByRole("button", { name: copy[language].approve }).click();
    await expect(page.getByTestId("toast")).toContainText(copy[language].approved);
  } finally {
    await context.close();
  }
}

for (const item of cases) {
  test(`[VISITOR→OWNER][DIRECTORY] search, filter, open, claim, approval and new hours (${item.language})`, async ({
    page,
    browser,
  }) => {
    test.slow();
    const text = copy[item.language];
    const prefix = item.language === "es" ? "/es" : "";

    // Search, with a typo or without accents.
    await page.goto(`${prefix}/directory`);
    await page.getByRole("searchbox").fill(item.query);
    await page.getByRole("button", { name: text.search, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${item.query}`));
    await expect(page.getByTestId("business-card").first()).toBeVisible();

    // Filter by area: the URL carries it, so the result can be shared.
    const filters = page.locator("details", { has: page.getByText(text.filters) });
    if (!(await filters.getAttribute("open"))) await filters.locator("summary").click();
    await page.getByLabel(text.area, { exact: true }).selectOption(item.area);
    await expect(page).toHaveURL(new RegExp(`area=${item.area}`));
    await expect(page).toHaveURL(new RegExp(`q=${item.query}`));
    const card = page.getByTestId("business-card").filter({ hasText: item.business });
    await expect(card).toBeVisible();

    // Open the business.
    await card.getByRole("link", { name: item.business }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/business/${item.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(item.business);
    await expect(page.getByTestId("open-status").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: text.hours })).toBeVisible();

    // Claim it with a fresh account (signing up is covered in accounts.spec.ts).
    await signInAs(page, { firstName: `Owner${item.language}`, preferredLanguage: item.language });
    await page.goto(`${prefix}/business/${item.slug}`);
    await page.getByTestId("claim-link").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/business/${item.slug}/claim$`));
    await page.locator('input[name="verificationMethod"][value="phone"]').check();
    await page.locator('input[name="contactDetails"]').fill("+506 8888 7777");
    await page.locator('textarea[name="additionalInfo"]').fill("Soy la dueña desde 2019 🍦");
    await page.getByRole("button", { name: text.sendClaim }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/claims\\?submitted=1`));
    await expect(page.getByTestId("notice")).toContainText(text.claimSent);
    await expect(page.getByTestId("toast")).toContainText(text.claimSent);
    await expect(page.getByTestId("my-claim").filter({ hasText: item.business })).toBeVisible();

    // An admin approves.
    await approveClaim(browser, item.business, item.language);

    // The new owner edits the hours: Monday split, Friday past midnight.
    await page.goto(`${prefix}/dashboard/hours`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/business/[0-9a-f-]+/hours$`));
    const monday = page.getByTestId("hours-day-1");
    await monday.locator('input[name="d1p0open"]').fill("09:00");
    await monday.locator('input[name="d1p0close"]').fill("13:00");
    await monday.locator('input[name="d1p1open"]').fill("15:30");
    await monday.locator('input[name="d1p1close"]').fill("19:00");
    const friday = page.getByTestId("hours-day-5");
    await friday.locator('input[name="d5p0open"]').fill("18:00");
    await friday.locator('input[name="d5p0close"]').fill("02:00");
    await friday.locator('input[name="d5p1open"]').fill("");
    await friday.locator('input[name="d5p1close"]').fill("");
    await page.getByRole("button", { name: text.saveHours }).click();
    await expect(page.getByTestId("toast")).toContainText(text.saved);

    // The public page shows them.
    await page.goto(`${prefix}/business/${item.slug}`);
    const table = page.locator("table");
    const mondayRow = table.locator("tr").filter({ hasText: item.language === "es" ? "lunes" : "Monday" });
    // es-CR writes the 12-hour clock too: "9:00 a. m.".
    await expect(mondayRow).toContainText(item.language === "es" ? /9:00\s?a\.\s?m\./ : "9:00 AM");
    await expect(mondayRow).toContainText(item.language === "es" ? /7:00\s?p\.\s?m\./ : "7:00 PM");
    const fridayRow = table.locator("tr").filter({ hasText: item.language === "es" ? "viernes" : "Friday" });
    await expect(fridayRow).toContainText(
      item.language === "es" ? /6:00\s?p\.\s?m\.\s–\s2:00\s?a\.\s?m\./ : "6:00 PM – 2:00 AM",
    );
  });
}

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  for (const language of ["en", "es"] as const) {
    test(`[VISITOR][MOBILE] the directory, a business and a hub fit the screen (${language})`, async ({ page }) => {
      const prefix = language === "es" ? "/es" : "";
      for (const path of [
        "/directory?q=surf",
        "/business/marina-sunset-grill",
        "/category/restaurant",
        "/areas/surfside",
        "/location/huacas",
      ]) {
        await page.goto(prefix + path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
      // The filters fold away on a phone and open with a tap.
      await page.goto(`${prefix}/directory`);
      const filters = page.locator("details").filter({ has: page.locator("select") });
      await expect(filters.locator("select").first()).toBeHidden();
      await filters.locator("summary").tap();
      await expect(filters.locator("select").first()).toBeVisible();
      // Premium contact details are one tap away.
      await page.goto(`${prefix}/business/marina-sunset-grill`);
      await expect(page.locator('a[href^="tel:"]')).toBeVisible();
    });
  }
});


test.describe("photos on a phone's screen", () => {
  // Lighthouse's phone: 375 px wide at 1.75 device pixels per CSS pixel.
  test.use({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });

  test("[VISITOR][MOBILE] the directory's cards load a photo close to the pixels they fill, not one twice as wide", async ({
    page,
  }) => {
    await page.goto("/directory");
    const cards = page.locator("main img[srcset]");
    await expect(cards.first()).toBeVisible();
    await cards.first().evaluate((img: HTMLImageElement) => img.decode());
    const chosen = await cards.first().evaluate((img: HTMLImageElement) => ({
      width: Number(/-(\d+)\.webp$/.exec(img.currentSrc)?.[1]),
      needed: img.getBoundingClientRect().width * window.devicePixelRatio,
    }));
    expect(chosen.width).toBeGreaterThanOrEqual(chosen.needed);
    expect(chosen.width / chosen.needed).toBeLessThan(1.25);
  });
});
test.describe("a business page's contact box", () => {
  // The longest demo address (hola@constructora-pacifico-norte.example.com) on a premium listing.
  const path = "/business/constructora-pacifico-norte";

  for (const language of ["en", "es"] as const) {
    test(`[VISITOR][MOBILE] on a 375 px phone it comes first and a long email fits (${language})`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto((language === "es" ? "/es" : "") + path);
      const box = page.locator("section[aria-labelledby='contact-title']");
      const email = box.locator('a[href^="mailto:"]');
      await expect(email).toBeVisible();
      const fits = await box.evaluate((element) => element.scrollWidth <= element.clientWidth);
      expect(fits).toBe(true);
      const boxRight = (await box.boundingBox())?.width ?? 0;
      expect(boxRight).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      // Call, WhatsApp and directions come before the description, the menu and the reviews.
      const contactTop = (await box.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
      const aboutTop = (await page.locator("#about-title").boundingBox())?.y ?? 0;
      expect(contactTop).toBeLessThan(aboutTop);
      // The address wraps at its seams (<wbr> after "@" and before dots), not at any letter.
      expect(await email.locator("wbr").count()).toBeGreaterThanOrEqual(3);
      expect(
        await email.evaluate((element) => getComputedStyle(element.querySelector("span") ?? element).wordBreak),
      ).not.toBe("break-all");
      await page.screenshot({ path: `/tmp/defb-business-375-${language}.png`, fullPage: false });
    });

    test(`[VISITOR] on a 1280 px screen it stays in the side column (${language})`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto((language === "es" ? "/es" : "") + path);
      const box = await page.locator("section[aria-labelledby='contact-title']").boundingBox();
      const about = await page.locator("#about-title").boundingBox();
      expect(box && about && box.x > about.x + 400).toBe(true);
      // Side by side: the contact box starts level with the description, not below it.
      expect(Math.abs((box?.y ?? 0) - (about?.y ?? 0))).toBeLessThan(40);
      await page.screenshot({ path: `/tmp/defb-business-1280-${language}.png`, fullPage: true });
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("[VISITOR][NO-JS] searching, filtering and paging are plain links and forms", async ({ page }) => {
    await page.goto("/directory");
    await page.getByRole("searchbox").fill("zzqqxxnothing");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText(copy.en.noResults)).toBeVisible();
    await page.goto("/directory?sort=name");
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("business-card")).toHaveCount(12);
    await page.goto("/es/directory?category=health&sort=rating");
    await expect(page.getByTestId("result-count")).toBeVisible();
    await page.getByTestId("business-card").first().getByRole("link").click();
    await expect(page).toHaveURL(/\/es\/business\//);
  });

  test("[VISITOR][NO-JS] a free listing's HTML has no hidden contact details; unknown slugs are 404", async ({
    request,
  }) => {
    const html = await (await request.get("/business/soda-la-esquina")).text();
    expect(html).toContain("Soda La Esquina");
    expect(html).not.toMatch(/tel:|wa\.me|mailto:|soda-la-esquina\.example\.com/);
    const missing = await request.get("/business/no-such-business");
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain("Business Not Found");
    expect((await request.get("/category/nothing")).status()).toBe(404);
    const redirect = await request.get("/basic/soda-la-esquina", { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers().location).toBe("/business/soda-la-esquina");
  });
});

test("[USER→ADMIN][LIST-BUSINESS] lists a business in steps with a photo, on a phone in Spanish; an admin verifies it", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 740 });
  const name = `Soda Prueba ${Date.now().toString(36)}`;
  await signInAs(page, { firstName: "Dueña", preferredLanguage: "es" });
  await page.goto("/es/list-business");
  await page.getByLabel("Nombre del negocio").fill(name);
  await page.getByLabel("Categoría").selectOption("restaurant");
  await page.getByLabel("Zona").selectOption("huacas");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page).toHaveURL(/step=about/);
  await page.getByLabel("Descripción en español").fill("Casados y gallo pinto a buen precio, frente a la escuela.");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page).toHaveURL(/step=contact/);
  // A bad phone number gets its message next to the field and the rest stays typed.
  await page.getByLabel("Dirección", { exact: true }).fill("Huacas centro, frente a la escuela");
  await page.getByLabel("Teléfono").fill("<b>llame</b>");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page.getByTestId("field-error")).toContainText("Escriba un número de teléfono");
  await expect(page.getByLabel("Dirección", { exact: true })).toHaveValue("Huacas centro, frente a la escuela");
  await page.getByLabel("Teléfono").fill("+506 2654 0000");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page).toHaveURL(/step=hours/);
  await page.locator('input[name="d2p0open"]').fill("07:00");
  await page.locator('input[name="d2p0close"]').fill("15:00");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page).toHaveURL(/step=photos/);
  // A real photo (a screenshot of this page), uploaded and re-encoded to WebP.
  const photo = await page.screenshot();
  await page.locator('input[type="file"]').setInputFiles({ name: "fachada.png", mimeType: "image/png", buffer: photo });
  await page.getByRole("button", { name: "Subir foto" }).click();
  await expect(page.getByTestId("photos").locator("img")).toHaveCount(1);
  await expect(page.getByTestId("photos").locator("img")).toHaveAttribute(
    "src",
    /\/uploads\/businesses\/[0-9a-f]{32}-\d+\.webp/,
  );
  // A file that is not an image is refused by its content, whatever its name says.
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "virus.png", mimeType: "image/png", buffer: Buffer.from("<script>alert(1)</script>") });
  await page.getByRole("button", { name: "Subir foto" }).click();
  await expect(page.getByTestId("field-error")).toContainText("no es una foto");
  await page.getByRole("link", { name: "Continuar", exact: true }).click();
  await page.getByRole("button", { name: "Enviar a revisión" }).click();
  await expect(page).toHaveURL(/\/es\/dashboard\/business\?submitted=1/);
  await expect(page.getByTestId("my-business").filter({ hasText: name })).toContainText("Pendiente");

  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInAs(admin, { roles: ["admin"] });
  await admin.goto(`/admin/businesses?status=pending&q=${encodeURIComponent(name)}`);
  await admin.getByTestId("admin-business").filter({ hasText: name }).getByRole("button", { name: "Verify" }).click();
  await expect(admin.getByTestId("toast")).toContainText("Verified");
  await context.close();

  await page.goto(`/es/directory?q=${encodeURIComponent(name)}`);
  await page.getByTestId("business-card").filter({ hasText: name }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByRole("heading", { name: "Usted administra este negocio" })).toBeVisible();
  await expect(page.locator("main img").first()).toHaveAttribute("src", /\/uploads\/businesses\//);
});

test("[VISITOR][MAP] the map is fetched only when asked for, and stays under the header", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  // Offline, no tile would arrive and the drawing would replace the map; serve blank ones.
  await page.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({
      contentType: "image/png",
      body: Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
        "base64",
      ),
    }),
  );
  await page.goto("/areas/playa-flamingo");
  await expect(page.getByTestId("business-card").first()).toBeVisible();
  expect(requests.some((url) => url.includes("tile.openstreetmap.org"))).toBe(false);
  await page.getByTestId("map").scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  expect(requests.some((url) => url.includes("tile.openstreetmap.org"))).toBe(false);
  await page.getByTestId("map").getByRole("button").click();
  await expect(page.locator(".leaflet-container")).toBeVisible();
  await expect(page.locator(".leaflet-interactive").first()).toBeVisible();
  // Leaflet's panes stay inside the map's own stacking context.
  expect(await page.getByTestId("map").evaluate((element) => getComputedStyle(element).isolation)).toBe("isolate");
});

test("[VISITOR][A11Y] directory pages have no serious accessibility violations", async ({ page }) => {
  for (const path of [
    "/directory?q=surf&open=1",
    "/es/business/marina-sunset-grill",
    "/category/restaurant",
    "/es/areas/surfside",
    "/es/list-business",
  ]) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map(
        (v) =>
          `${path} ${v.id}: ${v.help} (${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")})`,
      ),
    ).toEqual([]);
  }
});

test("[OWNER][HOURS] with JavaScript, clearing a day's second period and saving stores the day with one period", async ({
  page,
}) => {
  await signInAs(page, { firstName: "Horario", preferredLanguage: "en" });
  await page.goto("/list-business");
  await page.getByLabel("Business name").fill(`Split Hours Café ${Date.now().toString(36)}`);
  await page.getByLabel("Category").selectOption("restaurant");
  await page.getByLabel("Area").selectOption("huacas");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/step=about/);
  const id = new URL(page.url()).searchParams.get("id");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  // Tuesday with a split day, saved and shown again after a reload.
  await page.goto(`/dashboard/business/${id}/hours`);
  const tuesday = page.getByTestId("hours-day-2");
  await tuesday.locator('input[name="d2p0open"]').fill("08:00");
  await tuesday.locator('input[name="d2p0close"]').fill("12:00");
  await tuesday.locator('input[name="d2p1open"]').fill("14:00");
  await tuesday.locator('input[name="d2p1close"]').fill("18:00");
  await page.getByRole("button", { name: "Save hours" }).click();
  await expect(page.getByTestId("toast").last()).toContainText("Opening hours saved.");
  await page.reload();
  await expect(tuesday.locator('input[name="d2p1open"]')).toHaveValue("14:00");

  // The owner clears the second period: the save goes through and Tuesday keeps only the morning.
  await tuesday.locator('input[name="d2p1open"]').fill("");
  await tuesday.locator('input[name="d2p1close"]').fill("");
  await page.getByRole("button", { name: "Save hours" }).click();
  await expect(page.getByTestId("toast").last()).toContainText("Opening hours saved.");
  await page.reload();
  await expect(tuesday.locator('input[name="d2p0open"]')).toHaveValue("08:00");
  await expect(tuesday.locator('input[name="d2p0close"]')).toHaveValue("12:00");
  await expect(tuesday.locator('input[name="d2p1open"]')).toHaveValue("");
  await expect(tuesday.locator('input[name="d2p1close"]')).toHaveValue("");

  // A time without its pair is refused in the browser with its message beside the field.
  const wednesday = page.getByTestId("hours-day-3");
  await wednesday.locator('input[name="d3p0open"]').fill("09:00");
  await page.getByRole("button", { name: "Save hours" }).click();
  await expect(wednesday.getByTestId("field-error")).toContainText("Enter both the opening and the closing time");
  await expect(wednesday.locator('input[name="d3p0close"]')).toHaveAttribute("aria-invalid", "true");
  await wednesday.locator('input[name="d3p0close"]').fill("17:00");
  await expect(wednesday.getByTestId("field-error")).toHaveCount(0);
  await page.getByRole("button", { name: "Save hours" }).click();
  await expect(page.getByTestId("toast").last()).toContainText("Opening hours saved.");
  await page.reload();
  await expect(wednesday.locator('input[name="d3p0close"]')).toHaveValue("17:00");
});
