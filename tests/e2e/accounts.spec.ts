import { demoAccounts, linkIn, signIn, uniqueEmail } from "./support/accounts";
import { createUser, expect, readOutbox, signInAs, test } from "./support/fixtures";

// The one spec that signs in through the real form (sign-up, confirmation, sign-in, redirects,
// lockout); everywhere else a test starts signed in through signInAs.

const copy = {
  en: {
    signUpTab: "Create account",
    checkEmail: "Check your email",
    verified: "Your email is confirmed",
    greeting: "Hello, Lucía",
    signOut: "Sign out",
    signIn: "Sign in",
    subject: /Confirm your email/,
    spamAndExpiry: "check your spam folder. The link expires in 24 hours.",
  },
  es: {
    signUpTab: "Crear cuenta",
    checkEmail: "Revise su correo",
    verified: "Su correo está confirmado",
    greeting: "Hola, Lucía",
    signOut: "Cerrar sesión",
    signIn: "Iniciar sesión",
    subject: /Confirme su correo/,
    spamAndExpiry: "revise la carpeta de correo no deseado. El enlace vence en 24 horas.",
  },
} as const;

for (const language of ["en", "es"] as const) {
  test(`[VISITOR] signs up, confirms from the outbox, signs in, reaches the dashboard and signs out (${language})`, async ({
    page,
    request,
  }) => {
    const text = copy[language];
    const prefix = language === "es" ? "/es" : "";
    const email = uniqueEmail(`flow-${language}`);
    const password = "mangos en la playa 2024";

    // Sent to sign in on the way to a private page: signing up keeps where we were going.
    await page.goto(`${prefix}/dashboard/settings`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/auth\\?redirectTo=`));
    await page.getByRole("link", { name: text.signUpTab, exact: true }).first().click();
    const form = page.locator("form#sign-up");
    await form.locator('input[name="firstName"]').fill("Lucía");
    await form.locator('input[name="lastName"]').fill("Rodríguez Mora");
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="password"]').fill(password);
    await form.locator('button[type="submit"]').click();
    const notice = page.getByTestId("notice").filter({ hasText: text.checkEmail });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(email);
    await expect(notice).toContainText(text.spamAndExpiry);

    // The link from the outbox, in the same browser: confirmed, signed in, and where we were going.
    const message = await readOutbox(request, email);
    expect(message.subject).toMatch(text.subject);
    // Emailed links use SITE_URL (localhost here); the browser signed up on 127.0.0.1, and cookies
    // belong to a host, so the same browser follows the link's path on the host it used.
    const emailed = new URL(linkIn(message.text, `${prefix}/auth/verify`));
    const link = emailed.pathname + emailed.search;
    expect(emailed.searchParams.get("redirectTo")).toBe(`${prefix}/dashboard/settings`);
    await page.goto(link);
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/settings$`));
    await expect(page.getByTestId("header-dashboard").first()).toBeVisible();
    await page.locator("header").getByRole("button", { name: text.signOut }).first().click();
    await expect(page.locator("header").getByRole("link", { name: text.signIn }).first()).toBeVisible();

    // Opened again (another browser, or later): it says the address is confirmed and asks to sign in.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.verified);

    await signIn(page, { email, password }, { language });
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.greeting);
    await expect(page.getByTestId("header-dashboard").first()).toBeVisible();
    await expect(page.getByTestId("header-admin")).toHaveCount(0);

    await page.locator("header").getByRole("button", { name: text.signOut }).first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix || "/"}$`));
    await expect(page.locator("header").getByRole("link", { name: text.signIn }).first()).toBeVisible();
    // The session ended on the server: the dashboard sends us back to sign in.
    await page.goto(`${prefix}/dashboard`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/auth\\?redirectTo=`));
  });
}

test("[USER] a non-admin is bounced from /admin to /dashboard", async ({ page }) => {
  await signInAs(page, { roles: ["business_owner"] });
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/es/admin");
  await expect(page).toHaveURL(/\/es\/dashboard$/);
});

test("[VISITOR] a signed-out visitor goes to /auth and comes back after signing in", async ({ page }) => {
  await page.goto("/dashboard/settings");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard%2Fsettings$/);
  const form = page.locator("form#sign-in");
  await form.locator('input[name="email"]').fill(demoAccounts.user.email);
  await form.locator('input[name="password"]').fill(demoAccounts.user.password);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
});

test("[VISITOR] redirectTo never leaves the site", async ({ page }) => {
  await signIn(page, demoAccounts.user, { redirectTo: "https://evil.example/steal" });
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
});

