import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, readOutbox, signInAs, test } from "./support/fixtures";

// Real estate, in both languages: an admin grants the agent plan, the agent lists a property in the
// maritime zone, a signed-out visitor sends an inquiry, the email is in the outbox and the lead is in
// the agent's leads dashboard; a saved search gets exactly one alert for a new matching property;
// the list and a property page work at 375 px, without JavaScript, and are axe-clean.

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`),
  ).toEqual([]);
}

// Fills the listing form in either language (the labels of realestate.json).
async function listProperty(page: Page, language: "en" | "es", values: { title: string; price: string; area: string }) {
  const prefix = language === "es" ? "/es" : "";
  const l = (en: string, es: string) => (language === "es" ? es : en);
  await page.goto(`${prefix}/real-estate/new`);
  const form = page.getByTestId("property-form");
  await form.getByLabel(l("Title", "Título"), { exact: true }).fill(values.title);
  await form.getByLabel(l("Sale or rent", "Venta o alquiler")).selectOption("sale");
  await form.getByLabel(l("Type", "Tipo"), { exact: true }).selectOption("house");
  await form.getByLabel(l("Price in US dollars", "Precio en dólares")).fill(values.price);
  await form
    .getByLabel(l("Description", "Descripción"), { exact: true })
    .fill(
      l(
        "A bright house with a garden, ten minutes from the beach.",
        "Casa luminosa con jardín, a diez minutos de la playa.",
      ),
    );
  await form.getByLabel(l("Bedrooms", "Habitaciones")).fill("3");
  await form.getByLabel(l("Bathrooms", "Baños")).fill("2");
  await form.getByLabel(l("Area", "Zona"), { exact: true }).selectOption(values.area);
  return form;
}

test("[ADMIN][AGENT][VISITOR] the agent plan → a listing in the maritime zone → an inquiry → the lead in the agent's dashboard", async ({
  page,
  browser,
}) => {
  const title = `E2E Beach house ${Date.now().toString(36)}`;
  const agent = await signInAs(page, { established: true, firstName: "Agata" });
  // Without the plan there is no leads dashboard.
  await page.goto("/dashboard/leads");
  await expect(page).toHaveURL(/\/dashboard$/);

  // An admin grants the agent plan (audit-logged by the server).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, { roles: ["admin"] });
  await admin.goto("/admin/agents");
  await admin.getByLabel("Account email").fill(agent.email);
  await admin.getByLabel("How you checked them").fill("Met at the agency office");
  await admin.getByRole("button", { name: "Grant agent plan" }).click();
  await expect(admin.getByTestId("agent-list")).toContainText(agent.email);
  await adminContext.close();

  // The agent lists a concession in the maritime zone; a refused form keeps what was typed.
  const form = await listProperty(page, "en", { title, price: "abc", area: "brasilito" });
  await form.getByLabel("Title type").selectOption("concession");
  await form.getByRole("button", { name: "Publish listing" }).click();
  await expect(form.getByTestId("field-error").first()).toBeVisible();
  await expect(form.getByLabel("Title", { exact: true })).toHaveValue(title);
  await form.getByLabel("Price in US dollars").fill("425,000");
  await form.getByLabel(/lies within 200 m/).check();
  await form.getByRole("button", { name: "Publish listing" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("verified-agent")).toBeVisible();
  await expect(page.getByTestId("maritime-zone-note")).toContainText("first 50 m");
  await expect(page.getByTestId("property-price")).toContainText("$425,000");
  const propertyUrl = new URL(page.url()).pathname;
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({
    "@type": "RealEstateListing",
    name: title,
    offers: { price: 425000, priceCurrency: "USD" },
  });

  // A signed-out visitor reads it in Spanish (colones, the zone note) and sends an inquiry.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/es${propertyUrl}`);
  await expect(visitor.getByTestId("maritime-zone-note")).toContainText("primeros 50 m");
  await expect(visitor.getByTestId("property-price")).toContainText("₡");
  await axeClean(visitor);
  const inquiry = visitor.getByTestId("inquiry-form");
  await inquiry.getByLabel("Su nombre").fill("Valeria Visitante");
  await inquiry.getByLabel("Su correo").fill("valeria@example.test");
  await inquiry.getByLabel("¿Cómo prefiere que le contacten?").selectOption("email");
  await inquiry.getByLabel("Mensaje").fill("¿Podemos visitarla el sábado en la mañana?");
  await inquiry.getByRole("button", { name: "Enviar consulta" }).click();
  await expect(visitor.getByText("Consulta enviada.")).toBeVisible();
  await visitorContext.close();

  // The email reaches the listing's contact address (the agent's), replying to the visitor.
  const email = await readOutbox(page.request, agent.email, { subject: /New inquiry/ });
  expect(email.text).toContain("¿Podemos visitarla el sábado en la mañana?");

  // The lead is in the agent's dashboard; they move it along with a note.
  await page.goto("/dashboard/leads");
  const lead = page.getByTestId("lead").filter({ hasText: "Valeria Visitante" });
  await expect(lead).toContainText(title);
  await lead.getByLabel("Status").selectOption("viewing");
  await lead.getByLabel("Private notes").fill("Saturday 9:00 at the gate");
  await lead.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Lead updated.")).toBeVisible();
  await expect(page.getByTestId("lead").filter({ hasText: "Valeria Visitante" }).getByLabel("Status")).toHaveValue(
    "viewing",
  );
  await axeClean(page);
});

