import AxeBuilder from "@axe-core/playwright";
import { createListing, createUser, expect, readOutbox, signInAs, test } from "./support/fixtures";

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
