import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./support/fixtures";

// Feedback (spec §9): a completed action's toast, with and without JavaScript, and tooltips that
// open on keyboard focus after 700 ms.

/** A signed-in user's draft listing (its first step saved), answering its dashboard hours page. */
async function draftHoursPage(page: Page, language: "en" | "es") {
  const prefix = language === "es" ? "/es" : "";
  await signInAs(page, { preferredLanguage: language });
  await page.goto(`${prefix}/list-business`);
  await page
    .getByLabel(language === "es" ? "Nombre del negocio" : "Business name")
    .fill(`Toast ${Date.now().toString(36)}`);
  await page.getByLabel(language === "es" ? "Categoría" : "Category").selectOption("restaurant");
  await page.getByLabel(language === "es" ? "Zona" : "Area").selectOption("huacas");
  await page.getByRole("button", { name: language === "es" ? "Guardar y continuar" : "Save and continue" }).click();
  await expect(page).toHaveURL(/step=about/);
  const id = new URL(page.url()).searchParams.get("id");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const hours = `${prefix}/dashboard/business/${id}/hours`;
  await page.goto(hours);
  return hours;
}

test("[OWNER][TOAST] saving hours shows a toast that leaves by itself, and the page passes axe", async ({ page }) => {
  const hours = await draftHoursPage(page, "en");
  await page.locator('input[name="d1p0open"]').fill("08:00");
  await page.locator('input[name="d1p0close"]').fill("16:00");
  await page.getByRole("button", { name: "Save hours" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toHaveText("Opening hours saved.");
  await expect(page).toHaveURL(new RegExp(`${hours}$`));
  // In the live region, so screen readers announce it.
  await expect(page.getByTestId("toaster")).toHaveAttribute("aria-live", "polite");
  expect((await toast.boundingBox())?.width).toBeLessThanOrEqual(356);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  // 4000 ms later it is gone.
  await expect(toast).toHaveCount(0, { timeout: 8000 });
  // Read once: a reload does not bring it back.
  await page.reload();
  await expect(page.getByTestId("toast")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("[OWNER][TOAST] the same save shows the message on the next page, dismissible, in Spanish", async ({ page }) => {
    const hours = await draftHoursPage(page, "es");
    await page.locator('input[name="d1p0open"]').fill("08:00");
    await page.locator('input[name="d1p0close"]').fill("16:00");
    await page.getByRole("button", { name: "Guardar horario" }).click();
    await expect(page).toHaveURL(new RegExp(`${hours}$`));
    const toast = page.getByTestId("toast");
    await expect(toast).toHaveText("Horario guardado.");
    await expect(page.locator('input[name="d1p0open"]')).toHaveValue("08:00");
    // Its close control works without a script.
    await toast.getByLabel("Cerrar").click();
    await expect(toast).toBeHidden();
    await page.reload();
    await expect(page.getByTestId("toast")).toHaveCount(0);
  });

  test("[USER][TOAST] signing out shows a toast on the home page, which is then never cached nor stored", async ({
    page,
  }) => {
    await signInAs(page);
    await page.goto("/dashboard");
    const [response] = await Promise.all([
      page.waitForResponse((answer) => new URL(answer.url()).pathname === "/" && answer.request().method() === "GET"),
      page.getByRole("button", { name: "Sign out" }).first().click(),
    ]);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(response.headers()["x-cache"]).toBeUndefined();
    await expect(page.getByTestId("toast")).toHaveText("You're signed out. See you soon!");
    // Another visitor's copy of the home page never carries it.
    const other = await page.request.get("/", { headers: { cookie: "" } });
    expect(await other.text()).not.toContain(`data-testid="toast"`);
  });
});

test("[VISITOR][TOOLTIP] the beach report's explanation opens on keyboard focus after 700 ms", async ({ page }) => {
  await page.goto("/beach-report");
  const trigger = page.getByRole("button", { name: "How is this worked out?" }).first();
  const id = await trigger.getAttribute("aria-describedby");
  expect(id).toBeTruthy();
  const tip = page.locator(`[id="${id}"]`);
  await expect(tip).toHaveAttribute("role", "tooltip");
  await expect(tip).toBeHidden();
  await trigger.focus();
  await page.waitForTimeout(300);
  await expect(tip).toBeHidden();
  await expect(tip).toBeVisible({ timeout: 1500 });
  // Escape hides it (WCAG 1.4.13).
  await page.keyboard.press("Escape");
  await expect(tip).toBeHidden();
});
