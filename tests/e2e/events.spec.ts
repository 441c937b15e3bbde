import AxeBuilder from "@axe-core/playwright";
import { createUser, expect, readOutbox, signInAs, test } from "./support/fixtures";

// Events, in both languages: an organiser adds a weekly event with one place per date through the
// form; it shows in the month calendar; two neighbours answer for the same date, the second is
// waitlisted; the first withdraws and the second is promoted, with the email in the outbox in their
// language. Then the pages at 375 px with axe, and the calendar and RSVP without JavaScript.

const copy = {
  en: {
    title: "Title in English",
    description: "Description in English",
    category: "Category",
    area: "Area",
    date: "Date",
    starts: "Starts at",
    ends: "Ends at",
    repeat: "Repeats",
    until: "Repeat until",
    address: "Address or directions",
    max: "Maximum attendees per date",
    submit: "Publish the event",
    published: "Event published.",
    going: "I'm going",
    join: "Join the waitlist",
    confirmedToast: "You're going",
    waitlistedToast: "you're on the waitlist",
    waitingLine: "You're number 1 on the waitlist",
    withdraw: "Withdraw my answer",
    goingLine: "You're going",
    promoted: /A place opened up/,
    month: "Month",
  },
  es: {
    title: "Título en español",
    description: "Descripción en español",
    category: "Categoría",
    area: "Zona",
    date: "Fecha",
    starts: "Empieza a las",
    ends: "Termina a las",
    repeat: "Se repite",
    until: "Repetir hasta",
    address: "Dirección o señas",
    max: "Cupo máximo por fecha",
    submit: "Publicar el evento",
    published: "Evento publicado.",
    going: "Voy",
    join: "Entrar en la lista de espera",
    confirmedToast: "Listo, va",
    waitlistedToast: "quedó en la lista de espera",
    waitingLine: "Es el número 1 en la lista de espera",
    withdraw: "Retirar mi confirmación",
    goingLine: "Va a ir",
    promoted: /Se liberó un campo/,
    month: "Mes",
  },
} as const;

/** A day `offset` days from now on Costa Rica's calendar, as YYYY-MM-DD. */
function costaRicaDay(offset: number) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Costa_Rica" }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
}

