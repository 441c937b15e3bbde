import { createListing, expect, readOutbox, signInAs, test } from "./support/fixtures";

// Paying for a plan by SINPE Móvil on a 375 px phone, in both languages: the owner sees the site's
// number, the amount in colones and a code, sends the bank's reference; an admin confirms it from
// the queue; the owner then sees the plan and gets the confirmation email in their language.

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

const phone = { viewport: { width: 375, height: 740 } };

for (const language of ["en", "es"] as const) {
  const prefix = language === "es" ? "/es" : "";
  const text =
    language === "es"
      ? {
          pay: "Pagar por SINPE Móvil",
          send: /Envíe (₡|CRC)\s?24\D?\d{3} por SINPE Móvil al \+506 8888-7777/,
          submit: "Ya pagué: enviar la referencia",
          submitted: "Referencia enviada.",
          confirm: "Confirmar pago",
          confirmed: "Pago confirmado y plan otorgado.",
          email: /Su pago por SINPE Móvil para .* está confirmado/,
        }
      : {
          pay: "Pay by SINPE Móvil",
          send: /Send (₡|CRC)\s?24\D?\d{3} by SINPE Móvil to \+506 8888-7777/,
          submit: "I have paid: send the reference",
          submitted: "Reference sent.",
          confirm: "Confirm payment",
          confirmed: "Payment confirmed and plan granted.",
          email: /Your SINPE Móvil payment for .* is confirmed/,
        };

  test(`an owner pays premium by SINPE Móvil and an admin confirms it (${language})`, async ({ browser }) => {
    const ownerContext = await browser.newContext(phone);
    const page = await ownerContext.newPage();
    const owner = await signInAs(page, { roles: ["business_owner"], preferredLanguage: language });
    const name = `Sinpe Soda ${language} ${Date.now().toString(36)}`;
    await createListing(page.request, { ownerId: owner.id, name });
    await page.goto(`${prefix}/dashboard/subscription`);
    const offer = page.locator('[data-testid="plan-offer"][data-plan="premium"]');
    await offer.getByRole("button", { name: text.pay }).click();

    const transfer = page.getByTestId("sinpe-transfer").first();
    await expect(transfer).toHaveAttribute("data-status", "awaiting");
    await expect(transfer.getByTestId("sinpe-instructions")).toHaveText(text.send);
    const code = (await transfer.getByTestId("sinpe-code").textContent()) ?? "";
    expect(code).toMatch(/^PH[A-Z2-9]{6}$/);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const reference = `${Date.now()}${language === "es" ? 1 : 2}`;
    await transfer.getByRole("textbox").fill(reference);
    await transfer.getByRole("button", { name: text.submit }).click();
    await expect(page.getByText(text.submitted)).toBeVisible();
    await expect(page.getByTestId("sinpe-transfer").first()).toHaveAttribute("data-status", "submitted");

    const adminContext = await browser.newContext(phone);
    const adminPage = await adminContext.newPage();
    await signInAs(adminPage, { roles: ["admin"], preferredLanguage: language });
    await adminPage.goto(`${prefix}/admin/subscriptions`);
    const queued = adminPage.locator(`[data-testid="sinpe-queued"][data-code="${code}"]`);
    await expect(queued).toContainText(reference);
    await queued.getByRole("button", { name: text.confirm }).click();
    await expect(adminPage.getByText(text.confirmed)).toBeVisible();
    await expect(adminPage.locator(`[data-testid="sinpe-queued"][data-code="${code}"]`)).toHaveCount(0);

    await page.reload();
    await expect(page.locator('[data-testid="current-plan"][data-plan="premium"]')).toBeVisible();
    await expect(page.getByTestId("sinpe-transfer").first()).toHaveAttribute("data-status", "confirmed");
    const mail = await readOutbox(page.request, owner.email, { subject: text.email });
    expect(mail.text).toContain(code);
    await adminContext.close();
    await ownerContext.close();
  });
}
