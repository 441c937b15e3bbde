import { expect, test } from "./support/fixtures";
import { hydrate } from "./support/hydrate";

// Finding things as a visitor types them, in both languages, with and without JavaScript: the
// directory's search box reads a kind of place plus an area, typos and local words; the concierge
// answers "when is sunset" with the beach report and "rent a car" with the car rental; in the
// chat widget Enter sends and Shift+Enter adds a line.

const searches = [
  { language: "en", query: "hotel brasilito", names: ["Cabinas Brasilito Sol", "Hostel Pura Ola"] },
  { language: "es", query: "heladería en Brasilito", names: ["Heladería Coco Frío"] },
  { language: "en", query: "piza", names: ["Pizzería Il Faro"] },
  { language: "es", query: "donde lavar la ropa", names: ["Lavandería Express Flamingo"] },
  { language: "en", query: "spanish lessons", names: ["Escuela de Español Pura Vida"] },
] as const;

const words = {
  en: { search: "Search", label: "Your question", ask: "Ask", launcher: "Ask the concierge" },
  es: { search: "Buscar", label: "Su pregunta", ask: "Preguntar", launcher: "Pregúntele al conserje" },
} as const;

for (const scripts of [true, false]) {
  for (const item of searches) {
    test(`[VISITOR][SEARCH] "${item.query}" finds ${item.names.join(", ")} first (${item.language}, ${scripts ? "with" : "without"} JavaScript)`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: scripts });
      const page = await context.newPage();
      await page.goto(item.language === "es" ? "/es/directory" : "/directory");
      if (scripts) await hydrate(page);
      await page.getByRole("searchbox").fill(item.query);
      await page.getByRole("button", { name: words[item.language].search, exact: true }).click();
      await expect(page).toHaveURL(/[?&]q=/);
      const cards = page.getByTestId("business-card");
      await expect(cards.first()).toBeVisible();
      // Polled: with scripts, the list of the page before the search may still be on screen for a
      // moment after the address changes.
      await expect
        .poll(async () => {
          const firstNames = await cards.evaluateAll(
            (elements, count) => elements.slice(0, count).map((element) => element.textContent ?? ""),
            item.names.length,
          );
          return item.names.filter((name) => !firstNames.some((text) => text.includes(name)));
        })
        .toEqual([]);
      await context.close();
    });
  }
}

const questions = {
  en: {
    chat: "/chat",
    sunset: "When is sunset today?",
    sunsetText: /sunset \d{1,2}:\d\d PM/i,
    car: "Where can I rent a car?",
  },
  es: {
    chat: "/es/chat",
    sunset: "¿A qué hora es la puesta del sol hoy?",
    sunsetText: /puesta 1\d:\d\d/i,
    car: "¿Dónde alquilo un carro?",
  },
} as const;

for (const language of ["en", "es"] as const) {
  const text = questions[language];
  for (const scripts of [true, false]) {
    test(`[VISITOR][CONCIERGE] sunset is a time and a rental car is the car rental (${language}, ${scripts ? "with" : "without"} JavaScript)`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: scripts });
      const page = await context.newPage();
      await page.goto(text.chat);
      if (scripts) await hydrate(page);
      await page.getByLabel(words[language].label).fill(text.sunset);
      await page.getByRole("button", { name: words[language].ask, exact: true }).click();
      const citations = page.getByTestId("concierge-citations").getByRole("link");
      await expect(citations.first()).toBeVisible();
      await expect(page.getByTestId("concierge-answer")).toContainText(text.sunsetText);
      for (const link of await citations.all()) expect(await link.getAttribute("href")).toMatch(/beach-report/);

      await page.getByLabel(words[language].label).fill(text.car);
      await page.getByRole("button", { name: words[language].ask, exact: true }).click();
      await expect(
        page.getByTestId("concierge-citations").getByRole("link", { name: "Rent a Car Flamingo" }),
      ).toBeVisible();
      await context.close();
    });
  }

  test(`[VISITOR][CONCIERGE] in the widget Enter sends and Shift+Enter adds a line (${language})`, async ({ page }) => {
    await page.goto(language === "es" ? "/es" : "/");
    await page.getByRole("link", { name: words[language].launcher }).click();
    const widget = page.getByTestId("concierge-widget");
    await expect(widget).toBeVisible();
    const box = widget.getByLabel(words[language].label);
    await box.fill(language === "es" ? "¿Dónde alquilo" : "Where can I");
    await box.press("Shift+Enter");
    await box.pressSequentially(language === "es" ? "un carro?" : "rent a car?");
    await expect(box).toHaveValue(language === "es" ? "¿Dónde alquilo\nun carro?" : "Where can I\nrent a car?");
    await expect(widget.getByTestId("concierge-citations")).toHaveCount(0);
    await box.press("Enter");
    await expect(
      widget.getByTestId("concierge-citations").getByRole("link", { name: "Rent a Car Flamingo" }),
    ).toBeVisible();
    await expect(box).toHaveValue("");
  });
}
