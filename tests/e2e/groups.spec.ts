import AxeBuilder from "@axe-core/playwright";
import { expect, signInAs, test } from "./support/fixtures";

// Local groups, in both languages: a member suggests a group (it waits for an admin), an admin
// approves it in the moderation queue, verifies it with a proof note and records its member count,
// and every visitor then sees it with the verified mark and the date the members were counted.

const copy = {
  en: {
    title: "Local groups",
    suggested: "Group suggested. It will appear once an admin approves it.",
    waiting: "Waiting for review",
    approve: "Approve",
    applyDecision: "Apply decision",
    admin: "Admin",
    proof: "Proof of being its admin",
    verify: "Verify group",
    verifiedToast: "Group marked as verified.",
    members: "Members",
    countedOn: "Counted on",
    saveCount: "Save count",
    countSaved: "Member count saved.",
    verified: "Verified",
    countLine: "1,234 members · counted Nov 12, 2026",
    join: "Join on WhatsApp",
    topic: "Pets",
    area: "Playa Flamingo",
    language: "English and Spanish",
    report: "Report",
  },
  es: {
    title: "Grupos locales",
    suggested: "Grupo sugerido. Aparecerá cuando un administrador lo apruebe.",
    waiting: "En espera de revisión",
    approve: "Aprobar",
    applyDecision: "Aplicar decisión",
    admin: "Administración",
    proof: "Prueba de ser su administrador",
    verify: "Verificar grupo",
    verifiedToast: "Grupo marcado como verificado.",
    members: "Miembros",
    countedOn: "Contados el",
    saveCount: "Guardar cantidad",
    countSaved: "Cantidad de miembros guardada.",
    verified: "Verificado",
    countLine: /1\s234 miembros · contados el 12 nov\.? 2026/,
    join: "Unirse en WhatsApp",
    topic: "Mascotas",
    area: "Playa Flamingo",
    language: "inglés y español",
    report: "Reportar",
  },
} as const;

