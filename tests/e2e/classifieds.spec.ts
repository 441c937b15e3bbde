import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, readOutbox, signInAs, test } from "./support/fixtures";
import { hydrate } from "./support/hydrate";

// Classifieds, in both languages: a seller posts an ad with a photo, a signed-in visitor writes to
// them through the form beside the scam warnings, and the seller's email is in the outbox with a
// relay reply-to and without the buyer's address. The same without JavaScript on a 375 px phone:
// the filters are a URL, posting (photo included) and writing work as plain forms, and marking
// the ad sold in the dashboard takes it off the list.

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);
}

async function photo(seed: number) {
  const buffer = await sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  return { name: "photo.jpg", mimeType: "image/jpeg", buffer };
}

const copy = {
  en: {
    title: "Classifieds",
    posted: "Your ad is listed for 30 days.",
    titleLabel: "Title",
    category: "Category",
    forSale: "For sale",
    description: "Description",
    price: "Price",
    currency: "Currency",
    area: "Area",
    photos: "Photos",
    rules: /My ad follows the community guidelines/,
    submit: "Post ad",
    safetyTitle: "Stay safe when buying and selling",
    message: "Your message",
    safety: "I have read the safety tips above.",
    send: "Send message",
    sent: "Message sent. The seller's reply will reach your email.",
    subject: /^About your ad: /,
    sold: "Mark as sold",
    soldToast: "Marked as sold. The ad has left the list.",
  },
  es: {
    title: "Clasificados",
    posted: "Su anuncio queda publicado por 30 días.",
    titleLabel: "Título",
    category: "Categoría",
    forSale: "En venta",
    description: "Descripción",
    price: "Precio",
    currency: "Moneda",
    area: "Zona",
    photos: "Fotos",
    rules: /Mi anuncio cumple las normas/,
    submit: "Publicar anuncio",
    safetyTitle: "Compre y venda con seguridad",
    message: "Su mensaje",
    safety: "Leí los consejos de seguridad de arriba.",
    send: "Enviar mensaje",
    sent: "Mensaje enviado. La respuesta del vendedor le llegará a su correo.",
    subject: /^Sobre su anuncio: /,
    sold: "Marcar como vendido",
    soldToast: "Marcado como vendido. El anuncio salió de la lista.",
  },
} as const;

async function postAd(page: Page, language: "en" | "es", title: string, seed: number) {
  const text = copy[language];
  const prefix = language === "es" ? "/es" : "";
  await page.goto(`${prefix}/classifieds/new`);
  const form = page.getByTestId("post-ad-form");
  await form.getByLabel(text.titleLabel, { exact: true }).fill(title);
  await form.getByLabel(text.category, { exact: true }).selectOption("for-sale");
  await form
    .getByLabel(text.description, { exact: true })
    .fill(`${title}: barely used, in great shape, pick up near the beach in the afternoon.`);
  await form.getByLabel(new RegExp(`^${text.price}`)).fill(language === "es" ? "45000" : "90");
  await form.getByLabel(text.currency, { exact: true }).selectOption(language === "es" ? "CRC" : "USD");
  await form.getByLabel(text.area, { exact: true }).selectOption("playa-flamingo");
  await form.locator('input[type="file"]').setInputFiles(await photo(seed));
  await form.getByLabel(text.rules).check();
  await form.getByRole("button", { name: text.submit }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/classifieds/[a-z0-9-]+-[0-9a-f]{6}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("ad-page").locator("img").first()).toBeVisible();
  return page.url();
}

async function writeToSeller(page: Page, language: "en" | "es", url: string, message: string) {
  const text = copy[language];
  await page.goto(url);
  await expect(page.getByTestId("scam-warning")).toContainText(text.safetyTitle);
  const form = page.getByTestId("contact-form");
  await form.getByLabel(text.message).fill(message);
  await form.getByLabel(text.safety).check();
  await form.getByRole("button", { name: text.send }).click();
}

