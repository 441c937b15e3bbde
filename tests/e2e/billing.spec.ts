import AxeBuilder from "@axe-core/playwright";
import Stripe from "stripe";
import { type FakeStripe, startFakeStripe } from "../factories/fake-stripe";
import { createListing, createUser, expect, signInAs, test } from "./support/fixtures";

// Billing in both languages: an admin grants premium and the listing's page shows its contact
// details; an owner pays through Checkout (a fake Stripe API on port + 5, which the server is
// pointed at by playwright.config.ts) and the signed webhook activates the plan.

const port = Number(process.env.E2E_PORT ?? 3210);
const signer = new Stripe("sk_test_signer");
let fake: FakeStripe;

test.describe.configure({ mode: "serial" });
// Two servers, two browser contexts and axe on a shared 2-core machine.
test.setTimeout(120_000);

test.beforeAll(async () => {
  fake = await startFakeStripe({ port: port + 5 });
});

test.afterAll(async () => {
  await fake?.close();
});

/** A free listing with a phone number, which shows only once the listing is premium. */
function listingFor(request: import("@playwright/test").APIRequestContext, ownerId: string, name: string) {
  return createListing(request, { ownerId, name, phone: "+506 2654 0000" });
}

for (const language of ["en", "es"] as const) {
  const prefix = language === "es" ? "/es" : "";
  const text =
    language === "es"
      ? { grant: "Otorgar plan", granted: "Plan otorgado.", checkout: "Continuar al pago", done: "Pago recibido" }
      : { grant: "Grant plan", granted: "Plan granted.", checkout: "Continue to payment", done: "Payment received" };

  test(`an admin grants premium and the listing shows its contact details (${language})`, async ({ page, browser }) => {
    const owner = await createUser(page.request, { roles: ["business_owner"] });
    const name = `Granted Grill ${language} ${Date.now().toString(36)}`;
    const listing = await listingFor(page.request, owner.id, name);
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${prefix}/business/${listing.slug}`);
    await expect(visitorPage.getByTestId("contact-teaser")).toBeVisible();

    await signInAs(page, { roles: ["admin"] });
    await page.goto(`${prefix}/admin/subscriptions`);
    const form = page.getByTestId("grant-plan-form");
    await form.locator('select[name="planId"]').selectOption("premium");
    await form.locator('input[name="businessSlug"]').fill(listing.slug);
    await form.locator('input[name="reason"]').fill("Launch partner");
    await form.getByRole("button", { name: text.grant }).click();
    await expect(page.getByText(text.granted)).toBeVisible();
    // Other tests grant plans at the same time: look for this listing's row, not the first one.
    await expect(page.getByTestId("subscription-row").filter({ hasText: name })).toHaveCount(1);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);

    await visitorPage.reload();
    await expect(visitorPage.getByTestId("contact-teaser")).toHaveCount(0);
    await expect(visitorPage.locator('a[href^="tel:"]').first()).toBeVisible();
    await visitor.close();
  });

  test(`an owner upgrades through Checkout and the webhook activates the plan (${language})`, async ({ page }) => {
    const owner = await signInAs(page, { roles: ["business_owner"] });
    const listing = await listingFor(page.request, owner.id, `Checkout Cabinas ${language} ${Date.now().toString(36)}`);
    await page.goto(`${prefix}/dashboard/features`);
    const features = page.getByTestId("listing-features");
    await expect(features).toHaveAttribute("data-plan", "free");
    await expect(features.locator('[data-feature="contactDetails"]')).toHaveAttribute("data-included", "no");
    await features.getByTestId("upgrade-link").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/subscription$`));
    await expect(page.getByTestId("no-plan")).toBeVisible();

    const offer = page.locator('[data-testid="plan-offer"][data-plan="premium"]');
    await offer.getByRole("button", { name: text.checkout }).click();
    await expect(page).toHaveURL(new RegExp(`^${fake.url}/pay/cs_test_`));
    const sessionId = page.url().split("/").at(-1) ?? "";
    const metadata = fake.sessions.get(sessionId)?.metadata;
    expect(metadata).toMatchObject({ userId: owner.id, businessId: listing.id, planId: "premium" });

    // What Stripe sends once the card is charged.
    const created = Math.floor(Date.now() / 1000);
    const payload = JSON.stringify({
      id: `evt_e2e_${sessionId}`,
      object: "event",
      type: "customer.subscription.created",
      created,
      data: {
        object: {
          id: `sub_e2e_${sessionId}`,
          object: "subscription",
          customer: `cus_e2e_${sessionId}`,
          status: "active",
          cancel_at_period_end: false,
          metadata,
          items: { object: "list", data: [{ id: "si_1", current_period_end: created + 30 * 86_400 }] },
        },
      },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_e2e" });
    const hook = await page.request.post("/api/v1/billing/stripe-webhook", {
      data: payload,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });
    expect(hook.status()).toBe(200);
    expect(await hook.json()).toMatchObject({ applied: true });

    // The fake's Pay link goes to the success URL, built from SITE_URL (localhost here, not the
    // 127.0.0.1 the browser is signed in on): follow it on the test's own origin.
    await expect(page.locator("#pay")).toBeVisible();
    const success = new URL(fake.sessions.get(sessionId)?.successUrl ?? "");
    expect(success.pathname).toBe(`${prefix}/dashboard/subscription`);
    await page.goto(success.pathname + success.search);
    await expect(page.getByText(text.done)).toBeVisible();
    await expect(page.locator('[data-testid="current-plan"][data-plan="premium"]')).toBeVisible();
    await page.goto(`${prefix}/dashboard/features`);
    await expect(page.getByTestId("listing-features")).toHaveAttribute("data-plan", "premium");
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);
  });
}
