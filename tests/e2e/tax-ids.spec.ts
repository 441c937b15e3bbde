import { expect, signInAs, test } from "./support/fixtures";

// A claim with a tax ID on a 375 px phone, in English and in Spanish: a mistyped cédula is refused
// with the format message and what was typed kept, the corrected one is sent; an admin (the browser
// tests' server has no HACIENDA_API_URL, so the page says to check by hand) approves the claim and
// gives the listing its "registered business" mark by hand; the listing shows it, with its cédula
// jurídica in the page's JSON-LD. The demo listing that carries the mark shows it too.

const copy = {
  en: {
    sendClaim: "Send claim",
    claimSent: "Claim sent",
    format: "Please enter a cédula jurídica",
    byHand: "The Hacienda lookup is not set up",
    approve: "Approve",
    approved: "Claim approved",
    mark: "Mark as registered business",
    marked: "Registered business mark given",
    badge: "Registered business · cédula jurídica",
    registered: "Registered business",
  },
  es: {
    sendClaim: "Enviar solicitud",
    claimSent: "Solicitud enviada",
    format: "Escriba una cédula jurídica",
    byHand: "La consulta a Hacienda no está configurada",
    approve: "Aprobar",
    approved: "Solicitud aprobada",
    mark: "Marcar como negocio inscrito",
    marked: "Marca de negocio inscrito otorgada",
    badge: "Negocio inscrito · cédula jurídica",
    registered: "Negocio inscrito",
  },
} as const;

const cases = [
  { language: "en", slug: "taqueria-el-potrero", name: "Taquería El Potrero", taxId: "3-101-246810" },
  { language: "es", slug: "restaurante-las-brasas", name: "Restaurante Las Brasas", taxId: "3-102-135791" },
] as const;

test.describe("tax IDs on claims, on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  for (const item of cases) {
    test(`[OWNER][ADMIN][MOBILE] a claim with a tax ID, the mark by hand and the mark on the listing (${item.language})`, async ({
      page,
      browser,
    }) => {
      test.slow();
      const text = copy[item.language];
      const prefix = item.language === "es" ? "/es" : "";

      await signInAs(page, { firstName: `Taxid${item.language}`, preferredLanguage: item.language });
      await page.goto(`${prefix}/business/${item.slug}/claim`);
      await page.locator('input[name="claimType"][value="business_owner"]').check();
      await page.locator('input[name="verificationMethod"][value="documents"]').check();
      await page.locator('input[name="contactDetails"]').fill("+506 8888 3333");
      const taxId = page.locator('input[name="taxId"]');
      await taxId.fill("3-101-12345");
      await page.getByRole("button", { name: text.sendClaim }).click();
      await expect(page.getByText(text.format)).toBeVisible();
      await expect(taxId).toHaveValue("3-101-12345");
      await expect(page.locator('input[name="contactDetails"]')).toHaveValue("+506 8888 3333");
      await taxId.fill(item.taxId);
      await page.getByRole("button", { name: text.sendClaim }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/claims\\?submitted=1`));
      await expect(page.getByTestId("toast")).toContainText(text.claimSent);

      const adminContext = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true });
      const admin = await adminContext.newPage();
      try {
        await signInAs(admin, { roles: ["admin"], preferredLanguage: item.language });
        await admin.goto(`${prefix}/admin/claims`);
        const pending = admin.getByTestId("admin-claim").filter({ hasText: item.name });
        await expect(pending.getByTestId("claim-tax-id")).toContainText(item.taxId);
        await expect(pending.getByTestId("claim-tax-check")).toContainText(text.byHand);
        await pending.getByRole("button", { name: text.approve }).click();
        await expect(admin.getByTestId("toast")).toContainText(text.approved);

        await admin.goto(`${prefix}/admin/claims?status=approved`);
        const approved = admin.getByTestId("admin-claim").filter({ hasText: item.name }).first();
        await approved.getByRole("button", { name: text.mark }).click();
        await expect(admin.getByTestId("toast")).toContainText(text.marked);
        await expect(
          admin
            .getByTestId("admin-claim")
            .filter({ hasText: item.name })
            .first()
            .getByRole("button", { name: text.mark }),
        ).toHaveCount(0);
      } finally {
        await adminContext.close();
      }

      await page.goto(`${prefix}/business/${item.slug}`);
      await expect(page.getByTestId("registered-business")).toHaveText(`${text.badge} ${item.taxId}`);
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(jsonLd.join("")).toContain(`"taxID":"${item.taxId}"`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // The demo listing that carries the mark.
      await page.goto(`${prefix}/business/hotel-vista-catalinas`);
      await expect(page.getByTestId("registered-business")).toContainText(text.registered);
    });
  }
});