test("[USER] a saved search (Spanish) gets one alert email for a new matching property, and only one", async ({
  page,
  browser,
}) => {
  const watcher = await signInAs(page, { preferredLanguage: "es" });
  const area = "surfside";
  await page.goto(`/es/real-estate?listing=sale&area=${area}&minPrice=2000000`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bienes raíces");
  await page.getByLabel("Con qué frecuencia").selectOption("daily");
  await page.getByRole("button", { name: "Guardar búsqueda" }).click();
  await expect(page.getByText("Búsqueda guardada.")).toBeVisible();
  await expect(page.getByTestId("saved-searches")).toContainText("En venta");

  // Someone lists a matching property, in Spanish.
  const listerContext = await browser.newContext();
  const lister = await listerContext.newPage();
  await signInAs(lister, { established: true, preferredLanguage: "es" });
  const title = `E2E Villa ${Date.now().toString(36)}`;
  const form = await listProperty(lister, "es", { title, price: "2500000", area });
  await form.getByRole("button", { name: "Publicar anuncio" }).click();
  await expect(lister.getByRole("heading", { level: 1 })).toHaveText(title);
  await listerContext.close();

  // The job runs (as if a day had passed): one email, in Spanish, with the one-click unsubscribe.
  const origin = new URL(page.url()).origin;
  const runJob = () => page.request.post("/_e2e/property-alerts", { form: { days: "2" }, headers: { origin } });
  expect((await runJob()).status()).toBe(200);
  const alert = await readOutbox(page.request, watcher.email, { subject: /novedad/ });
  expect(alert.text).toContain(title);
  // Running again sends nothing more.
  expect((await runJob()).status()).toBe(200);
  const all = (await (
    await page.request.get(`/_e2e/outbox?to=${encodeURIComponent(watcher.email)}`)
  ).json()) as unknown[];
  expect(all).toHaveLength(1);
  // The link in the email stops it, signed out.
  const link = alert.text.match(/https?:\/\/\S+\/es\/real-estate\/unsubscribe\?\S+/)?.[0] ?? "";
  const signedOut = await browser.newContext();
  const tab = await signedOut.newPage();
  await tab.goto(new URL(link).pathname + new URL(link).search);
  await expect(tab.getByTestId("alert-unsubscribed")).toContainText("Ya no recibirá correos");
  await signedOut.close();
});

test("[VISITOR] the list and a property page fit a 375 px phone, filter without JavaScript, and are axe-clean", async ({
  browser,
}) => {
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await phone.newPage();
  for (const path of ["/real-estate", "/es/real-estate", "/real-estate/upgrade", "/es/real-estate/upgrade"]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    await axeClean(page);
  }
  await page.goto("/real-estate");
  await page.getByTestId("property-link").first().click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await axeClean(page);
  await phone.close();

  // Without JavaScript the filters are a plain GET form and the result is the URL.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto("/real-estate");
  await plain.getByLabel("Sale or rent").selectOption("rent");
  await plain.getByRole("button", { name: "Show properties" }).click();
  await expect(plain).toHaveURL(/listing=rent/);
  const cards = plain.getByTestId("property-card");
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allTextContents()) expect(text).toMatch(/rental/i);
  // And the upgrade page asks a signed-out visitor to sign in.
  await plain.goto("/real-estate/upgrade");
  await expect(plain.getByTestId("get-plan")).toContainText("Sign in");
  await noJs.close();
});
