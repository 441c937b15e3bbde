import type { Page } from "@playwright/test";

/**
 * Waits until the page has hydrated. A cached anonymous page starts its scripts only when the
 * visitor turns to something that needs them (decision 012); a key press is one such turn, and
 * changes nothing on the page. On a page that hydrates at load (signed in) it only waits.
 */
export async function hydrate(page: Page) {
  await page.keyboard.press("Shift");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
