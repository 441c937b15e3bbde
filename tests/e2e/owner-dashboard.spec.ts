import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createListing, expect, signInAs, test } from "./support/fixtures";

// The business dashboard, on a phone, in both languages: the owner of a premium
// listing adds two dishes and reorders them, sees the menu on the public page (in colones on the
// Spanish one), finds that visit in the analytics, and changes the page's address with the
// search preview following the typing; the old address redirects. Every dashboard page is axe
// clean and fits 375 px.

const copy = {
  en: { add: "Add dish", save: "Save landing page", moveUp: "Move Coffee of the day up", views: "1" },
  es: { add: "Agregar plato", save: "Guardar la página", moveUp: "Subir Café del día", views: "1" },
} as const;

async function expectCleanAt375(page: Page, where: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(375);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${where} ${violation.id}: ${violation.help}`)).toEqual([]);
}

for (const language of ["en", "es"] as const) {
  test(`[OWNER] menu edited → public; the visit in analytics; slug change redirects, at 375 px (${language})`, async ({
    page,
  }) => {
    // A dozen page loads and three axe runs on a shared machine: more than the default minute.
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 375, height: 760 });
    const text = copy[language];
    const prefix = language === "es" ? "/es" : "";
    const tag = Date.now().toString(36);
    const user = await signInAs(page, { roles: ["business_owner"], preferredLanguage: language });
    const business = await createListing(page.context().request, {
      ownerId: user.id,
      name: `E2E Soda ${language} ${tag}`,
      premium: true,
    });

    // Two dishes: one priced in dollars with a section and a tag, then a coffee moved to the top.
    await page.goto(`${prefix}/dashboard/menu?business=${business.id}`);
    const newDish = page.locator("form#owner-menu-new");
    await newDish.locator('[name="nameEn"]').fill("Fish casado");
    await newDish.locator('[name="nameEs"]').fill("Casado de pescado");
    await newDish.locator('[name="sectionEn"]').fill("Mains");
    await newDish.locator('[name="sectionEs"]').fill("Platos fuertes");
    await newDish.locator('[name="price"]').fill("12.50");
    await newDish.locator('[name="dietaryTags"][value="gluten-free"]').check();
    await newDish.getByRole("button", { name: text.add }).click();
    await expect(page.getByTestId("menu-editor")).toContainText(
      language === "es" ? "Casado de pescado" : "Fish casado",
    );
    await newDish.locator('[name="nameEn"]').fill("Coffee of the day");
    await newDish.locator('[name="nameEs"]').fill("Café del día");
    await newDish.locator('[name="price"]').fill("1500");
    await newDish.locator('[name="currency"]').selectOption("CRC");
    await newDish.getByRole("button", { name: text.add }).click();
    await expect(page.getByTestId("menu-editor").locator("> li")).toHaveCount(2);
    await page.getByRole("button", { name: text.moveUp }).click();
    await expect(page.getByTestId("menu-editor").locator("> li").first()).toContainText(
      language === "es" ? "Café del día" : "Coffee of the day",
    );
    await expectCleanAt375(page, "menu");

    // The public page shows them in that order, prices in the page's currency.
    await page.goto(`${prefix}/business/${business.slug}`);
    const menu = page.getByTestId("menu-items");
    await expect(menu.first()).toContainText(language === "es" ? "Café del día" : "Coffee of the day");
    await expect(page.locator("#menu-title")).toBeVisible();
    await expect(page.getByText(language === "es" ? "Platos fuertes" : "Mains", { exact: true })).toBeVisible();
    await expect(page.getByText(language === "es" ? /₡\s?1[\s.]?500/ : "$12.50").first()).toBeVisible();

    // That visit is in the analytics (views are written a few seconds after the page is served).
    await expect
      .poll(
        async () => {
          await page.goto(`${prefix}/dashboard/analytics?business=${business.id}&days=7`);
          return page.getByTestId("analytics-total-views").textContent();
        },
        { timeout: 20_000 },
      )
      .toBe(text.views);
    await expect(page.getByTestId("analytics-chart")).toBeVisible();
    await expectCleanAt375(page, "analytics");

    // A new address: the search preview follows the typing; after saving the old one redirects.
    await page.goto(`${prefix}/dashboard/landing-page?business=${business.id}`);
    const newSlug = `e2e-soda-${language}-${tag}`;
    await page.locator('[name="slug"]').fill(newSlug);
    await page.locator('[name="metaTitleEn"]').fill("Fish casado by the beach");
    await expect(page.getByTestId("search-preview").first()).toContainText("Fish casado by the beach");
    await expect(page.getByTestId("search-preview").first()).toContainText(newSlug);
    await expectCleanAt375(page, "landing page");
    await page.getByRole("button", { name: text.save }).click();
    await expect(page.getByTestId("old-slugs")).toContainText(business.slug);
    await page.goto(`${prefix}/business/${business.slug}`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/business/${newSlug}$`));

    // The overview: the listing's status and the week's views.
    await page.goto(`${prefix}/dashboard`);
    await expect(page.getByTestId("overview-views").first()).toBeVisible();
  });
}
