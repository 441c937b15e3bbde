import AxeBuilder from "@axe-core/playwright";
import { createListing, createUser, expect, readOutbox, signInAs, test } from "./support/fixtures";
import { hydrate } from "./support/hydrate";

// Bookings and messages, in both languages: the owner of a premium listing adds a bookable service;
// a visitor on a 375 px phone (without JavaScript in English) books from the business page and
// sends a message, and confirms the address the booking gave by the emailed link (an address is
// sent nothing else before that); the owner confirms the booking and answers the message; the guest's and the
// owner's emails and the answer are in the outbox. axe checks the business page, the owner's
// bookings page and the inbox.

const copy = {
  en: {
    confirmAddress: /^Confirm your booking request: Casa Marea/,
    received: /^Booking requested: Casa Marea/,
    confirmed: /^Booking confirmed: Casa Marea/,
    ownerMail: /^New booking request/,
    answer: /answered your message$/,
  },
  es: {
    confirmAddress: /^Confirme su solicitud de reserva: Casa Marea/,
    received: /^Reserva solicitada: Casa Marea/,
    confirmed: /^Reserva confirmada: Casa Marea/,
    ownerMail: /^Nueva solicitud de reserva/,
    answer: /respondió su mensaje$/,
  },
} as const;

function costaRicaDay(offset: number) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Costa_Rica" }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
}

