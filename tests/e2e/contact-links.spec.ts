import { expect, test } from "./support/fixtures";

// Contact the way people here do, on a 375 px phone in both languages: WhatsApp first with a
// greeting naming the listing, Waze beside Google Maps, phone numbers dialled in E.164. A business
// page's links pass through the counting redirect, followed here to where it leads.

const greetings = {
  en: {
    business: "Hello! I found Marina Sunset Grill on Playa Hub and I'd like to ask you something.",
    ad: "Hello! I saw your ad “Surfboard 7'2 funboard (demo)” on Playa Hub. Is it still available?",
    event: /^Hello! I have a question about “.+”, which I saw on Playa Hub\.$/,
  },
  es: {
    business: "¡Hola! Encontré Marina Sunset Grill en Playa Hub y quisiera hacerle una consulta.",
    ad: "¡Hola! Vi su anuncio “Surfboard 7'2 funboard (demo)” en Playa Hub. ¿Todavía está disponible?",
    event: /^¡Hola! Tengo una consulta sobre “.+”, que vi en Playa Hub\.$/,
  },
} as const;

const wazePattern = /^https:\/\/waze\.com\/ul\?ll=-?\d+(\.\d+)?,-?\d+(\.\d+)?&navigate=yes$/;

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

for (const language of ["en", "es"] as const) {
  const prefix = language === "es" ? "/es" : "";

  test(`[VISITOR] a business page puts WhatsApp first and leads to WhatsApp and Waze (${language})`, async ({
    page,
    request,
  }) => {
    await page.goto(`${prefix}/business/marina-sunset-grill`);
    const box = page.locator("section[aria-labelledby='contact-title']");
    const links = box.locator("a");
    await expect(links.first()).toHaveAttribute("data-contact-channel", "whatsapp");
    await expect(links.first()).toBeVisible();
    const whatsappHref = (await links.first().getAttribute("href")) ?? "";
    expect(whatsappHref).toBe(`${prefix}/business/marina-sunset-grill/contact/whatsapp`);
    const chat = await request.get(whatsappHref, { maxRedirects: 0 });
    expect(chat.status()).toBe(302);
    const target = new URL(chat.headers().location);
    expect(`${target.origin}${target.pathname}`).toMatch(/^https:\/\/wa\.me\/506\d{8}$/);
    expect(target.searchParams.get("text")).toBe(greetings[language].business);

    const waze = box.locator('a[data-contact-channel="waze"]');
    await expect(waze).toBeVisible();
    const drive = await request.get((await waze.getAttribute("href")) ?? "", { maxRedirects: 0 });
    expect(drive.headers().location).toMatch(wazePattern);
    await expect(box.locator('a[data-contact-channel="directions"]')).toBeVisible();
    await expect(box.locator('a[href^="tel:+506"]')).toContainText(/\+506 \d{4}-\d{4}/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test(`[VISITOR] a classified ad whose seller takes WhatsApp offers it first, then the call (${language})`, async ({
    page,
  }) => {
    await page.goto(`${prefix}/classifieds/demo-surfboard-7-2-funboard`);
    const contact = page.getByTestId("seller-phone");
    const whatsapp = contact.locator("a").first();
    await expect(whatsapp).toHaveAttribute("data-contact-channel", "whatsapp");
    await expect(whatsapp).toBeVisible();
    const target = new URL((await whatsapp.getAttribute("href")) ?? "");
    expect(`${target.origin}${target.pathname}`).toBe("https://wa.me/50600002001");
    expect(target.searchParams.get("text")).toBe(greetings[language].ad);
    const call = contact.locator('a[href^="tel:"]');
    await expect(call).toHaveAttribute("href", "tel:+50600002001");
    await expect(call).toHaveText("+506 0000-2001");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test(`[VISITOR] an event with an organiser's number offers WhatsApp and Waze (${language})`, async ({ page }) => {
    await page.goto(`${prefix}/events/demo-sunset-yoga`);
    const organiser = page.getByTestId("organiser-contact");
    const whatsapp = organiser.locator("a").first();
    await expect(whatsapp).toHaveAttribute("data-contact-channel", "whatsapp");
    await expect(whatsapp).toBeVisible();
    const target = new URL((await whatsapp.getAttribute("href")) ?? "");
    expect(`${target.origin}${target.pathname}`).toBe("https://wa.me/50600002101");
    expect(target.searchParams.get("text")).toMatch(greetings[language].event);
    await expect(organiser.locator('a[href="tel:+50600002101"]')).toHaveText("+506 0000-2101");
    const waze = page.getByTestId("event-directions").locator('a[data-contact-channel="waze"]');
    await expect(waze).toBeVisible();
    expect(await waze.getAttribute("href")).toMatch(wazePattern);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("[VISITOR][NO-JS] the business page's Waze link goes through the counting redirect to Waze", async ({
    page,
  }) => {
    await page.goto("/es/business/marina-sunset-grill");
    const waze = page.locator('a[data-contact-channel="waze"]');
    await expect(waze).toHaveAttribute("href", "/es/business/marina-sunset-grill/contact/waze");
    // The map app is another site, out of reach here: what matters is our answer to the tap.
    const [answer] = await Promise.all([
      page.context().waitForEvent("response", (response) => response.url().includes("/contact/waze")),
      waze.click(),
    ]);
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toMatch(wazePattern);
  });
});
