import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { startTestPushService } from "../support/test-push-service";
import { createSubscriberKeys } from "../support/web-push-decrypt";
import { expect, signInAs, test } from "./support/fixtures";
import { hydrate } from "./support/hydrate";

// Local alerts in the browser, at a phone's width, in both languages: subscribing to push on
// /alerts (the browser's push service stubbed, everything after it real: the page's own code posts
// the subscription, the server encrypts and signs, the loopback push service decrypts), the strip
// on a cached page appearing and leaving with an alert's expiry, and subscribing by email without
// JavaScript. Every alert made here has a title of its own, names a kind or an area few other
// tests look at, and is ended or expires before the test does.

// Push and the offline list are the service worker's (the config blocks it elsewhere).
test.use({ viewport: { width: 375, height: 812 }, serviceWorkers: "allow" });

const port = Number(process.env.E2E_PORT ?? 3210);
const pushPort = port + 7;

const siteZone = "America/Costa_Rica";

/** A wall time on the site's clock for a datetime-local field (minute precision). */
function wallTime(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: siteZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

function unique(tag: string) {
  return `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

interface Published {
  id: number;
}

/** Publishes an alert through the admin desk's form, signed in as a fresh administrator. */
async function publishAsAdmin(
  browser: Browser,
  alert: {
    kind: string;
    severity: string;
    area?: string | "every";
    titleEn: string;
    titleEs: string;
    bodyEn: string;
    bodyEs: string;
    expiresAt: Date;
  },
): Promise<Published & { end: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signInAs(page, { roles: ["admin"] });
  await page.goto("/admin/alerts");
  const form = page.getByTestId("alert-form");
  await form.getByLabel("Kind").selectOption(alert.kind);
  await form.getByLabel("Severity").selectOption(alert.severity);
  if (alert.area === "every") for (const box of await form.locator('input[name="areas"]').all()) await box.check();
  else if (alert.area) await form.locator(`input[name="areas"][value="${alert.area}"]`).check();
  await form.getByLabel("Title (English)").fill(alert.titleEn);
  await form.getByLabel("Title (Spanish)").fill(alert.titleEs);
  await form.getByLabel("Text (English)").fill(alert.bodyEn);
  await form.getByLabel("Text (Spanish)").fill(alert.bodyEs);
  await form.getByLabel("Source", { exact: true }).fill("Browser test desk");
  await form.getByLabel("Expires").fill(wallTime(alert.expiresAt));
  await form.getByRole("button", { name: "Publish" }).click();
  const link = page.getByTestId("alert-desk-list").getByRole("link", { name: alert.titleEn });
  await expect(link).toBeVisible();
  const id = Number((await link.getAttribute("href"))?.split("/").pop());
  expect(id).toBeGreaterThan(0);
  return {
    id,
    end: async () => {
      try {
        await page.goto(`/admin/alerts?edit=${id}`);
        const response = page.waitForResponse((r) => r.request().method() === "POST");
        await page.getByTestId("alert-end-form").getByRole("button").click();
        await response;
      } finally {
        await context.close();
      }
    },
  };
}

/**
 * The page's HTML as the response cache serves it. Other tests publish alerts at the same time, and
 * each publication makes the cached copy stale: ask until a copy comes from the cache.
 */
async function fromCache(request: APIRequestContext, path: string): Promise<string> {
  let response = await request.get(path);
  await expect
    .poll(
      async () => {
        response = await request.get(path);
        return response.headers()["x-cache"];
      },
      { timeout: 30_000 },
    )
    .toMatch(/HIT|STALE/);
  return response.text();
}

/** The strip's part of a page's HTML (empty when the page has none). */
function stripOf(html: string): string {
  return /<aside[^>]*data-testid="alert-strip"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? "";
}

// The loopback push service holds one port (the server is told it), so the push tests take turns.
test.describe("push", () => {
  test.describe.configure({ mode: "serial" });
  for (const language of ["en", "es"] as const) {
    const prefix = language === "es" ? "/es" : "";
    test(`[${language}] subscribing to push on /alerts, a published alert arrives decrypted in the subscriber's language`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const service = await startTestPushService({ port: pushPort });
      try {
        const keys = createSubscriberKeys();
        const id = `browser-${language}-${Date.now().toString(36)}`;
        const endpoint = service.register(id, keys);
        // Headless Chromium has no push service to reach, and answers every notification permission
        // with "denied": the permission reads as granted, and only the browser's subscribe step is
        // replaced, by a subscription at the loopback service with keys this test holds.
        await page.addInitScript(
          ({ endpoint, p256dh, auth }) => {
            Object.defineProperty(Notification, "permission", { get: () => "granted" });
            Notification.requestPermission = async () => "granted";
            const subscription = {
              endpoint,
              expirationTime: null,
              toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
              unsubscribe: async () => true,
            };
            let subscribed = false;
            PushManager.prototype.getSubscription = async () =>
              (subscribed ? subscription : null) as unknown as PushSubscription;
            PushManager.prototype.subscribe = async () => {
              subscribed = true;
              return subscription as unknown as PushSubscription;
            };
          },
          { endpoint, p256dh: keys.p256dh, auth: keys.auth },
        );
        await page.goto(`${prefix}/alerts`);
        await hydrate(page);
        const subscribe = page.getByTestId("alerts-subscribe");
        await expect(subscribe).toBeVisible();
        // Wildlife only, so the alerts other tests publish are not sent to this subscription.
        await subscribe.locator('input[name="kinds"][value="wildlife"]').check();
        const push = page.getByTestId("alerts-push");
        await expect(push).toHaveAttribute("data-state", "ready");
        await push.getByRole("button").click();
        await expect(push).toHaveAttribute("data-state", "on");
        await expect(push.getByRole("status")).toHaveText(
          language === "es"
            ? "Las notificaciones están activadas en este dispositivo."
            : "Notifications are on for this device.",
        );

        const titleEn = unique("Turtle nesting on the beach");
        const titleEs = unique("Anidación de tortugas en la playa");
        const alert = await publishAsAdmin(browser, {
          kind: "wildlife",
          severity: "information",
          titleEn,
          titleEs,
          bodyEn: "Keep lights off near the dunes tonight.",
          bodyEs: "Mantenga las luces apagadas cerca de las dunas esta noche.",
          expiresAt: new Date(Date.now() + 3 * 60 * 60 * 1000),
        });
        try {
          await expect
            .poll(() => service.received.filter((push) => push.id === id).length, { timeout: 45_000 })
            .toBe(1);
          // Only this subscription's: the other language's test, which held the port before, may
          // still be sent its alert's ending (queued before it unsubscribed) after it has gone.
          expect(service.problems.filter((problem) => problem.startsWith(`${id}:`))).toEqual([]);
          const received = service.received.find((push) => push.id === id);
          const payload = received?.payload as { title: string; body: string; url: string; lang: string };
          expect(payload.title).toBe(language === "es" ? titleEs : titleEn);
          expect(payload.body).toBe(
            language === "es"
              ? "Mantenga las luces apagadas cerca de las dunas esta noche."
              : "Keep lights off near the dunes tonight.",
          );
          expect(new URL(payload.url).pathname).toBe(`${prefix}/alerts/${alert.id}`);
          expect(payload.lang).toBe(language);
        } finally {
          await alert.end();
          // This device's subscription is forgotten by the server too.
          await push.getByRole("button").click();
          await expect(push).toHaveAttribute("data-state", "off");
        }
      } finally {
        await service.close();
      }
    });
  }
});