for (const language of ["en", "es"] as const) {
  test(`[USER][CLASSIFIEDS] post an ad with a photo → a visitor writes → the relayed mail is in the outbox (${language})`, async ({
    page,
    browser,
  }) => {
    const text = copy[language];
    const seller = await signInAs(page, { established: true, preferredLanguage: language, firstName: "Selma" });
    await page.goto(language === "es" ? "/es/classifieds" : "/classifieds");
    await hydrate(page);
    const title = `Snorkel set ${language} ${Date.now().toString(36)}`;
    const url = await postAd(page, language, title, language === "es" ? 11 : 22);
    await expect(page.getByText(text.posted)).toBeVisible();
    await expectAccessible(page);

    const buyerContext = await browser.newContext();
    const buyerPage = await buyerContext.newPage();
    const buyer = await signInAs(buyerPage, { established: true, firstName: "Bea", lastName: "Quesada" });
    await writeToSeller(buyerPage, language, url, "Hello! Is it still available this weekend?");
    await expect(buyerPage.getByText(text.sent)).toBeVisible();

    const email = await readOutbox(page.request, seller.email, { subject: text.subject });
    expect(email.subject).toContain(title);
    expect(email.text).toContain("Hello! Is it still available this weekend?");
    expect(email.text).toContain("Bea Q.");
    expect(email.text).not.toContain(buyer.email);
    expect((email as typeof email & { replyTo: string }).replyTo).toMatch(/^relay\+[0-9a-f]{32}@/);
    // The list shows it, and its page is accessible to a signed-out visitor too.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(language === "es" ? "/es/classifieds" : "/classifieds");
    await expect(visitor.getByTestId("ad-list")).toContainText(title);
    await expectAccessible(visitor);
    await visitor.goto(url);
    await expect(visitor.getByTestId("contact-sign-in")).toBeVisible();
    await visitorContext.close();
    await buyerContext.close();
  });
}

test.describe("without JavaScript on a 375 px phone", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });

  test("[USER][CLASSIFIEDS][NO-JS] filter in the URL, post, write, mark sold (es)", async ({ page, browser }) => {
    const text = copy.es;
    // Filters are a GET form: the category chip and the form both end up in the URL.
    await page.goto("/es/classifieds");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title);
    await page.getByTestId("ad-filters").getByLabel("Categoría").selectOption("free");
    await page.getByTestId("ad-filters").getByRole("button", { name: "Ver anuncios" }).click();
    await expect(page).toHaveURL(/\/es\/classifieds\?.*category=free/);
    await expect(page.getByTestId("ad-list")).toContainText("Moving boxes");
    await expect(page.getByTestId("ad-list")).not.toContainText("Surfboard");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await signInAs(page, { established: true, preferredLanguage: "es" });
    const title = `Hielera Coleman ${Date.now().toString(36)}`;
    const url = await postAd(page, "es", title, 33);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const buyerContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    const buyerPage = await buyerContext.newPage();
    await signInAs(buyerPage, { established: true });
    await writeToSeller(buyerPage, "es", url, "Hola, ¿todavía la tiene?");
    await expect(buyerPage).toHaveURL(new RegExp(`${new URL(url).pathname}#contact$`));
    await buyerContext.close();

    await page.goto("/es/dashboard/classifieds");
    const row = page.getByTestId("my-ads").locator("li").filter({ hasText: title });
    await expect(row).toContainText("1 interesado escribió");
    await row.getByRole("button", { name: text.sold }).click();
    await expect(page.getByTestId("my-ads").locator("li").filter({ hasText: title })).toContainText("Vendido");
    await page.goto("/es/classifieds");
    await expect(page.getByTestId("ad-list")).not.toContainText(title);
  });

  // Before scripts start (or without them) the form is the server's HTML: publishing a phone
  // number, and adding a photo, stay choices, never required fields.
  for (const language of ["en", "es"] as const) {
    test(`[USER][CLASSIFIEDS][NO-JS] an ad without a phone number or a photo (${language})`, async ({ page }) => {
      const text = copy[language];
      const prefix = language === "es" ? "/es" : "";
      await signInAs(page, { established: true, preferredLanguage: language });
      await page.goto(`${prefix}/classifieds/new`);
      const form = page.getByTestId("post-ad-form");
      for (const name of ["showPhone", "whatsapp", "photos", "phone"])
        await expect(form.locator(`input[name="${name}"]`)).not.toHaveAttribute("required", /.*/);
      const title = `Free hammock ${language} ${Date.now().toString(36)}`;
      await form.getByLabel(text.titleLabel, { exact: true }).fill(title);
      await form.getByLabel(text.category, { exact: true }).selectOption("free");
      await form.getByLabel(text.description, { exact: true }).fill(`${title}: a little faded, still comfortable.`);
      await form.getByLabel(text.area, { exact: true }).selectOption("playa-flamingo");
      await form.getByLabel(text.rules).check();
      await form.getByRole("button", { name: text.submit }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/classifieds/[a-z0-9-]+-[0-9a-f]{6}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    });
  }
});

