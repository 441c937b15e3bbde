import { createListing, expect, signInAs, test } from "./support/fixtures";

// Journeys as a newcomer meets them, in both languages: joining from the header, the sitemap's
// names, a listing's features on the free plan, the hours editor's one pair for every day, and a
// signed-in person's property inquiry.

const copy = {
  en: {
    join: "Join Community",
    authRequired: "Authentication Required",
    restaurants: "Restaurants",
    sameEveryDay: "Same hours every day",
    sections: "Dashboard sections",
    getStarted: "Get started",
    listBusiness: "List your business",
    menu: "Menu",
    alerts: "Alerts",
    saveHours: "Save hours",
    name: "Your name",
    email: "Your email",
  },
  es: {
    join: "Unirse a la comunidad",
    authRequired: "Se requiere iniciar sesión",
    restaurants: "Restaurantes",
    sameEveryDay: "El mismo horario todos los días",
    sections: "Secciones del panel",
    getStarted: "Para empezar",
    listBusiness: "Registre su negocio",
    menu: "Menú",
    alerts: "Alertas",
    saveHours: "Guardar horario",
    name: "Su nombre",
    email: "Su correo",
  },
} as const;

for (const language of ["en", "es"] as const) {
  const text = copy[language];
  const prefix = language === "es" ? "/es" : "";

  test(`[VISITOR] joins from the header: the sign-up form, in the page's language, without an alarm (${language})`, async ({
    page,
  }) => {
    await page.goto(`${prefix}/`);
    await page.locator('[data-testid="header-join"]:visible').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/auth\\?mode=signup$`));
    await expect(page.locator("form#sign-up")).toBeVisible();
    await expect(page.getByTestId("notice").filter({ hasText: text.authRequired })).toHaveCount(0);

    // Joining from the community page comes back there, and is no alarm either.
    await page.goto(`${prefix}/community`);
    await page.getByRole("main").getByRole("link", { name: text.join }).first().click();
    await expect(page.locator("form#sign-up")).toBeVisible();
    await expect(page.getByTestId("notice").filter({ hasText: text.authRequired })).toHaveCount(0);

    // Sent to sign in on the way to a private page: that is a reason, and it is said.
    await page.goto(`${prefix}/dashboard/settings`);
    await expect(page.getByTestId("notice").filter({ hasText: text.authRequired })).toBeVisible();
  });

  test(`[VISITOR] the sitemap names places and categories as the site does (${language})`, async ({ page }) => {
    await page.goto(`${prefix}/sitemap`);
    const main = page.getByRole("main");
    await expect(main.locator(`a[href="${prefix}/category/restaurant"]`)).toHaveText(text.restaurants);
    await expect(main.locator(`a[href="${prefix}/location/las-catalinas"]`)).toHaveText("Las Catalinas");
    const businessLinks = main.locator(`a[href^="${prefix}/business/"]`);
    expect(await businessLinks.count()).toBeGreaterThan(0);
    // No label made from an address: a name with its capitals and accents, as the business page's title.
    const first = businessLinks.first();
    const href = (await first.getAttribute("href")) as string;
    const label = (await first.textContent())?.trim();
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(label as string);
  });

  test(`[OWNER] a free listing's features include its hours and menu; one pair of times sets every day (${language})`, async ({
    page,
  }) => {
    const owner = await signInAs(page, { roles: ["business_owner"], preferredLanguage: language });
    const listing = await createListing(page.request, { ownerId: owner.id, name: `Free Hours Café ${language}` });

    await page.goto(`${prefix}/dashboard/features`);
    const card = page.getByTestId("listing-features").filter({ hasText: `Free Hours Café ${language}` });
    await expect(card.locator('[data-feature="hours"]')).toHaveAttribute("data-included", "yes");
    await expect(card.locator('[data-feature="menu"]')).toHaveAttribute("data-included", "yes");

    await page.goto(`${prefix}/dashboard/business/${listing.id}/hours`);
    const box = page.getByLabel(text.sameEveryDay);
    const pair = page.getByTestId("hours-every-day");
    await expect(box).not.toBeChecked();
    // The first day shown (Sunday in English, Monday in Spanish): its times are copied into the pair.
    const firstDay = language === "es" ? 1 : 0;
    await page.locator(`input[name="d${firstDay}p0open"]`).fill("07:30");
    await page.locator(`input[name="d${firstDay}p0close"]`).fill("15:00");
    await box.check();
    await expect(pair.locator('input[name="everyDayOpen"]')).toHaveValue("07:30");
    await expect(pair.locator('input[name="everyDayClose"]')).toHaveValue("15:00");
    await page.getByRole("button", { name: text.saveHours }).click();
    await expect(page.locator('input[name="d4p0open"]')).toHaveValue("07:30");
    await page.reload();
    for (let weekday = 0; weekday < 7; weekday++) {
      await expect(page.locator(`input[name="d${weekday}p0open"]`)).toHaveValue("07:30");
      await expect(page.locator(`input[name="d${weekday}p0close"]`)).toHaveValue("15:00");
    }
  });

  test(`[USER] a member's dashboard lists their own sections and offers the rest once (${language})`, async ({
    page,
  }) => {
    await signInAs(page, { preferredLanguage: language });
    await page.goto(`${prefix}/dashboard`);
    const sections = page.getByRole("navigation", { name: text.sections });
    // The sections every member has, their alert subscriptions among them.
    await expect(sections.getByRole("link")).toHaveCount(4);
    await expect(sections.getByRole("link", { name: text.alerts, exact: true })).toHaveCount(1);
    await expect(sections.getByRole("link", { name: text.menu, exact: true })).toHaveCount(0);
    const offers = page.getByRole("navigation", { name: text.getStarted });
    await expect(offers.getByRole("link")).toHaveCount(4);
    await offers.getByRole("link", { name: text.listBusiness }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/list-business$`));
  });

  test(`[USER] a signed-in person's property inquiry starts with their name and email (${language})`, async ({
    page,
  }) => {
    const user = await signInAs(page, { firstName: "Lucía", lastName: "Quesada", preferredLanguage: language });
    await page.goto(`${prefix}/real-estate/demo-condo-long-term-surfside`);
    const form = page.getByTestId("inquiry-form");
    await expect(form.getByLabel(text.name)).toHaveValue(/Lucía/);
    await expect(form.getByLabel(text.email)).toHaveValue(user.email);
  });
}