for (const language of ["en", "es"] as const) {
  test(`[USER] recurring event → in the calendar → two RSVPs for one place → waitlist → promotion emailed (${language})`, async ({
    page,
    browser,
  }) => {
    // Three people and a dozen page loads: longer than the default minute on a shared machine.
    test.setTimeout(120_000);
    const text = copy[language];
    const prefix = language === "es" ? "/es" : "";
    const title = `E2E Full Moon Drum Circle ${language} ${Date.now().toString(36)}`;
    const firstDay = costaRicaDay(4);

    // An established member adds a weekly event with one place per date: it publishes at once.
    await signInAs(page, { preferredLanguage: language, established: true });
    await page.goto(`${prefix}/events/new`);
    const form = page.getByTestId("event-form");
    await form.getByLabel(text.title).fill(title);
    await form.getByLabel(text.description).fill(language === "es" ? "Traiga su tambor." : "Bring a drum.");
    await form.getByLabel(text.category, { exact: true }).selectOption("music");
    await form.getByLabel(text.area, { exact: true }).selectOption("playa-flamingo");
    await form.getByLabel(text.date, { exact: true }).fill(firstDay);
    await form.getByLabel(text.starts).fill("19:00");
    await form.getByLabel(text.ends).fill("21:00");
    await form.getByLabel(text.repeat, { exact: true }).selectOption("weekly");
    await form.getByLabel(text.until).fill(costaRicaDay(4 + 21));
    await form.getByLabel(text.address).fill("Playa Flamingo, north end");
    await form.getByLabel(text.max).fill("1");
    await form.getByRole("button", { name: text.submit }).click();
    await expect(page.getByTestId("toast")).toContainText(text.published);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const eventUrl = new URL(page.url()).pathname;
    await expect(page.getByTestId("occurrence")).toHaveCount(4);

    // The organiser's dashboard lists it, with its dates, attendees and photo forms (axe-clean).
    await page.goto(`${prefix}/dashboard/events`);
    await page.getByTestId("my-events").getByRole("link", { name: title }).click();
    await expect(page.getByTestId("dates").getByRole("listitem")).toHaveCount(4);
    const dashboardAxe = await new AxeBuilder({ page }).analyze();
    expect(dashboardAxe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    // It shows in the month calendar on its first date.
    await page.goto(`${prefix}/events?view=month&month=${firstDay.slice(0, 7)}`);
    // A day shows three events and links to the rest: on a busy day (the demo's weekly events, the
    // other language's run of this test) this one may be behind that link.
    const cell = page.locator(`td[data-day="${firstDay}"]`);
    const inCell = cell.getByTestId("calendar-event").filter({ hasText: title });
    const dayList = cell.locator('a[href*="view=list"]:not([data-testid="calendar-event"])');
    await expect(inCell.or(dayList).first()).toBeVisible();
    if ((await inCell.count()) === 0) {
      await dayList.click();
      await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
    }

    // Two neighbours answer for the first date: the first gets the place, the second waits.
    const firstContext = await browser.newContext();
    const first = await firstContext.newPage();
    await signInAs(first, { preferredLanguage: language });
    await first.goto(eventUrl);
    await first.getByTestId("occurrence").first().getByRole("button", { name: text.going }).click();
    await expect(first.getByTestId("toast")).toContainText(text.confirmedToast);
    await expect(first.getByTestId("occurrence").first().getByTestId("my-rsvp")).toContainText(text.goingLine);

    const secondContext = await browser.newContext();
    const second = await secondContext.newPage();
    const secondUser = await createUser(second.request, { preferredLanguage: language });
    await signInAs(second, { user: secondUser });
    await second.goto(eventUrl);
    await second.getByTestId("occurrence").first().getByRole("button", { name: text.join }).click();
    await expect(second.getByTestId("toast")).toContainText(text.waitlistedToast);
    await expect(second.getByTestId("occurrence").first().getByTestId("my-rsvp")).toContainText(text.waitingLine);

    // The first withdraws: the second is promoted and emailed in their language.
    await first.getByTestId("occurrence").first().getByRole("button", { name: text.withdraw }).click();
    await expect(first.getByTestId("occurrence").first().getByTestId("my-rsvp")).toHaveCount(0);
    await second.reload();
    await expect(second.getByTestId("occurrence").first().getByTestId("my-rsvp")).toHaveAttribute(
      "data-status",
      "confirmed",
    );
    const email = await readOutbox(second.request, secondUser.email, { subject: text.promoted });
    expect(email.subject).toContain(title);
    expect(email.text).toContain(eventUrl);
    await firstContext.close();
    await secondContext.close();
  });
}

test("[VISITOR] /events, the month view and an event page fit 375 px and have no accessibility violations, in both languages", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  for (const path of ["/events", "/es/events?view=month", "/events?view=week", "/es/events/demo-kids-surf-clinic"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((violation) => `${path} ${violation.id}: ${violation.help} (${violation.nodes.length})`),
    ).toEqual([]);
  }
  // The price is in colones in Spanish, and the signed-out visitor gets a sign-in link per date.
  await expect(page.getByTestId("event-cost")).toContainText("₡");
  await expect(page.getByTestId("occurrence").first().getByRole("link")).toHaveAttribute(
    "href",
    /\/es\/auth\?redirectTo=/,
  );
  await context.close();
});

test("[USER] the calendar, the filters and RSVP work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/es/events");
  await page.getByLabel("Categoría").selectOption("market");
  await page.getByRole("button", { name: "Mostrar eventos" }).click();
  await expect(page).toHaveURL(/\/es\/events\?.*category=market/);
  const cards = page.getByTestId("event-card");
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) await expect(card).toContainText("Feria");
  // The month view and its next-month link are plain links.
  await page.getByRole("navigation", { name: "Vista" }).getByRole("link", { name: "Mes" }).click();
  await expect(page.getByTestId("month-calendar")).toBeVisible();
  const heading = await page.getByTestId("calendar-title").textContent();
  await page.getByRole("link", { name: "Mes siguiente" }).click();
  await expect(page.getByTestId("calendar-title")).not.toHaveText(heading ?? "");

  // Signed in, an RSVP is a plain form post.
  await signInAs(context, { preferredLanguage: "es" });
  await page.goto("/es/events/demo-spanish-english-exchange");
  const date = page.getByTestId("occurrence").first();
  await date.getByLabel("Cuántas personas").selectOption("2");
  await date.getByRole("button", { name: "Voy" }).click();
  await expect(page.getByTestId("occurrence").first().getByTestId("my-rsvp")).toContainText("grupo de 2");
  await context.close();
});
