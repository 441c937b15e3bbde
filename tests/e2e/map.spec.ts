import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { hydrate } from "./support/hydrate";

const tilePattern = /tile\.openstreetmap\.org/;
// A 1×1 transparent PNG, so Leaflet sees its tiles arrive without the browser reaching the internet.
const blankTile = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

function serveBlankTiles(page: Page) {
  return page.route(tilePattern, (route) => route.fulfill({ contentType: "image/png", body: blankTile }));
}

test("[VISITOR][MAP] wide screens: the map sits beside the list, and a cached page's map waits for “Show map”", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await serveBlankTiles(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/directory");
  await expect(page.getByRole("button", { name: "Show map" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.some((url) => /leaflet-map/.test(url))).toBe(false);
  // Until then the drawing with pins holds the map's place.
  await expect(page.getByTestId("map-fallback")).toContainText("Approximate positions");

  const list = await page.getByTestId("results").boundingBox();
  const map = await page.getByTestId("map").boundingBox();
  if (!list || !map) throw new Error("the list and the map should both be laid out");
  expect(map.x).toBeGreaterThanOrEqual(list.x + list.width);
  expect(map.y).toBeLessThan(list.y + list.height);

  // A scroll alone does not start a cached page's scripts (decision 012); the button does, and
  // its click waits for them.
  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(300);
  expect(scripts).toEqual([]);
  await page.getByRole("button", { name: "Show map" }).click();
  await expect(page.locator(".leaflet-interactive").first()).toBeVisible();
  expect(scripts.some((url) => /leaflet-map/.test(url))).toBe(true);
  // Sticky: further down the list the map is still in view.
  await page.getByTestId("business-card").nth(7).scrollIntoViewIfNeeded();
  await expect(page.getByTestId("map")).toBeInViewport();
});

test("[VISITOR][MAP] wide screens: once the page runs its scripts, a business page's map script waits until the map scrolls into view", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await serveBlankTiles(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/business/marina-sunset-grill");
  await expect(page.getByRole("button", { name: "Show map" })).toBeVisible();
  await hydrate(page);
  await page.waitForLoadState("networkidle");
  expect(scripts.some((url) => /leaflet-map/.test(url))).toBe(false);
  await page.getByTestId("map").scrollIntoViewIfNeeded();
  await expect(page.locator(".leaflet-interactive").first()).toBeVisible();
  expect(scripts.some((url) => /leaflet-map/.test(url))).toBe(true);
});

test("[VISITOR][MAP] phones: the list comes before the map", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await serveBlankTiles(page);
  await page.goto("/es/directory");
  const list = await page.getByTestId("results").boundingBox();
  const map = await page.getByTestId("map").boundingBox();
  if (!list || !map) throw new Error("the list and the map should both be laid out");
  expect(map.y).toBeGreaterThanOrEqual(list.y + list.height);
  expect(map.width).toBeGreaterThan(300);
});

test("[VISITOR][MAP] when tiles cannot load, the drawing with pins takes the map's place", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.route(tilePattern, (route) => route.abort());
  await page.goto("/directory");
  await hydrate(page);
  await page.mouse.wheel(0, 400);
  const fallback = page.getByTestId("map-fallback");
  await expect(fallback).toContainText("The map couldn't load");
  await expect(page.locator(".leaflet-container")).toHaveCount(0);
  const firstCard = page.getByTestId("business-card").first();
  const name = (await firstCard.getByRole("heading").textContent())?.trim() ?? "";
  await fallback.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  // The business page's own map falls back the same way (the pin is a plain link, so this is a
  // new cached page, whose map waits for its button).
  await page.getByTestId("map").scrollIntoViewIfNeeded();
  await page.getByTestId("map").getByRole("button").click();
  await expect(page.getByTestId("map-fallback")).toContainText("The map couldn't load");
});

test("[VISITOR][MAP] when the map's script cannot load, the drawing stays", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/ERR_FAILED/);
  await page.route(/leaflet-map[^/]*\.js/, (route) => route.abort());
  await page.goto("/es/directory");
  await page.getByTestId("map").scrollIntoViewIfNeeded();
  await page.getByTestId("map").getByRole("button").click();
  await expect(page.getByTestId("map-fallback")).toContainText("No se pudo cargar el mapa");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("[VISITOR][MAP] the drawing with a pin per business is the map", async ({ page }) => {
    await page.goto("/es/directory");
    const fallback = page.getByTestId("map-fallback");
    await expect(fallback).toContainText("Ubicaciones aproximadas");
    const pins = await fallback.getByRole("link").count();
    expect(pins).toBeGreaterThan(0);
    expect(pins).toBeLessThanOrEqual(await page.getByTestId("business-card").count());
    // The button that brings the live map needs script; without it, it is not shown at all.
    await expect(page.getByTestId("map").getByRole("button")).toBeHidden();
  });

  test("[VISITOR][MAP] every pin is a target a finger can hit: at least 44 px square", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/directory");
    const links = page.getByTestId("map-fallback").getByRole("link");
    expect(await links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) {
      const box = await link.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }
  });
});