for (const language of ["en", "es"] as const) {
  const prefix = language === "es" ? "/es" : "";
  test(`[${language}] subscribing by email without JavaScript says to check the inbox`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    try {
      await page.goto(`${prefix}/alerts`);
      const form = page.getByTestId("alerts-subscribe");
      // The list, its filters and the form fit the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await form.locator('input[name="kinds"][value="wildlife"]').check();
      await form.locator('input[name="email"]').fill(`alerts-${language}-${Date.now().toString(36)}@example.test`);
      await form
        .getByRole("button", { name: language === "es" ? "Suscribirse por correo" : "Subscribe by email" })
        .click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/alerts/subscribe\\?sent=email`));
      await expect(page.getByText(language === "es" ? "Revise su correo" : "Check your inbox")).toBeVisible();
      // No wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      await context.close();
    }
  });
}

test("the strip of a warning shows on a cached page and leaves it when the warning expires", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // The form takes minutes: the next whole minute at least 20 s away.
  const now = Date.now();
  let expiresAt = Math.ceil(now / 60_000) * 60_000;
  if (expiresAt - now < 20_000) expiresAt += 60_000;
  const titleEn = unique("Road closed for a test");
  const area = await lastArea(browser);
  const admin = await publishAsAdmin(browser, {
    kind: "road",
    severity: "warning",
    area,
    titleEn,
    titleEs: unique("Calle cerrada por una prueba"),
    bodyEn: "A browser test's warning.",
    bodyEs: "Una advertencia de una prueba del navegador.",
    expiresAt: new Date(expiresAt),
  });
  try {
    const path = `/alerts?area=${area}`;
    expect(stripOf(await fromCache(request, path))).toContain(titleEn);
    // A warning anywhere is on the home page's block too.
    expect(await (await request.get("/")).text()).toMatch(new RegExp(`data-testid="home-alerts"[\\s\\S]*${titleEn}`));
    // The start/expiry job bumps the alerts' version when the expiry passes: the cached copy goes.
    await expect
      .poll(async () => stripOf(await (await request.get(path)).text()).includes(titleEn), {
        timeout: 120_000,
        intervals: [2_000],
      })
      .toBe(false);
    expect(await fromCache(request, path)).not.toContain(titleEn);
  } finally {
    await admin.end().catch(() => {});
  }
});

/** The last area on the desk's list: a place other tests' pages rarely look at. */
async function lastArea(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  await signInAs(page, { roles: ["admin"] });
  await page.goto("/admin/alerts");
  const value = await page.getByTestId("alert-form").locator('input[name="areas"]').last().getAttribute("value");
  await context.close();
  if (!value) throw new Error("no area on the desk");
  return value;
}

test("the beach report shows a surf alert in force, in Spanish at a phone's width, with a link to /alerts", async ({
  browser,
  page,
}) => {
  const titleEs = unique("Corrientes de resaca");
  const alert = await publishAsAdmin(browser, {
    kind: "surf",
    severity: "advisory",
    area: "every",
    titleEn: unique("Rip currents"),
    titleEs,
    bodyEn: "Swim near a lifeguard.",
    bodyEs: "Báñese cerca de un salvavidas.",
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  try {
    await page.goto("/es/beach-report");
    const block = page.getByTestId("beach-alerts");
    await expect(block.getByRole("heading", { name: "Alertas para la playa" })).toBeVisible();
    await expect(block.getByRole("link", { name: titleEs })).toHaveAttribute("href", `/es/alerts/${alert.id}`);
    await expect(block.getByRole("link", { name: "Todas las alertas" })).toHaveAttribute("href", "/es/alerts");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Not serious and not the whole site's: not the home page's business.
    await page.goto("/es");
    await expect(page.getByRole("link", { name: titleEs })).toHaveCount(0);
  } finally {
    await alert.end();
  }
});
