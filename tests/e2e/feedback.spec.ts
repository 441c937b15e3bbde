import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./support/fixtures";
import { hydrate } from "./support/hydrate";

// Feedback (docs/decisions/006-toasts-and-tooltips.md): a completed action's toast, with and
// without JavaScript, and tooltips that open on hover and keyboard focus after 700 ms, on the beach
// report and on icon-only controls.

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

/** A fresh signed-in visitor's review form on a demo business page. */
async function reviewForm(page: Page, language: "en" | "es") {
  await signInAs(page, { preferredLanguage: language });
  const path = `${language === "es" ? "/es" : ""}/business/panaderia-dona-rosa`;
  await page.goto(path);
  const form = page.locator("form#review-form");
  await expect(form).toBeVisible();
  return { form, path };
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

test("[USER][TOAST] publishing a review shows a toast in place of the old inline notice, and a reload posts nothing", async ({
  page,
}) => {
  const { form, path } = await reviewForm(page, "en");
  await hydrate(page);
  const body = `Toast check ${Date.now().toString(36)}: the pan de coco is still warm at seven.`;
  await form.locator('input[name="rating"][value="5"]').check();
  await form.locator('textarea[name="body"]').fill(body);
  await form.getByRole("button", { name: "Publish review" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Review published. Thanks for sharing!");
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByTestId("review").filter({ hasText: body })).toHaveCount(1);
  await expect(page.getByTestId("notice")).toHaveCount(0);
  // Post/redirect/get: a reload asks for the page again and shows neither a second review nor the toast.
  await page.reload();
  await expect(page.getByTestId("toast")).toHaveCount(0);
  await expect(page.getByTestId("review").filter({ hasText: body })).toHaveCount(1);
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

  test("[USER][TOAST] publishing a review shows its toast on the redirected page, in Spanish", async ({ page }) => {
    const { form, path } = await reviewForm(page, "es");
    const body = `Prueba ${Date.now().toString(36)}: el pan casero sale calientito a las siete.`;
    await form.locator('input[name="rating"][value="4"]').check();
    await form.locator('textarea[name="body"]').fill(body);
    await form.getByRole("button", { name: "Publicar reseña" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    const toast = page.getByTestId("toast");
    await expect(toast).toHaveText("Reseña publicada. ¡Gracias por contarnos!");
    await expect(page.getByTestId("review").filter({ hasText: body })).toHaveCount(1);
    await toast.getByLabel("Cerrar").click();
    await expect(toast).toBeHidden();
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

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("[VISITOR][TOOLTIP] the menu button's tooltip opens on hover and on focus after 700 ms, and names the close button once open", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrate(page);
    const button = page.getByTestId("mobile-menu-button");
    await expect(button).toBeVisible();
    await expect(button).toHaveAccessibleName("Menu");
    const tip = button.locator('.tooltip-bubble[data-tooltip="Menu"]');
    // A repeat of the accessible name for sighted users: hidden from screen readers.
    await expect(tip).toHaveAttribute("aria-hidden", "true");
    await expect(tip).toBeHidden();

    await button.hover();
    await page.waitForTimeout(300);
    await expect(tip).toBeHidden();
    await expect(tip).toBeVisible({ timeout: 1500 });
    // Inside the 375 px screen, not cut off at its edge.
    const box = await tip.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    await page.mouse.move(10, 600);
    await expect(tip).toBeHidden();

    // Keyboard: focus shows it after the same delay, Escape hides it.
    await page.keyboard.press("Escape");
    await page.waitForTimeout(400); // past the 300 ms skip window
    await button.focus();
    await page.waitForTimeout(300);
    await expect(tip).toBeHidden();
    await expect(tip).toBeVisible({ timeout: 1500 });
    await page.keyboard.press("Escape");
    await expect(tip).toBeHidden();

    // Open, the same button closes the menu: its name and tooltip say so.
    await button.blur();
    await button.click();
    await expect(page.getByTestId("mobile-menu")).toHaveAttribute("open", "");
    await expect(button).toHaveAccessibleName("Close menu");
    await button.hover();
    await expect(button.locator('.tooltip-bubble[data-tooltip="Close menu"]')).toBeVisible({ timeout: 1500 });
  });
});
