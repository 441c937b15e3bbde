import { expect, type Page } from "@playwright/test";

// The sign-in form, for accounts.spec.ts (every other spec signs in with signInAs, see fixtures.ts).
// Demo accounts seeded when SEED_DEMO_USERS=1 (the e2e server sets it); see README "Demo accounts".
export const demoAccounts = {
  admin: { email: "admin@demo.playahub.test", password: "demo-admin-pura-vida" },
  owner: { email: "owner@demo.playahub.test", password: "demo-owner-pura-vida" },
  user: { email: "user@demo.playahub.test", password: "demo-user-pura-vida" },
  agent: { email: "agent@demo.playahub.test", password: "demo-agent-pura-vida" },
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

export function linkIn(body: string, path: string): string {
  const match = body.match(new RegExp(`https?://[^\\s]+${path.replace(/\//g, "\\/")}\\?token=[^\\s]+`));
  if (!match) throw new Error(`no ${path} link in: ${body}`);
  return match[0];
}
