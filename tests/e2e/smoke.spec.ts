import { expect, test } from "@playwright/test";

test("[VISITOR] the home page answers in English and Spanish", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
});
