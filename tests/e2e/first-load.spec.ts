import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";

// What a first visit ships: icons from one cached sprite (not inline paths), and the page's own
// translations embedded in the page, in both languages, with JavaScript on and off.

const dictionary = (language: string, namespace: string) =>
  JSON.parse(readFileSync(`app/locales/${language}/${namespace}.json`, "utf8"));

async function expectSpriteIcons(page: Page) {
  const icons = page.locator("svg.icon");
  expect(await icons.count()).toBeGreaterThan(3);
  // No icon repeats its paths inline; each points into the sprite.
  expect(await page.locator("svg.icon path").count()).toBe(0);
  const hrefs = await icons.locator("use").evaluateAll((uses) => uses.map((use) => use.getAttribute("href") ?? ""));
  const spriteUrl = hrefs[0].split("#")[0];
  expect(spriteUrl).toMatch(/^\/assets\/icons-[\w-]+\.svg$/);
  const response = await page.request.get(spriteUrl);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("immutable");
  const sprite = await response.text();
  for (const href of new Set(hrefs)) {
    expect(href.split("#")[0]).toBe(spriteUrl);
    expect(sprite, `sprite has ${href}`).toContain(`<symbol id="${href.split("#")[1]}"`);
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`first load with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    for (const language of ["en", "es"] as const) {
      test(`[VISITOR] the directory in ${language}: sprite icons, translated text, only its namespaces embedded`, async ({
        page,
      }) => {
        await page.goto(language === "es" ? "/es/directory" : "/directory");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          dictionary(language, "directory").page.heading,
        );
        await expectSpriteIcons(page);
        const embedded = JSON.parse((await page.locator("script#translations").textContent()) ?? "{}");
        expect(embedded.language).toBe(language);
        expect(embedded.complete).toEqual(["common", "directory"]);
        expect(embedded.dictionaries.accounts).toBeUndefined();
        expect(embedded.dictionaries.beach).toEqual({ nav: dictionary(language, "beach").nav });
        // The icon-only menu control keeps its accessible name (visible at phone width).
        await page.setViewportSize({ width: 375, height: 800 });
        await expect(page.getByText(dictionary(language, "common").layout.menu, { exact: true })).toBeAttached();
      });
    }
  });
}

test("[VISITOR] a client-side navigation fetches the next page's translations and renders it translated", async ({
  page,
}) => {
  await page.goto("/es");
  await page.waitForLoadState("networkidle");
  const home = JSON.parse((await page.locator("script#translations").textContent()) ?? "{}");
  expect(home.complete).toEqual(["common"]);
  await page.locator('header a[href="/es/directory"]').first().click();
  await expect(page).toHaveURL(/\/es\/directory$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(dictionary("es", "directory").page.heading);
  await expect(page.getByRole("main")).not.toContainText("filters.");
});
