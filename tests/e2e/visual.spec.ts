import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { visualNow } from "./support/visual";

// Visual baselines: the pages a first visit sees, at a phone's and a laptop's width, in both
// languages, compared with the screenshots committed under __screenshots__. A layout that breaks
// by accident fails here. After a change to the look that is meant, refresh them with
//   npx playwright test --project=visual --update-snapshots
// and look at every changed image before committing it. The server and the browser both start
// at `visualNow`, and nothing else writes to this server's database, so the pages hold still.

const pages = [
  { name: "home", path: "/" },
  { name: "directory", path: "/directory" },
  { name: "business-premium", path: "/business/marina-sunset-grill" },
  { name: "business-free", path: "/business/soda-la-esquina" },
  { name: "beach-report", path: "/beach-report" },
  { name: "emergency", path: "/emergency" },
  { name: "sign-in", path: "/auth" },
];
const widths = [
  { name: "phone", viewport: { width: 375, height: 812 } },
  { name: "desktop", viewport: { width: 1280, height: 800 } },
];

/** Everything a screenshot should not depend on: the map's tiles load (or fail) on their own time. */
function unsteady(page: Page) {
  return [page.getByTestId("map"), page.getByTestId("map-fallback")];
}

async function settle(page: Page) {
  // Lazy images below the fold load as a full-page screenshot scrolls; load them all first.
  await page.evaluate(async () => {
    for (const image of Array.from(document.images)) image.loading = "eager";
    await Promise.all(
      Array.from(document.images).map((image) =>
        image.complete ? null : new Promise((resolve) => image.addEventListener("load", resolve, { once: true })),
      ),
    );
    await document.fonts.ready;
  });
}

for (const width of widths) {
  for (const language of ["en", "es"] as const) {
    test.describe(`${width.name} ${language}`, () => {
      test.use({ viewport: width.viewport, colorScheme: "light", locale: language === "es" ? "es-CR" : "en-US" });
      for (const entry of pages) {
        test(`[VISUAL] ${entry.name}`, async ({ page }) => {
          await page.clock.setFixedTime(new Date(visualNow));
          const path = language === "es" ? (entry.path === "/" ? "/es" : `/es${entry.path}`) : entry.path;
          const response = await page.goto(path);
          expect(response?.status()).toBe(200);
          await settle(page);
          // Nothing may push the page sideways (a menu price's note once did, at 375 px).
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            width.viewport.width,
          );
          await expect(page).toHaveScreenshot(`${entry.name}-${width.name}-${language}.png`, {
            fullPage: true,
            mask: unsteady(page),
          });
        });
      }
    });
  }
}