for (const language of ["en", "es"] as const) {
  test(`[USER][ADMIN] suggest a group → admin approves and verifies it → shown with the mark and the count date (${language})`, async ({
    page,
    browser,
  }) => {
    const text = copy[language];
    const prefix = language === "es" ? "/es" : "";
    const name = `E2E Dog Walkers ${language} ${Date.now().toString(36)}`;
    const link = `https://chat.whatsapp.com/E2E${language}${Date.now().toString(36)}`;

    // A member suggests it: it waits for an admin and is not on the public list yet.
    await signInAs(page, { preferredLanguage: language });
    await page.goto(`${prefix}/groups`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title);
    const form = page.getByTestId("suggest-group-form");
    // A link that is not an https invite is refused with a message, and what was typed stays.
    await form.getByLabel(language === "es" ? "Enlace de invitación" : "Invite link").fill("http://example.com/x");
    await form.getByLabel(language === "es" ? "Nombre del grupo" : "Group name").fill(name);
    await form
      .getByLabel(language === "es" ? "Descripción en español" : "Description in English")
      .fill(language === "es" ? "Paseos con perros por la playa." : "Dog walks on the beach.");
    await form.getByLabel(language === "es" ? "Tema" : "Topic").selectOption("pets");
    await form.getByLabel(language === "es" ? "Zona" : "Area").selectOption("playa-flamingo");
    await form.getByLabel(language === "es" ? "Idioma del grupo" : "Language of the group").selectOption("both");
    await form.getByRole("button").click();
    await expect(form.getByTestId("field-error").first()).toContainText("https://");
    await form.getByLabel(language === "es" ? "Enlace de invitación" : "Invite link").fill(link);
    await form.getByRole("button").click();
    await expect(page.getByTestId("toast")).toContainText(text.suggested);
    await expect(page.getByTestId("my-groups")).toContainText(name);
    await expect(page.getByTestId("my-groups")).toContainText(text.waiting);
    await expect(page.getByTestId("group-card").filter({ hasText: name })).toHaveCount(0);

    // An admin approves it in the shared moderation queue, then verifies it and counts members.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAs(admin, { roles: ["admin"], preferredLanguage: language });
    await admin.goto(`${prefix}/admin/moderation`);
    const queued = admin.getByTestId("moderation-item").filter({ hasText: name });
    await queued.getByLabel(text.approve, { exact: true }).check();
    await queued.getByRole("button", { name: text.applyDecision }).click();
    await expect(admin.getByTestId("moderation-item").filter({ hasText: name })).toHaveCount(0);

    await admin.goto(`${prefix}/groups`);
    const adminCard = admin.getByTestId("group-card").filter({ hasText: name });
    await adminCard.getByText(text.admin, { exact: true }).click();
    await adminCard.getByLabel(text.proof).fill("The owner made me a co-admin of the chat on 12 Nov 2026.");
    await adminCard.getByRole("button", { name: text.verify }).click();
    await expect(admin.getByTestId("toast").last()).toContainText(text.verifiedToast);
    const verifiedCard = admin.getByTestId("group-card").filter({ hasText: name });
    // The admin part stays as the admin left it (open) across the form's redirect.
    const tools = verifiedCard.getByTestId("group-admin-tools");
    if (!(await tools.evaluate((details) => (details as HTMLDetailsElement).open)))
      await tools.locator("summary").click();
    await expect(tools.getByTestId("verification-record")).toContainText("co-admin");
    await verifiedCard.getByLabel(text.members, { exact: true }).fill("1234");
    await verifiedCard.getByLabel(text.countedOn).fill("2026-11-12");
    await verifiedCard.getByRole("button", { name: text.saveCount }).click();
    await expect(admin.getByTestId("toast").last()).toContainText(text.countSaved);
    await adminContext.close();

    // Every visitor now sees it, with the mark, the dated count and the way in.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${prefix}/groups?topic=pets`);
    const card = visitor.getByTestId("group-card").filter({ hasText: name });
    await expect(card.getByTestId("verified-mark")).toHaveText(text.verified);
    await expect(card.getByTestId("member-count")).toHaveText(text.countLine);
    await expect(card).toContainText(text.topic);
    await expect(card).toContainText(text.area);
    await expect(card).toContainText(text.language);
    const join = card.getByTestId("join-link");
    await expect(join).toContainText(text.join);
    await expect(join).toHaveAttribute("href", link);
    await expect(join).toHaveAttribute("target", "_blank");
    await expect(join).toHaveAttribute("rel", "noopener nofollow");
    // The mark explains itself in a tooltip on focus.
    const tip = card.getByRole("tooltip");
    await expect(tip).toBeHidden();
    await card.getByTestId("verified-mark").focus();
    await expect(tip).toBeVisible();
    // A signed-in neighbour can report it into the same queue; its suggester cannot.
    await signInAs(visitor, { preferredLanguage: language });
    await visitor.reload();
    await expect(
      visitor.getByTestId("group-card").filter({ hasText: name }).getByTestId("report-control"),
    ).toContainText(text.report);
    await visitorContext.close();
    await page.goto(`${prefix}/groups?topic=pets`);
    await expect(page.getByTestId("group-card").filter({ hasText: name }).getByTestId("report-control")).toHaveCount(0);
  });
}

for (const path of ["/groups", "/es/groups"]) {
  test(`[VISITOR] ${path} fits a 375 px phone, has no accessibility violations and no console errors`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByTestId("group-list")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`),
    ).toEqual([]);
    // Signed out: a sign-in link instead of the form.
    await expect(page.getByTestId("suggest-group").getByRole("link")).toHaveAttribute("href", /\/auth\?redirectTo=/);
    await context.close();
  });
}

test("[USER] the signed-in part of /groups has no accessibility violations", async ({ page }) => {
  await signInAs(page, { roles: ["admin"] });
  await page.goto("/groups");
  await expect(page.getByTestId("suggest-group-form")).toBeVisible();
  await page.getByTestId("group-admin-tools").first().locator("summary").click();
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`),
  ).toEqual([]);
});

test("[VISITOR] the filters work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/es/groups");
  await page.getByLabel("Tema").selectOption("surf");
  await page.getByRole("button", { name: "Mostrar grupos" }).click();
  await expect(page).toHaveURL(/\/es\/groups\?topic=surf/);
  const cards = page.getByTestId("group-card");
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) await expect(card).toContainText("Surf");
  await page.getByLabel("Tema").selectOption("volunteering");
  await page.getByLabel("Zona").selectOption("huacas");
  await page.getByRole("button", { name: "Mostrar grupos" }).click();
  await expect(page.getByTestId("groups-empty")).toContainText("Ningún grupo coincide");
  await context.close();
});
