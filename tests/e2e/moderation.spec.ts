import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./support/fixtures";

// Moderation end to end: three members report a review, which is hidden pending review at the
// threshold; an admin hides it from the moderation queue with a reason; its author reads why on
// their dashboard, in their language. A listing other specs do not look at.

const listing = "/business/home-watch-potrero";

const copy = {
  en: {
    report: "Report",
    send: "Send report",
    sent: "Report sent. A moderator will look at it.",
    reports: "3 reports",
    hide: "Hide",
    apply: "Apply decision",
    hidden: "Hidden. The author has been told why.",
    reason: "Advertising another business",
    notice: "was hidden by a moderator",
  },
  es: {
    report: "Reportar",
    send: "Enviar reporte",
    sent: "Reporte enviado. Un moderador lo revisará.",
    reports: "3 reportes",
    hide: "Ocultar",
    apply: "Aplicar decisión",
    hidden: "Ocultado. Se le explicó el motivo al autor.",
    reason: "Publicidad de otro negocio",
    notice: "Un moderador ocultó su reseña",
  },
} as const;

async function expectAxeClean(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const language of ["en", "es"] as const) {
  test(`[MEMBER][ADMIN] three members report a review, the admin hides it, the author sees why (${language})`, async ({
    browser,
    page,
  }) => {
    test.setTimeout(120_000);
    const text = copy[language];
    const prefix = language === "es" ? "/es" : "";
    const baseURL = test.info().project.use.baseURL;
    const body = `Moderation ${language} ${Date.now()}: skip them, call my cousin's company instead.`;

    // The author writes a review.
    await signInAs(page, { preferredLanguage: language, firstName: "Autora" });
    await page.goto(prefix + listing);
    const form = page.locator("form#review-form");
    await form.locator('input[name="rating"][value="1"]').check();
    await form.locator('textarea[name="body"]').fill(body);
    await form.locator('button[type="submit"]').click();
    await expect(page.getByTestId("review").filter({ hasText: body })).toBeVisible();

    // Three established members report it; at the third it leaves the page, pending review.
    for (let index = 0; index < 3; index += 1) {
      const context = await browser.newContext({ baseURL });
      const reporter = await context.newPage();
      await signInAs(reporter, { established: true, preferredLanguage: language });
      await reporter.goto(prefix + listing);
      const review = reporter.getByTestId("review").filter({ hasText: body });
      await review.getByText(text.report, { exact: true }).click();
      const reportForm = review.locator("form");
      await reportForm.locator('select[name="reason"]').selectOption("spam");
      await reportForm.locator('textarea[name="note"]').fill(`Reporter ${index + 1}: an advert`);
      // The business page's own layout is checked by directory.spec.ts; here, the report control.
      if (index === 0) await expectAxeClean(reporter, '[data-testid="report-control"]');
      await reportForm.getByRole("button", { name: text.send }).click();
      await expect(reporter.getByText(text.sent)).toBeVisible();
      await expect(reporter).toHaveURL(new RegExp(`${prefix}${listing}`));
      if (index === 2) await expect(reporter.getByTestId("review").filter({ hasText: body })).toHaveCount(0);
      await context.close();
    }

    // An admin, on a phone, hides it from the queue with a reason.
    const adminContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
    const admin = await adminContext.newPage();
    await signInAs(admin, { roles: ["admin"] });
    await admin.goto(`${prefix}/admin/moderation`);
    const item = admin.getByTestId("moderation-item").filter({ hasText: body });
    await expect(item).toBeVisible();
    await expect(item).toContainText(text.reports);
    await expectNoOverflow(admin);
    await expectAxeClean(admin);
    await item.getByLabel(text.hide, { exact: true }).check();
    await item.locator('textarea[name="reason"]').fill(text.reason);
    await item.getByRole("button", { name: text.apply }).click();
    await expect(admin.getByText(text.hidden)).toBeVisible();
    await expect(admin.getByTestId("moderation-item").filter({ hasText: body })).toHaveCount(0);
    await adminContext.close();

    // The author reads why on their dashboard.
    await page.goto(`${prefix}/dashboard`);
    const notice = page.getByTestId("moderation-notice").first();
    await expect(notice).toContainText(text.notice);
    await expect(notice).toContainText(text.reason);
    await expectAxeClean(page);
  });
}
