import AxeBuilder from "@axe-core/playwright";
import { type FakeOnvo, startFakeOnvo } from "../factories/fake-onvo";
import { createListing, expect, signInAs, test } from "./support/fixtures";

// Paying for a plan through ONVO Pay on a 375 px phone, in both languages, without scripts of
// ours: the plan card sends the owner to ONVO's hosted Checkout (a stand-in on port + 6 that the
// server is pointed at by playwright.config.ts); paying there sends ONVO's webhook to the site and
// the owner back, and the plan is on.

const port = Number(process.env.E2E_PORT ?? 3210);
const phone = { viewport: { width: 375, height: 740 } };
let fake: FakeOnvo;

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

test.beforeAll(async () => {
  fake = await startFakeOnvo({
    port: port + 6,
    secretKey: "onvo_test_secret_key_e2e",
    webhookUrl: `http://127.0.0.1:${port}/api/v1/billing/onvo-webhook`,
    webhookSecret: "webhook_secret_e2e",
  });
});

test.afterAll(async () => {
  await fake?.close();
});

for (const language of ["en", "es"] as const) {
  const prefix = language === "es" ? "/es" : "";
  const text =
    language === "es"
      ? { pay: "Pagar en colones (tarjeta o SINPE Móvil)", done: "Pago recibido", source: "Pagado por ONVO Pay" }
      : { pay: "Pay in colones (card or SINPE Móvil)", done: "Payment received", source: "Paid through ONVO Pay" };

  test(`an owner pays premium through ONVO Pay on a phone and sees the plan (${language})`, async ({ browser }) => {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    const owner = await signInAs(page, { roles: ["business_owner"], preferredLanguage: language });
    const name = `Onvo Soda ${language} ${Date.now().toString(36)}`;
    const listing = await createListing(page.request, { ownerId: owner.id, name });
    await page.goto(`${prefix}/dashboard/subscription`);
    await expect(page.getByTestId("no-plan")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const offer = page.locator('[data-testid="plan-offer"][data-plan="premium"]');
    await offer.getByRole("button", { name: text.pay }).click();
    await expect(page).toHaveURL(new RegExp(`^${fake.url}/checkout/cs_onvo_`));
    const session = fake.sessions.get(page.url().split("/").at(-1) ?? "");
    expect(session?.metadata).toMatchObject({ userId: owner.id, businessId: listing.id, planId: "premium" });
    expect(session?.lineItems[0]).toMatchObject({ currency: "CRC", quantity: 1 });

    // Paying by SINPE Móvil on ONVO's page: ONVO sends its webhooks, then the owner back.
    await page.locator("#pay-sinpe").click();
    // The redirect URL is built from SITE_URL (localhost here, not the 127.0.0.1 the browser is
    // signed in on): follow it on the test's own origin.
    const back = new URL(session?.redirectUrl ?? "");
    expect(back.pathname).toBe(`${prefix}/dashboard/subscription`);
    await page.goto(back.pathname + back.search);
    await expect(page.getByText(text.done)).toBeVisible();
    const plan = page.locator('[data-testid="current-plan"][data-plan="premium"]');
    await expect(plan).toBeVisible();
    await expect(plan).toContainText(text.source);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);
    await page.goto(`${prefix}/dashboard/features`);
    await expect(page.getByTestId("listing-features")).toHaveAttribute("data-plan", "premium");
    await context.close();
  });
}
