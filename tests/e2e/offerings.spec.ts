import { expect, test } from "./support/fixtures";

// Filtering the directory by what places accept, on a 375 px phone in both languages, with and
// without JavaScript: the box is part of the GET form, so the URL carries it either way. In the
// demo data the Brasilito hostel takes SINPE Móvil and the cabinas next to it do not.

const copy = {
  en: { filters: "Filters and sorting", apply: "Apply filters", sinpe: "SINPE Móvil", offers: "Accepts and offers" },
  es: { filters: "Filtros y orden", apply: "Aplicar filtros", sinpe: "SINPE Móvil", offers: "Acepta y ofrece" },
} as const;

for (const language of ["en", "es"] as const) {
  for (const javaScriptEnabled of [true, false]) {
    test(`[VISITOR][DIRECTORY][375] filters by "accepts SINPE" (${language}, JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width: 375, height: 740 }, javaScriptEnabled });
      const page = await context.newPage();
      try {
        const text = copy[language];
        const prefix = language === "es" ? "/es" : "";
        await page.goto(`${prefix}/directory?category=accommodation&area=brasilito`);
        await expect(page.getByTestId("business-card").filter({ hasText: "Cabinas Brasilito Sol" })).toBeVisible();
        await expect(page.getByTestId("business-card").filter({ hasText: "Hostel Pura Ola" })).toBeVisible();

        const filters = page.locator("details", { has: page.getByText(text.filters) });
        if ((await filters.getAttribute("open")) === null) await filters.locator("summary").click();
        const sinpe = page.locator('input[name="accepts"][value="sinpe"]');
        await expect(sinpe).toBeVisible();
        await sinpe.check();
        // With JavaScript the change submits at once; without, the form's button does.
        if (!javaScriptEnabled) await page.getByRole("button", { name: text.apply }).click();
        await expect(page).toHaveURL(/accepts=sinpe/);
        await expect(page).toHaveURL(/area=brasilito/);
        await expect(page).toHaveURL(/category=accommodation/);
        await expect(page.getByTestId("business-card").filter({ hasText: "Hostel Pura Ola" })).toBeVisible();
        await expect(page.getByTestId("business-card").filter({ hasText: "Cabinas Brasilito Sol" })).toHaveCount(0);
        await expect(page.locator('input[name="accepts"][value="sinpe"]')).toBeChecked();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

        // The place's page says so, as an icon with words.
        await page
          .getByTestId("business-card")
          .filter({ hasText: "Hostel Pura Ola" })
          .getByRole("link", { name: "Hostel Pura Ola" })
          .click();
        await expect(page).toHaveURL(new RegExp(`${prefix}/business/hostel-pura-ola$`));
        const offerings = page.getByTestId("offerings");
        await expect(offerings.getByRole("heading", { name: text.offers })).toBeVisible();
        await expect(offerings.locator('[data-offering="sinpe"]')).toHaveText(text.sinpe);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      } finally {
        await context.close();
      }
    });
  }
}