// A photo over the upload limit (a 20 MB screenshot): with scripts the browser says so at once, at
// the field, and sends nothing; without them the server answers with the form, its message at the
// photo field in the page's language, and everything typed still there.
const bigPhoto = () => {
  const buffer = Buffer.alloc(20 * 1024 * 1024);
  buffer.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { name: "captura.png", mimeType: "image/png", buffer };
};
const overLimit = {
  en: {
    browser: /^This file is over 10 MB, more than the site can take\./,
    server: /^Each photo must be smaller than \d+ MB\.$/,
  },
  es: {
    browser: /^Este archivo pesa más de 10 MB, más de lo que el sitio puede recibir\./,
    server: /^Cada foto debe pesar menos de \d+ MB\.$/,
  },
} as const;

async function fillAd(page: Page, language: "en" | "es", title: string) {
  const text = copy[language];
  const form = page.getByTestId("post-ad-form");
  await form.getByLabel(text.titleLabel, { exact: true }).fill(title);
  await form.getByLabel(text.category, { exact: true }).selectOption("free");
  await form.getByLabel(text.description, { exact: true }).fill(`${title}: still in its box, pick up in Flamingo.`);
  await form.getByLabel(text.area, { exact: true }).selectOption("playa-flamingo");
  await form.getByLabel(text.rules).check();
  return form;
}

for (const language of ["en", "es"] as const) {
  test(`[USER][CLASSIFIEDS] a photo over the upload limit is refused in the browser, nothing sent (${language})`, async ({
    page,
  }) => {
    const prefix = language === "es" ? "/es" : "";
    await signInAs(page, { established: true, preferredLanguage: language });
    await page.goto(`${prefix}/classifieds/new`);
    await hydrate(page);
    const title = `Cooler ${language} ${Date.now().toString(36)}`;
    const form = await fillAd(page, language, title);
    const file = form.locator('input[type="file"]');
    await file.setInputFiles(bigPhoto());
    expect(await file.evaluate((input: HTMLInputElement) => input.validationMessage)).toMatch(
      overLimit[language].browser,
    );
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posted += 1;
    });
    await form.getByRole("button", { name: copy[language].submit }).click();
    await expect(file).toBeFocused();
    expect(posted).toBe(0);
    await expect(page).toHaveURL(new RegExp(`${prefix}/classifieds/new$`));
    await expect(form.getByLabel(copy[language].titleLabel, { exact: true })).toHaveValue(title);
    // A smaller photo clears the message.
    await file.setInputFiles(await photo(5));
    expect(await file.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe("");
  });
}

test.describe("a photo over the upload limit without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
  for (const language of ["en", "es"] as const) {
    test(`[USER][CLASSIFIEDS][NO-JS] comes back as the form with the message at the photo (${language})`, async ({
      page,
    }) => {
      const prefix = language === "es" ? "/es" : "";
      await signInAs(page, { established: true, preferredLanguage: language });
      await page.goto(`${prefix}/classifieds/new`);
      const title = `Cooler ${language} ${Date.now().toString(36)}`;
      const form = await fillAd(page, language, title);
      await form.locator('input[type="file"]').setInputFiles(bigPhoto());
      await form.getByRole("button", { name: copy[language].submit }).click();
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/Something went wrong|Algo salió mal/);
      await expect(page.getByTestId("post-ad-form").getByTestId("field-error")).toHaveText(overLimit[language].server);
      await expect(page.getByTestId("post-ad-form").getByLabel(copy[language].titleLabel, { exact: true })).toHaveValue(
        title,
      );
      await expect(page.getByTestId("post-ad-form").getByLabel(copy[language].rules)).toBeChecked();
    });
  }
});
