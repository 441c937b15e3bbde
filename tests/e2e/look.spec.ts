import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./support/fixtures";

// How the site looks to a visitor: the home page as the town's front door, the gallery's
// lightbox without JavaScript, and the same contrast rules in the dark colour scheme.

async function seriousViolations(page: Page, path: string) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${path} ${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    );
}

test.describe("dark mode", () => {
  test("[VISITOR][A11Y] follows the system setting and stays axe-clean on the main public pages", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    for (const path of [
      "/",
      "/es",
      "/directory",
      "/es/business/marina-sunset-grill",
      "/beach-report",
      "/es/beach-report",
    ]) {
      await page.goto(path);
      // The page really is dark: the body's background is the dark base, not white.
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background, path).not.toBe("rgb(255, 255, 255)");
      expect(await seriousViolations(page, path)).toEqual([]);
    }
  });

  test("[VISITOR] the light scheme keeps a white page", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(255, 255, 255)");
  });
});

test.describe("home page", () => {
  test("[VISITOR] the search box comes first and searches the directory", async ({ page }) => {
    await page.goto("/");
    const main = page.locator("main");
    // The first form control on the page is the search box, before any other block.
    await expect(main.locator("input, select, textarea").first()).toHaveAttribute("name", "q");
    const search = page.getByRole("search", { name: "Find a business or service" });
    await search.getByRole("searchbox").fill("pizza");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/directory\?q=pizza$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("[VISITOR] open-now shortcuts lead to the filtered directory, in both languages", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("open-now-shortcuts").getByRole("link", { name: "Restaurants" }).click();
    await expect(page).toHaveURL(/\/directory\?category=restaurant&open=1$/);
    await page.goto("/es");
    const shortcuts = page.getByTestId("open-now-shortcuts");
    await expect(shortcuts.getByRole("heading")).toHaveText("Abierto ahora");
    await shortcuts.getByRole("link", { name: "Todo lo abierto ahora" }).click();
    await expect(page).toHaveURL(/\/es\/directory\?open=1$/);
  });

  test("[VISITOR] shows today's beach line and featured premium businesses with their picture", async ({ page }) => {
    await page.goto("/");
    const beach = page.getByTestId("beach-summary");
    await expect(beach).toContainText("Beach today: Playa Flamingo");
    await expect(beach).toContainText(/Sunrise/);
    const featured = page.getByTestId("featured-businesses");
    const cards = featured.getByTestId("business-card");
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(3);
    for (const card of await cards.all()) {
      await expect(card.getByText("Premium")).toBeVisible();
      const image = card.locator("img").first();
      await expect(image).toHaveAttribute("width", /\d+/);
      await expect(image).toHaveAttribute("height", /\d+/);
      // Loaded: a photo or the category's drawing, never a broken image.
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
    // Each featured area has its drawing, decorative.
    const areaImages = page.locator("section[aria-labelledby=areas-title] img");
    expect(await areaImages.count()).toBe(3);
    await expect(areaImages.first()).toHaveAttribute("alt", "");
  });
});

test("[ADMIN→VISITOR][NO-JS] owner photos show as a gallery whose lightbox works without JavaScript", async ({
  page,
  browser,
}) => {
  // An admin adds two photos to a premium listing (premium shows the full gallery).
  await signInAs(page, { roles: ["admin"] });
  await page.goto("/admin/businesses?q=Sushi");
  await page.getByRole("link", { name: "Edit" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/business\/[0-9a-f-]+$/);
  await page.goto(`${new URL(page.url()).pathname}/photos`);
  const managed = page.getByTestId("photos").locator("img");
  const before = await managed.count();
  for (const [index, name] of ["barra.png", "plato.png"].entries()) {
    const photo = await page.screenshot();
    await page.locator('input[type="file"]').setInputFiles({ name, mimeType: "image/png", buffer: photo });
    await page.getByRole("button", { name: "Upload photo" }).click();
    await expect(managed).toHaveCount(before + index + 1);
  }

  const context = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await context.newPage();
  await visitor.goto("/business/sushi-bahia");
  const thumbs = visitor.getByTestId("gallery-thumb");
  await expect(thumbs).toHaveCount(before + 2);
  // The demo listing's first picture is still its drawn cover, labelled as a drawing for the demo.
  await expect(thumbs.first().locator("img")).toHaveAttribute(
    "alt",
    /^Demo illustration for Sushi Bahía: a drawing made for the demo, not a photo/,
  );
  const first = visitor.locator("#photo-1");
  const second = visitor.locator("#photo-2");
  await expect(first).toBeHidden();
  await thumbs.first().click();
  await expect(visitor).toHaveURL(/#photo-1$/);
  await expect(first).toBeVisible();
  await expect(first.locator("img")).toHaveAttribute("width", /\d+/);
  await first.getByRole("link", { name: "Next" }).click();
  await expect(second).toBeVisible();
  await expect(first).toBeHidden();
  await second.getByRole("link", { name: "Close" }).click();
  await expect(visitor).toHaveURL(/#gallery$/);
  await expect(second).toBeHidden();
  await context.close();
});