test("[ADMIN] the header shows Admin, and the admin area lists users and the audit log", async ({ page, request }) => {
  const owner = await createUser(request, { roles: ["business_owner"], firstName: "Olga", lastName: "Owner" });
  await signInAs(page, { roles: ["admin"] });
  await page.goto("/");
  await page.getByTestId("header-admin").first().click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("stat-total")).toBeVisible();
  await page.goto(`/admin/users?q=${encodeURIComponent(owner.email)}`);
  await page.getByRole("link", { name: "Olga Owner" }).click();
  await expect(page.getByTestId("user-role")).toHaveText("Business owner");
});

test("[ADMIN] grants and revokes a role; the audit log on the page says who did what", async ({ page, request }) => {
  const target = await createUser(request, { firstName: "Rosa", lastName: "Vecina" });
  await signInAs(page, { roles: ["admin"], firstName: "Ana", lastName: "Admin" });
  await page.goto(`/es/admin/users?q=${encodeURIComponent(target.email)}`);
  await page.getByRole("link", { name: "Rosa Vecina" }).click();
  await page.locator("#grant-role").selectOption("business_owner");
  await page.getByRole("button", { name: "Otorgar" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Rol otorgado." })).toBeVisible();
  await expect(page.getByTestId("user-role")).toHaveText("Dueño de negocio");
  await page.getByTestId("revoke-business_owner").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Rol quitado." })).toBeVisible();
  await expect(page.getByTestId("user-role")).toHaveText("Usuario");
  const audit = page.getByTestId("audit-table");
  await expect(audit).toContainText("otorgó el rol Dueño de negocio");
  await expect(audit).toContainText("quitó el rol Dueño de negocio");
  await expect(audit).toContainText("Ana Admin");
});

const hostile = [
  "a".repeat(5000),
  "<script>alert(1)</script>",
  "'; DROP TABLE users; --",
  "🌴🌊🦩",
  "\u0000\u0007",
  " ",
];

for (const javaScriptEnabled of [true, false]) {
  test(`[VISITOR] hostile input in every sign-up and sign-in field gets a clear message, never a 500 (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const statuses: number[] = [];
    page.on("response", (response) => {
      if (response.request().method() === "POST") statuses.push(response.status());
    });
    await page.goto("/auth?mode=signup");
    for (const value of hostile) {
      const form = page.locator("form#sign-up");
      await form.locator('input[name="firstName"]').fill(value);
      await form.locator('input[name="lastName"]').fill(value);
      await form.locator('input[name="email"]').fill(value);
      await form.locator('input[name="password"]').fill(value.slice(0, 3));
      await form.locator('button[type="submit"]').click();
      await expect(form.getByTestId("field-error").first()).toBeVisible();
      // Email is always invalid here; the password is always too short.
      await expect(form.locator('input[name="email"]')).toHaveAttribute("aria-invalid", "true");
      await expect(form.locator('input[name="password"]')).toHaveAttribute("aria-invalid", "true");
    }
    await page.goto("/auth");
    for (const value of hostile) {
      const form = page.locator("form#sign-in");
      await form.locator('input[name="email"]').fill(value);
      await form.locator('input[name="password"]').fill(value);
      await form.locator('button[type="submit"]').click();
      await expect(form.getByTestId("field-error").first()).toBeVisible();
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    // Without JavaScript every attempt reached the server and was refused there.
    if (!javaScriptEnabled) expect(statuses.length).toBe(hostile.length * 2);
    await context.close();
  });
}

test("[VISITOR] without JavaScript, the server answers every field in Spanish and keeps the typed values but not the password", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/es/auth?mode=signup");
  const form = page.locator("form#sign-up");
  await form.locator('input[name="firstName"]').fill("<b>Ana</b>");
  await form.locator('input[name="lastName"]').fill("'; DROP TABLE users; --");
  await form.locator('input[name="email"]').fill("ana@@ejemplo");
  await form.locator('input[name="password"]').fill("password1");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    form.locator('button[type="submit"]').click(),
  ]);
  expect(response.status()).toBe(400);
  const after = page.locator("form#sign-up");
  await expect(after).toContainText("Los nombres no pueden llevar < ni >");
  await expect(after).toContainText("Escriba un correo válido");
  await expect(after).toContainText("Esta contraseña es muy común");
  await expect(after.locator('input[name="lastName"]')).toHaveValue("'; DROP TABLE users; --");
  await expect(after.locator('input[name="email"]')).toHaveValue("ana@@ejemplo");
  await expect(after.locator('input[name="password"]')).toHaveValue("");
  await context.close();
});

test("[VISITOR] an empty last name in Spanish asks for the last name, not the name", async ({ page }) => {
  await page.goto("/es/auth?mode=signup");
  const form = page.locator("form#sign-up");
  await form.locator('input[name="firstName"]').fill("Ana");
  await form.locator('input[name="email"]').fill(uniqueEmail("apellidos"));
  await form.locator('input[name="password"]').fill("mangos en la playa 2024");
  await form.locator('button[type="submit"]').click();
  const lastName = form.locator('input[name="lastName"]');
  await expect(lastName).toHaveAttribute("aria-invalid", "true");
  await expect(form).toContainText("Escriba sus apellidos.");
  await expect(form).not.toContainText("Escriba su nombre.");
});

test("[VISITOR] a wrong password and an unknown email get the same answer; repeated failures get a translated 429", async ({
  page,
}) => {
  const target = uniqueEmail("limit");
  await page.goto("/es/auth");
  let lastStatus = 0;
  page.on("response", (response) => {
    if (response.request().method() === "POST") lastStatus = response.status();
  });
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const form = page.locator("form#sign-in");
    await form.locator('input[name="email"]').fill(target);
    await form.locator('input[name="password"]').fill(`wrong password ${attempt}`);
    await form.locator('button[type="submit"]').click();
    await expect(page.getByTestId("form-error")).toHaveText("El correo o la contraseña no son correctos.");
  }
  const form = page.locator("form#sign-in");
  await form.locator('input[name="email"]').fill(target);
  await form.locator('input[name="password"]').fill("one more try");
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId("form-error")).toContainText("Demasiados intentos");
  expect(lastStatus).toBe(429);
  // The demo user's wrong password reads exactly like the unknown address above.
  await page.goto("/es/auth");
  const again = page.locator("form#sign-in");
  await again.locator('input[name="email"]').fill(demoAccounts.user.email);
  await again.locator('input[name="password"]').fill("not the password at all");
  await again.locator('button[type="submit"]').click();
  await expect(page.getByTestId("form-error")).toHaveText("El correo o la contraseña no son correctos.");
});

test("[USER] on a 375 px phone the menu holds Dashboard and Sign out", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signInAs(page);
  await page.goto("/");
  await page.getByTestId("mobile-menu").locator("summary").click();
  const menu = page.getByTestId("mobile-menu");
  await expect(menu.getByTestId("header-dashboard")).toBeVisible();
  await expect(menu.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(menu.getByTestId("header-admin")).toHaveCount(0);
  for (const path of ["/", "/dashboard", "/es/dashboard/settings", "/auth?mode=signup"]) {
    if (path !== "/") await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await context.close();
});

test("[USER] settings: name, language preference, password change and account deletion", async ({ page }) => {
  const account = await signInAs(page, { firstName: "Marisol" });
  await page.goto("/dashboard/settings");
  const profile = page.locator("form#settings-profile");
  await profile.locator('input[name="firstName"]').fill("Marisol 🌺");
  await profile.locator('button[type="submit"]').click();
  await expect(page.getByTestId("toast")).toHaveText("Your profile has been saved.");

  await page.locator("form#settings-language select").selectOption("es");
  await page.locator("form#settings-language").getByRole("button").click();
  await expect(page).toHaveURL(/\/es\/dashboard\/settings$/);
  await expect(page.getByTestId("toast")).toHaveText("Listo, guardamos su idioma preferido.");

  const password = page.locator("form#settings-password");
  await password.locator('input[name="currentPassword"]').fill("not my password");
  await password.locator('input[name="newPassword"]').fill("a brand new long phrase");
  await password.locator('button[type="submit"]').click();
  await expect(password.getByTestId("field-error")).toHaveText("La contraseña actual no es correcta.");
  await password.locator('input[name="currentPassword"]').fill(account.password);
  await password.locator('input[name="newPassword"]').fill("a brand new long phrase");
  await password.locator('button[type="submit"]').click();
  await expect(page.getByTestId("toast").filter({ hasText: "Listo, cambiamos su contraseña." })).toBeVisible();
  await expect(page).toHaveURL(/\/es\/dashboard\/settings$/);
  await page.goto("/es/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hola, Marisol 🌺");

  await page.goto("/es/dashboard/settings");
  const remove = page.locator("form#settings-delete");
  await remove.locator('input[name="confirmEmail"]').fill(account.email);
  await remove.locator('input[name="password"]').fill("a brand new long phrase");
  await remove.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/es$/);
  // The saved language preference (cookie) now sends /auth to /es/auth.
  await signInExpectFailure(
    page,
    account.email,
    "a brand new long phrase",
    "El correo o la contraseña no son correctos.",
  );
});

async function signInExpectFailure(
  page: import("@playwright/test").Page,
  email: string,
  password: string,
  message: string,
) {
  await page.goto("/auth");
  const form = page.locator("form#sign-in");
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId("form-error")).toHaveText(message);
}
