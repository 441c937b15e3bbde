import { expect, type Page, test } from "@playwright/test";
import { demoAccounts, signIn } from "./support/accounts";
import { hydrate } from "./support/hydrate";

// What the service worker keeps is part of what is checked here (the config blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

// The response cache seen from a browser: anonymous pages come from it, signed-in ones never do,
// its strict CSP still blocks a script smuggled into a cached page, and a write shows at once.

async function firstBusinessPath(page: Page) {
  await page.goto("/directory");
  const href = await page.locator('a[href^="/business/"]').first().getAttribute("href");
  if (!href) throw new Error("no business in the directory");
  return href;
}

test("[PERF] anonymous pages come from the cache; a signed-in visitor never gets the cached copy", async ({
  page,
  request,
}) => {
  await request.get("/emergency");
  const cached = await request.get("/emergency");
  expect(cached.headers()["x-cache"]).toMatch(/HIT|STALE/);
  expect(cached.headers()["cache-control"]).toContain("public");
  expect(cached.headers().vary ?? "").not.toContain("Cookie");

  await signIn(page, demoAccounts.user);
  const signedIn = await page.goto("/emergency");
  expect(signedIn?.headers()["x-cache"]).toBeUndefined();
  expect(signedIn?.headers()["cache-control"]).toBe("private, no-cache");
  await expect(page.getByTestId("header-dashboard").first()).toBeAttached();
});

test("[PERF] a page seen signed out is never shown from the browser's cache after signing in", async ({ page }) => {
  // The service worker's offline copies are fetched signed out; a browser that could serve those
  // stale-while-revalidate would show a signed-in visitor the signed-out page (and old content).
  await page.goto("/healthcare");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto("/healthcare");
  await expect(page.getByTestId("header-dashboard")).toHaveCount(0);
  await signIn(page, demoAccounts.user);
  for (const path of ["/healthcare", "/es/healthcare", "/emergency"]) {
    const response = await page.goto(path);
    expect(response?.headers()["cache-control"]).toBe("private, no-cache");
    await expect(page.getByTestId("header-dashboard").first()).toBeAttached();
  }
});

test("[PERF] the CSP of a cached page runs its own scripts and blocks an injected inline one", async ({
  page,
  request,
}) => {
  await request.get("/");
  expect((await request.get("/")).headers()["x-cache"]).toMatch(/HIT|STALE/);
  let servedFrom = "";
  await page.route(/\/$/, async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    servedFrom = response.headers()["x-cache"] ?? "";
    const headers = { ...response.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    const body = (await response.text()).replace("</body>", "<script>window.__injected = true</script></body>");
    await route.fulfill({ status: response.status(), headers, body });
  });
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (directive: string) => violations.push(directive));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportViolation: (d: string) => void }).reportViolation(event.violatedDirective),
    );
  });
  await page.goto("/");
  expect(servedFrom).toMatch(/HIT|STALE/);
  // The page's inline scripts (router context, module bootstrap, started by a key press as a
  // visitor starts them: decision 012) are allowed by their hashes…
  await hydrate(page);
  await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
  // …and the one that came with the content is not.
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  await expect.poll(() => violations).toContain("script-src-elem");
});

test("[PERF] a review shows on the cached business page as soon as it is saved", async ({ page, browser, request }) => {
  const path = await firstBusinessPath(page);
  await request.get(path);
  expect((await request.get(path)).headers()["x-cache"]).toMatch(/HIT|STALE/);

  const text = `Cached page check ${Date.now().toString(36)}: the ceviche was excellent.`;
  const context = await browser.newContext();
  const reviewer = await context.newPage();
  await signIn(reviewer, demoAccounts.user, { redirectTo: path });
  const form = reviewer.locator("form").filter({ has: reviewer.locator('input[name="intent"][value="review"]') });
  await form.locator('input[name="rating"][value="5"]').check();
  await form.locator('textarea[name="body"]').fill(text);
  await form.locator('button[type="submit"]').click();
  await expect(reviewer.getByText(text).first()).toBeVisible();
  await context.close();

  const anonymous = await request.get(path);
  expect(await anonymous.text()).toContain(text);
});
