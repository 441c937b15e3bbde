import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/fixtures";
import { hydrate } from "./support/hydrate";

// The concierge in both languages: the widget's code is fetched only when the visitor opens it,
// and a question about seafood in Brasilito gets answers with links to the businesses; /chat works
// without JavaScript; the page and the open widget fit 375 px with no accessibility violations;
// the launcher is absent from the emergency and sign-in pages.

const copy = {
  en: {
    home: "/",
    chat: "/chat",
    launcher: "Ask the concierge",
    question: "Where can I eat seafood in Brasilito?",
    label: "Your question",
    ask: "Ask",
    business: /^\/business\//,
    emergency: "/emergency",
    auth: "/auth",
  },
  es: {
    home: "/es",
    chat: "/es/chat",
    launcher: "Pregúntele al conserje",
    question: "¿Dónde puedo comer mariscos en Brasilito?",
    label: "Su pregunta",
    ask: "Preguntar",
    business: /^\/es\/business\//,
    emergency: "/es/emergency",
    auth: "/es/auth",
  },
} as const;

for (const language of ["en", "es"] as const) {
  const text = copy[language];

  test(`[VISITOR] the widget loads only when opened and answers with cited links (${language})`, async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto(text.home);
    await page.waitForLoadState("networkidle");
    // A visitor who only reads is sent no script at all (decision 012).
    expect(scripts).toEqual([]);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");

    // On a wide screen the launcher says what it is. Its press starts the page's scripts, and the
    // click waits for them: the widget opens on this page instead of the link leading to /chat.
    expect((await page.getByRole("link", { name: text.launcher }).boundingBox())?.width).toBeGreaterThan(120);
    await page.getByRole("link", { name: text.launcher }).click();
    const widget = page.getByTestId("concierge-widget");
    await expect(widget).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${text.home}$`));
    expect(scripts.some((url) => url.includes("chat-widget"))).toBe(true);

    await widget.getByLabel(text.label).fill(text.question);
    await widget.getByRole("button", { name: text.ask }).click();
    const citations = widget.getByTestId("concierge-citations").getByRole("link");
    await expect(citations.first()).toBeVisible();
    for (const link of await citations.all()) expect(await link.getAttribute("href")).toMatch(text.business);
    await expect(widget.getByTestId("concierge-answer")).toContainText("Brasilito");
  });

  test(`[VISITOR] /chat works without JavaScript (${language})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(text.chat);
    await page.getByLabel(text.label).fill(text.question);
    await page.getByRole("button", { name: text.ask, exact: true }).click();
    const citations = page.getByTestId("concierge-citations").getByRole("link");
    await expect(citations.first()).toBeVisible();
    expect(await citations.first().getAttribute("href")).toMatch(text.business);
    // The launcher is a plain link to /chat where the widget cannot open; it is absent here and
    // from the emergency and sign-in pages.
    await expect(page.getByTestId("concierge-launcher")).toHaveCount(0);
    for (const path of [text.emergency, text.auth]) {
      await page.goto(path);
      await expect(page.getByTestId("concierge-launcher")).toHaveCount(0);
    }
    await context.close();
  });
}

for (const language of ["en", "es"] as const) {
  test(`[VISITOR] /chat with an answer and the open widget fit 375 px with no accessibility violations (${language})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true });
    const page = await context.newPage();
    const text = copy[language];
    await page.goto(text.chat);
    await hydrate(page);
    await page.getByLabel(text.label).fill(text.question);
    await page.getByRole("button", { name: text.ask, exact: true }).click();
    await expect(page.getByTestId("concierge-citations")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const chatAxe = await new AxeBuilder({ page }).analyze();
    expect(chatAxe.violations.map((violation) => `${text.chat} ${violation.id}: ${violation.help}`)).toEqual([]);

    await page.goto(text.home);
    // On a phone the launcher is a round icon button (its name stays for screen readers and the
    // tooltip), so it hides no more of the page than it must.
    const launcher = page.getByRole("link", { name: text.launcher });
    const box = await launcher.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(56);
    expect(box?.height).toBeLessThanOrEqual(56);
    expect(await launcher.evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
    // A tap before the page has started its scripts starts them and opens the widget in place.
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    await launcher.tap();
    await expect(page.getByTestId("concierge-widget")).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`${text.home}$`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const widgetAxe = await new AxeBuilder({ page }).include('[data-testid="concierge-widget"]').analyze();
    expect(widgetAxe.violations.map((violation) => `widget ${violation.id}: ${violation.help}`)).toEqual([]);
    await context.close();
  });
}
