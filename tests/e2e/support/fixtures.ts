import { type APIRequestContext, type BrowserContext, test as base, expect, type Page } from "@playwright/test";

// What every browser test uses instead of @playwright/test's own `test`:
// - any console error or uncaught page error in any page of the test's browser context fails the
//   test, unless the test allows it with allowConsoleErrors(pattern) and says why;
// - signInAs(page, { roles }) makes a user and a session directly (test-only /_e2e/users, the
//   same factory the integration tests use): no sign-in form, no password hashing;
// - readOutbox(to) reads the emails queued for an address from the outbox table (/_e2e/outbox).
// The sign-in form itself is covered once, in accounts.spec.ts.

export type Role = "user" | "business_owner" | "admin";
export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}
export interface UserOptions {
  roles?: Role[];
  firstName?: string;
  lastName?: string;
  preferredLanguage?: "en" | "es";
  /** A member (an older account with published activity) rather than a new one. */
  established?: boolean;
}
export interface OutboxEmail {
  to: string;
  subject: string;
  text: string;
}

async function postUser(
  request: APIRequestContext,
  options: UserOptions & { signIn: boolean; userId?: string },
): Promise<TestUser> {
  // Resource routes refuse cross-origin POSTs: say we come from the site, as its pages would.
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const response = await request.post("/_e2e/users", {
    form: { payload: JSON.stringify(options) },
    headers: { origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TestUser;
}

/** A confirmed user with the given roles (no session). */
export function createUser(request: APIRequestContext, options: UserOptions = {}) {
  return postUser(request, { ...options, signIn: false });
}

/**
 * Signs this page's browser context in: as a fresh user with the given roles, or as `user` (one
 * made earlier with createUser or signInAs). The context's request client shares its cookie jar,
 * so the session cookie lands in the browser.
 */
export function signInAs(target: Page | BrowserContext, options: UserOptions | { user: TestUser } = {}) {
  const context = "context" in target ? target.context() : target;
  if ("user" in options) return postUser(context.request, { userId: options.user.id, signIn: true });
  return postUser(context.request, { ...options, signIn: true });
}

/**
 * A verified restaurant listing owned by `ownerId` (test-only /_e2e/businesses, the integration
 * tests' factory): with its own live premium plan when `premium`, and a phone when given.
 */
export async function createListing(
  request: APIRequestContext,
  options: { ownerId: string; name: string; premium?: boolean; phone?: string },
) {
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const response = await request.post("/_e2e/businesses", {
    form: { payload: JSON.stringify(options) },
    headers: { origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; slug: string };
}

/** The newest email to `to`, waiting for the outbox to have one (optionally matching `subject`). */
export async function readOutbox(request: APIRequestContext, to: string, options: { subject?: RegExp } = {}) {
  let found: OutboxEmail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/_e2e/outbox?to=${encodeURIComponent(to)}`);
        const emails = (await response.json()) as OutboxEmail[];
        found = emails.find((email) => !options.subject || options.subject.test(email.subject));
        return Boolean(found);
      },
      { message: `an email to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as OutboxEmail;
}

interface Fixtures {
  /** Lets console errors and page errors matching `pattern` through for this test; say why. */
  allowConsoleErrors: (pattern: RegExp) => void;
  /** Watches every browser context of the test (the default one and any the test opens). */
  consoleErrorGuard: RegExp[];
}

export const test = base.extend<Fixtures>({
  consoleErrorGuard: [
    async ({ browser, context }, use, testInfo) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      const record = (text: string, where: string) => {
        if (!allowed.some((pattern) => pattern.test(text))) errors.push(`${text} (at ${where})`);
      };
      // A 4xx page or form reply (the not-found page, a form answered 400 with its messages, a
      // 401/429 sign-in) is the app answering, shown to the visitor and asserted by the test;
      // Chromium still logs it as a failed resource. Those documents and React Router data
      // requests are let through; 5xx, and 4xx on anything else (images, scripts, APIs), fail.
      const answered = new Set<string>();
      const siteOrigin = new URL(testInfo.project.use.baseURL ?? "http://127.0.0.1").origin;
      const watch = (watched: BrowserContext) => {
        watched.on("response", (response) => {
          const status = response.status();
          const isDataRequest = new URL(response.url()).pathname.endsWith(".data");
          if (status >= 400 && status < 500 && (response.request().isNavigationRequest() || isDataRequest))
            answered.add(response.url());
        });
        watched.on("console", (message) => {
          if (message.type() !== "error") return;
          const url = message.location().url;
          if (
            /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) &&
            answered.has(url)
          )
            return;
          // The test machine has no Internet: third-party resources (map tiles) cannot load there.
          // Only network failures of other origins are let through; the site's own still fail.
          if (/^Failed to load resource: net::/.test(message.text()) && url && !url.startsWith(siteOrigin)) return;
          record(message.text(), message.page()?.url() ?? "?");
        });
        watched.on("weberror", (error) => record(String(error.error()), error.page()?.url() ?? "?"));
      };
      watch(context);
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const created = await newContext.apply(browser, args);
        watch(created);
        return created;
      };
      try {
        await use(allowed);
      } finally {
        browser.newContext = newContext;
      }
      expect(errors, "console errors or uncaught page errors in the browser").toEqual([]);
    },
    { auto: true },
  ],
  allowConsoleErrors: async ({ consoleErrorGuard }, use) => {
    await use((pattern) => consoleErrorGuard.push(pattern));
  },
});

export { expect };
