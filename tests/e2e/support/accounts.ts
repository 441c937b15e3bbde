import { type Browser, expect, type Page } from "@playwright/test";

// Demo accounts seeded when SEED_DEMO_USERS=1 (the e2e server sets it); see README "Demo accounts".
export const demoAccounts = {
  admin: { email: "admin@demo.playahub.test", password: "demo-admin-pura-vida" },
  owner: { email: "owner@demo.playahub.test", password: "demo-owner-pura-vida" },
  user: { email: "user@demo.playahub.test", password: "demo-user-pura-vida" },
} as const;

/** Signs in through the /auth form (no JavaScript needed) and waits for the redirect. */
export async function signIn(
  page: Page,
  account: { email: string; password: string },
  options: { language?: "en" | "es"; redirectTo?: string } = {},
) {
  const prefix = options.language === "es" ? "/es" : "";
  const query = options.redirectTo ? `?redirectTo=${encodeURIComponent(options.redirectTo)}` : "";
  await page.goto(`${prefix}/auth${query}`);
  const form = page.locator("form#sign-in");
  await form.locator('input[name="email"]').fill(account.email);
  await form.locator('input[name="password"]').fill(account.password);
  await form.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/auth(\?|$)/);
}

export function uniqueEmail(tag: string) {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/** Reads the newest email to `to` from the admin outbox (the embedded mode keeps every email). */
export async function readOutbox(browser: Browser, to: string): Promise<{ subject: string; body: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, demoAccounts.admin, { redirectTo: `/admin/outbox?to=${encodeURIComponent(to)}` });
    const entry = page.getByTestId("outbox-entry").first();
    await expect(entry).toBeVisible();
    const subject = (await entry.locator("p.font-semibold").textContent()) ?? "";
    const body = (await entry.getByTestId("outbox-body").textContent()) ?? "";
    return { subject, body };
  } finally {
    await context.close();
  }
}

export function linkIn(body: string, path: string): string {
  const match = body.match(new RegExp(`https?://[^\\s]+${path.replace(/\//g, "\\/")}\\?token=[^\\s]+`));
  if (!match) throw new Error(`no ${path} link in: ${body}`);
  return match[0];
}

/** Signs up through /auth, confirms through the outbox link and signs in: a fresh account of one's own. */
export async function signUpAndSignIn(page: Page, browser: Browser, options: { firstName?: string } = {}) {
  const email = uniqueEmail("fresh");
  const password = "cashew trees at dusk";
  await page.goto("/auth?mode=signup");
  const form = page.locator("form#sign-up");
  await form.locator('input[name="firstName"]').fill(options.firstName ?? "Fresh");
  await form.locator('input[name="lastName"]').fill("Account");
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId("notice")).toBeVisible();
  const message = await readOutbox(browser, email);
  await page.goto(linkIn(message.body, "/auth/verify"));
  await signIn(page, { email, password });
  return { email, password };
}
