import { expect, test } from "./support/fixtures";

// Directions from landmarks on a 375 px phone, in both languages: the demo place gives them with
// its Plus Code beside the Waze and Google Maps links, and the directory's search finds it by them.

const directions = {
  en: "From Brasilito's Catholic church, 200 m east, green house with a white gate.",
  es: "De la iglesia católica de Brasilito, 200 m este, casa verde con portón blanco.",
} as const;

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

for (const language of ["en", "es"] as const) {
  const prefix = language === "es" ? "/es" : "";

  test(`[VISITOR] a business page gives its directions from landmarks and its Plus Code (${language})`, async ({
    page,
  }) => {
    await page.goto(`${prefix}/business/cabinas-brasilito-sol`);
    const box = page.locator("section[aria-labelledby='contact-title']");
    const landmarks = box.getByTestId("landmark-directions");
    await expect(landmarks).toBeVisible();
    await expect(landmarks).toContainText(directions[language]);
    await expect(landmarks).toContainText(
      /Plus Code: [23456789CFGHJMPQRVWX]{4}\+[23456789CFGHJMPQRVWX]{2} Playa Flamingo/,
    );
    await expect(landmarks).toContainText(/762P[23456789CFGHJMPQRVWX]{4}\+[23456789CFGHJMPQRVWX]{2}/);
    await expect(box.locator('a[data-contact-channel="waze"]')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
    const items = [JSON.parse(ld ?? "[]")].flat();
    const place = items.find((item: { "@type": string }) => item["@type"] !== "BreadcrumbList");
    expect(place.address.disambiguatingDescription).toBe(directions[language]);
    expect(place.hasMap).toMatch(/^https:\/\/plus\.codes\/762P/);
  });

  test(`[VISITOR] the directory's search finds a place by its landmarks, without JavaScript (${language})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${prefix}/directory?q=${encodeURIComponent("iglesia Brasilito")}`);
    await expect(page.locator('a[href$="/business/cabinas-brasilito-sol"]').first()).toBeVisible();
    await context.close();
  });
}