async function expectNoAxeViolations(page: import("@playwright/test").Page) {
  // As directory.spec.ts: serious and critical ones (the page's side column is an <aside> inside
  // <main>, a best-practice note that predates these forms).
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

for (const language of ["en", "es"] as const) {
  test(`[OWNER] bookable service → a visitor books on a phone → confirmed → emails; a message → answered (${language})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const text = copy[language];
    const prefix = language === "es" ? "/es" : "";
    const owner = await createUser(request, { roles: ["business_owner"], preferredLanguage: language });
    const listing = await createListing(request, {
      ownerId: owner.id,
      name: `Casa Marea ${Date.now() % 100000}`,
      premium: true,
    });

    // The owner adds a service: dinner at 18:00 every day, 4 guests, 2 hours' notice.
    await signInAs(page, { user: owner });
    await page.goto(`${prefix}/dashboard/bookings/${listing.id}`);
    await expect(page.getByTestId("booking-requests")).toContainText(
      language === "es" ? "No se encontraron reservas" : "No Bookings Found",
    );
    const form = page.getByTestId("new-service-form");
    await form.locator("#service-new-nameEn").fill("Sunset dinner");
    await form.locator("#service-new-nameEs").fill("Cena al atardecer");
    await form.locator("#service-new-slotTimes").fill("18:00");
    await form.locator("#service-new-capacity").fill("4");
    await form.getByTestId("service-save").click();
    await expect(page.getByTestId("booking-services").locator("summary").first()).toContainText("18:00");
    await expectNoAxeViolations(page);

    // A visitor on a phone books from the business page (no JavaScript in English) and writes.
    const visitor = await browser.newContext({
      viewport: { width: 375, height: 740 },
      javaScriptEnabled: language === "es",
    });
    const phone = await visitor.newPage();
    const email = `guest-${language}-${Date.now().toString(36)}@example.test`;
    await phone.goto(`${prefix}/business/${listing.slug}`);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // axe runs as a script in the page: only where JavaScript is on.
    if (language === "es") await expectNoAxeViolations(phone);
    const booking = phone.getByTestId("booking-form");
    await booking.locator("#booking-date").fill(costaRicaDay(3));
    await booking.locator("#booking-time").selectOption("18:00");
    await booking.locator("#booking-party").fill("2");
    await booking.locator("#booking-name").fill("Marta Rojas");
    await booking.locator("#booking-email").fill(email);
    await booking.getByTestId("booking-submit").click();
    await expect(phone.getByTestId("booking-sent")).toBeVisible();

    // The address gets only a link to confirm it; following it sends the booking's details.
    const ask = await readOutbox(request, email, { subject: text.confirmAddress });
    const link = new URL(ask.text.match(/https?:\/\/\S+\/bookings\/confirm-email\?\S+/)?.[0] ?? "http://x/");
    await phone.goto(link.pathname + link.search);
    await phone.getByTestId("confirm-email-submit").click();
    await expect(phone.getByTestId("email-confirmed")).toBeVisible();

    await phone.goto(`${prefix}/business/${listing.slug}`);
    const message = phone.getByTestId("message-form");
    await message.locator("#message-name").fill("Marta Rojas");
    await message.locator("#message-email").fill(email);
    await message.locator("#message-body").fill("Do you have a vegetarian menu?");
    await message.getByTestId("message-submit").click();
    await expect(phone.getByTestId("message-sent")).toBeVisible();
    await visitor.close();

    // The owner confirms; the guest's confirmation and the owner's request email are queued.
    await page.goto(`${prefix}/dashboard/bookings/${listing.id}`);
    await page.getByTestId("booking-row").first().getByTestId("booking-confirm").click();
    await expect(page.getByTestId("booking-row").first()).toContainText(language === "es" ? "Confirmada" : "Confirmed");
    const confirmation = await readOutbox(request, email, { subject: text.confirmed });
    expect(confirmation.text).toContain("Marta Rojas");
    const received = await readOutbox(request, email, { subject: text.received });
    expect(received.text).toContain(`${prefix}/bookings/cancel?token=`);
    await readOutbox(request, owner.email, { subject: text.ownerMail });

    // The message is in the inbox, unread; the answer goes to the visitor by email.
    await page.goto(`${prefix}/dashboard/messages`);
    await expect(page.getByTestId("unread-badge")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByTestId("thread-link").first().click();
    await expect(page.getByTestId("thread-message")).toContainText("vegetarian menu");
    await page.locator("#reply-body").fill("Yes, every night.");
    await page.getByTestId("reply-submit").click();
    await expect(page.getByTestId("thread-message")).toHaveCount(2);
    const answer = await readOutbox(request, email, { subject: text.answer });
    expect(answer.text).toContain("Yes, every night.");
  });
}

// A refused booking on a phone: the visitor scrolled down to the button, and the answer's message
// is higher up the form. The page brings the first message into view and puts the focus on its
// field, so the visitor sees at once what to change (and a screen reader reads it).
for (const language of ["en", "es"] as const) {
  test(`[VISITOR] a refused booking on a 375 px phone shows and focuses its message (${language})`, async ({
    browser,
    request,
  }) => {
    const prefix = language === "es" ? "/es" : "";
    const owner = await createUser(request, { roles: ["business_owner"], preferredLanguage: language });
    const listing = await createListing(request, {
      ownerId: owner.id,
      name: `Casa Coral ${Date.now() % 100000}`,
      premium: true,
    });
    const ownerContext = await browser.newContext();
    const ownerPage = await ownerContext.newPage();
    await signInAs(ownerPage, { user: owner });
    await ownerPage.goto(`${prefix}/dashboard/bookings/${listing.id}`);
    const service = ownerPage.getByTestId("new-service-form");
    await service.locator("#service-new-nameEn").fill("Sunset dinner");
    await service.locator("#service-new-nameEs").fill("Cena al atardecer");
    await service.locator("#service-new-slotTimes").fill("18:00");
    await service.locator("#service-new-capacity").fill("4");
    await service.getByTestId("service-save").click();
    await expect(ownerPage.getByTestId("booking-services").locator("summary").first()).toContainText("18:00");
    await ownerContext.close();

    const visitor = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const phone = await visitor.newPage();
    await phone.goto(`${prefix}/business/${listing.slug}`);
    await hydrate(phone);
    const serviceId = await phone.locator("#booking-service").inputValue();

    // Someone else takes the whole 18:00 table first (the form posts plainly, as without JavaScript).
    const origin = new URL(test.info().project.use.baseURL ?? "").origin;
    const day = costaRicaDay(4);
    const first = await request.post(`${prefix}/business/${listing.slug}/book`, {
      form: { serviceId, date: day, time: "18:00", partySize: "4", name: "Ana Mora", email: "ana@example.test" },
      headers: { origin },
      maxRedirects: 0,
    });
    expect(first.status()).toBe(302);

    const booking = phone.getByTestId("booking-form");
    await booking.locator("#booking-date").fill(day);
    await booking.locator("#booking-time").selectOption("18:00");
    await booking.locator("#booking-party").fill("2");
    await booking.locator("#booking-name").fill("Marta Rojas");
    await booking.locator("#booking-email").fill(`marta-${language}-${Date.now().toString(36)}@example.test`);
    await booking.getByTestId("booking-submit").scrollIntoViewIfNeeded();
    await booking.getByTestId("booking-submit").click();

    const message = phone.getByTestId("field-error").first();
    await expect(message).toHaveText(
      language === "es"
        ? "Ese horario ya está lleno. Elija otra hora u otra fecha."
        : "That time is fully booked. Choose another time or date.",
    );
    await expect(message).toBeInViewport();
    await expect(phone.locator("#booking-time")).toBeFocused();
    await expect(phone.locator("#booking-name")).toHaveValue("Marta Rojas");
    await visitor.close();
  });
}
