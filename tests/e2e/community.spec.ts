import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, readOutbox, signInAs, test } from "./support/fixtures";
import { hydrate } from "./support/hydrate";

// The forums, in both languages: a new member starts a discussion, which waits for review until
// an admin approves it; a neighbour (new too) replies quoting it, approved the same way, and
// likes it; the author hears about it by email in their language and unsubscribes in one click,
// signed out. Phone layout, accessibility and console errors on every page on the way.

/** An admin approves a new account's post from the moderation queue (the admin page is English). */
async function approveFromQueue(admin: Page, text: string) {
  await admin.goto("/admin/moderation");
  const item = admin.getByTestId("moderation-item").filter({ hasText: text });
  await item.locator('input[type=radio][value="approve"]').check();
  await item.getByRole("button", { name: "Apply decision" }).click();
  await expect(admin.getByTestId("moderation-item").filter({ hasText: text })).toHaveCount(0);
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);
}

const texts = {
  en: {
    join: "Join Community",
    start: "Start a discussion",
    category: "Recommendations",
    publish: "Publish",
    quote: "Quote",
    postReply: "Post reply",
    like: "Like",
    unlike: "Unlike",
    writtenIn: "Written in Spanish",
    subject: /New reply in/,
    unsubscribed: "You're unsubscribed",
    report: "Report",
    send: "Send report",
    sent: "Report sent. A moderator will look at it.",
    hide: "Hide",
    apply: "Apply decision",
    hiddenNotice: "was hidden by a moderator",
    why: "Selling surfboards here breaks the guidelines: use the classifieds pointer",
  },
  es: {
    join: "Unirse a la comunidad",
    start: "Iniciar una conversación",
    category: "Recomendaciones",
    publish: "Publicar",
    quote: "Citar",
    postReply: "Publicar respuesta",
    like: "Me gusta",
    unlike: "Ya no me gusta",
    writtenIn: "Escrito en inglés",
    subject: /Nueva respuesta en/,
    unsubscribed: "Ya no recibirá estos correos",
    report: "Reportar",
    send: "Enviar reporte",
    sent: "Reporte enviado. Un moderador lo revisará.",
    hide: "Ocultar",
    apply: "Aplicar decisión",
    hiddenNotice: "Un moderador ocultó su",
    why: "Vender tablas aquí va contra las normas: use la sección de compra y venta",
  },
} as const;

for (const language of ["en", "es"] as const) {
  const prefix = language === "es" ? "/es" : "";
  const text = texts[language];

  test(`[MEMBER][FORUMS] start a discussion, a neighbour replies quoting it and likes it, email and unsubscribe (${language})`, async ({
    browser,
  }) => {
    // Four people and two trips through the moderation queue: slow on a loaded 2-core machine.
    test.slow();
    // Signed out: the community page, the header's "Join Community", and a guarded /forums/new.
    const visitor = await browser.newContext();
    const anonymous = await visitor.newPage();
    await anonymous.goto(`${prefix}/community`);
    await hydrate(anonymous);
    await expect(anonymous.getByTestId("forum-categories")).toContainText(text.category);
    await expect(anonymous.locator("header").getByRole("link", { name: text.join }).first()).toBeVisible();
    await expect(anonymous.getByTestId("join-community").getByRole("link", { name: text.join })).toHaveAttribute(
      "href",
      new RegExp(`^${prefix}/auth\\?mode=signup`),
    );
    await expectAccessible(anonymous);
    await anonymous.goto(`${prefix}/forums/new`);
    await expect(anonymous).toHaveURL(new RegExp(`${prefix}/auth\\?redirectTo=`));
    await visitor.close();

    // The author starts a discussion (written in the other language than the page).
    const authorContext = await browser.newContext();
    const authorPage = await authorContext.newPage();
    const author = await signInAs(authorPage, { firstName: "Marta", lastName: "Quesada", preferredLanguage: language });
    await authorPage.goto(`${prefix}/community`);
    await hydrate(authorPage);
    await authorPage.getByTestId("join-community").getByRole("link", { name: text.start }).click();
    await expect(authorPage).toHaveURL(new RegExp(`${prefix}/forums/new`));
    await hydrate(authorPage);
    const form = authorPage.getByTestId("new-discussion-form");
    await form.locator("select[name=categoryId]").selectOption({ label: text.category });
    const tag = `${language}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
    const title = `Best casado near Brasilito ${tag}`;
    await form.locator("input[name=title]").fill(title);
    await form
      .locator("textarea[name=body]")
      .fill("Where do you go for a **good casado** at lunch?\n\n- Cheap\n- Close to the beach");
    await form.locator("select[name=language]").selectOption(language === "es" ? "en" : "es");
    await form.getByRole("button", { name: text.publish }).click();
    await expect(authorPage).toHaveURL(new RegExp(`${prefix}/forums/post/[0-9a-f-]{36}$`));
    await expect(authorPage.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(authorPage.locator("#post strong")).toHaveText("good casado");
    // A new account's first post waits for review: the author sees it with the marker.
    await expect(authorPage.getByTestId("pending-note")).toBeVisible();
    const postUrl = new URL(authorPage.url()).pathname;
    await expectAccessible(authorPage);
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAs(admin, { roles: ["admin"] });
    await approveFromQueue(admin, title);

    // A neighbour, reading in the page's language, sees the marker, quotes the post, replies and likes it.
    const neighbourContext = await browser.newContext();
    const neighbour = await neighbourContext.newPage();
    await signInAs(neighbour, { firstName: "Jorge", lastName: "Mora" });
    await neighbour.goto(postUrl);
    await hydrate(neighbour);
    await expect(neighbour.getByTestId("language-marker").first()).toHaveText(
      language === "es" ? "Escrito en inglés" : "Written in Spanish",
    );
    // Every post and reply carries the shared Report control, except for its own author.
    await expect(neighbour.locator("#post").getByTestId("report-control")).toBeVisible();
    await neighbour.locator("#post").getByRole("link", { name: text.quote }).click();
    await expect(neighbour.getByTestId("quoting")).toContainText("Marta Q.");
    await neighbour
      .getByTestId("reply-form")
      .locator("textarea[name=body]")
      .fill(`Soda La Playa, right by the school. Ask for the fish casado! (${tag})`);
    await neighbour.getByTestId("reply-form").getByRole("button", { name: text.postReply }).click();
    await expect(neighbour.getByTestId("replies")).toContainText("Soda La Playa");
    await expect(neighbour.getByTestId("reply-quote")).toContainText("Marta Q.");
    await expect(neighbour.getByTestId("replies").getByTestId("status-marker")).toBeVisible();
    await approveFromQueue(admin, `(${tag})`);
    await neighbour.reload();
    await expect(neighbour.getByTestId("replies").getByTestId("status-marker")).toHaveCount(0);
    await neighbour
      .locator("#post")
      .getByRole("button", { name: new RegExp(`^${text.like}`) })
      .click();
    await expect(neighbour.locator("#post").getByRole("button", { name: new RegExp(`^${text.unlike}`) })).toBeVisible();
    await expect(neighbour.locator("#post")).toContainText("(1)");
    await expectAccessible(neighbour);

    // The author, who follows their own thread, gets an email in their language; its link unsubscribes signed out.
    const email = await readOutbox(authorContext.request, author.email, { subject: text.subject });
    expect(email.text).toContain("Soda La Playa");
    const link = email.text.match(/https?:\/\/\S+\/forums\/unsubscribe\?\S+/)?.[0];
    expect(link).toBeTruthy();
    const signedOut = await browser.newContext();
    const unsubscribe = await signedOut.newPage();
    const target = new URL(link as string);
    await unsubscribe.goto(target.pathname + target.search);
    await expect(unsubscribe.getByTestId("unsubscribe-title")).toHaveText(text.unsubscribed);
    await signedOut.close();

    // The dashboard's forums section lists the discussion, and nothing is followed any more.
    await authorPage.goto(`${prefix}/dashboard/forums`);
    await expect(authorPage.getByTestId("my-discussions")).toContainText(title);
    await expect(authorPage.getByTestId("my-follows")).toHaveCount(0);
    await authorContext.close();
    await neighbourContext.close();
    await adminContext.close();
  });

  test(`[MEMBER][ADMIN][FORUMS] a neighbour replies and reports a discussion, the admin hides it, the author sees why (${language})`, async ({
    browser,
  }) => {
    test.slow();
    const tag = `${language}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
    const title = `Two boards for sale, cheap ${tag}`;

    // An established member's discussion goes live at once.
    const authorContext = await browser.newContext();
    const authorPage = await authorContext.newPage();
    await signInAs(authorPage, { established: true, preferredLanguage: language });
    await authorPage.goto(`${prefix}/forums/new`);
    await hydrate(authorPage);
    const form = authorPage.getByTestId("new-discussion-form");
    await form.locator("select[name=categoryId]").selectOption({ label: text.category });
    await form.locator("input[name=title]").fill(title);
    await form.locator("textarea[name=body]").fill("A 7'2 funboard and a 9'0 longboard, make me an offer.");
    await form.getByRole("button", { name: text.publish }).click();
    await expect(authorPage).toHaveURL(new RegExp(`${prefix}/forums/post/[0-9a-f-]{36}$`));
    await expect(authorPage.getByTestId("pending-note")).toHaveCount(0);
    const postUrl = new URL(authorPage.url()).pathname;

    // Another member replies, then reports the discussion.
    const neighbourContext = await browser.newContext();
    const neighbour = await neighbourContext.newPage();
    await signInAs(neighbour, { established: true, preferredLanguage: language });
    await neighbour.goto(postUrl);
    await hydrate(neighbour);
    await neighbour
      .getByTestId("reply-form")
      .locator("textarea[name=body]")
      .fill(`Is the longboard still there? (${tag})`);
    await neighbour.getByTestId("reply-form").getByRole("button", { name: text.postReply }).click();
    await expect(neighbour.getByTestId("replies")).toContainText(tag);
    const control = neighbour.locator("#post").getByTestId("report-control");
    await control.getByText(text.report, { exact: true }).click();
    await control.locator('select[name="reason"]').selectOption("spam");
    await control.locator('textarea[name="note"]').fill("Selling in the wrong place");
    await control.getByRole("button", { name: text.send }).click();
    await expect(neighbour.getByText(text.sent)).toBeVisible();
    await neighbourContext.close();

    // The admin hides it from the moderation queue, with a reason the author will read.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAs(admin, { roles: ["admin"] });
    await admin.goto(`${prefix}/admin/moderation`);
    const item = admin.getByTestId("moderation-item").filter({ hasText: title });
    await expect(item).toBeVisible();
    await item.getByLabel(text.hide, { exact: true }).check();
    await item.locator('textarea[name="reason"]').fill(text.why);
    await item.getByRole("button", { name: text.apply }).click();
    await expect(admin.getByTestId("moderation-item").filter({ hasText: title })).toHaveCount(0);
    await adminContext.close();

    // The discussion is gone for visitors; its author reads why on the dashboard, in their language.
    const visitor = await browser.newContext();
    const anonymous = await visitor.newPage();
    const gone = await anonymous.goto(postUrl);
    expect(gone?.status()).toBe(404);
    await visitor.close();
    await authorPage.goto(`${prefix}/dashboard`);
    const notice = authorPage.getByTestId("moderation-notice").filter({ hasText: title });
    await expect(notice).toContainText(text.hiddenNotice);
    await expect(notice).toContainText(text.why);
    await expectAccessible(authorPage);
    await authorContext.close();
  });

  test(`[VISITOR][FORUMS] community, category and discussion pages fit a 375 px phone (${language})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${prefix}/community`);
    await hydrate(page);
    // The seed's demo threads: the latest one's page is checked too.
    const href = await page.locator('[data-testid="discussion-list"] h3 a').first().getAttribute("href");
    expect(href).toMatch(new RegExp(`^${prefix}/forums/post/[0-9a-f-]{36}$`));
    const urls = [`${prefix}/community`, `${prefix}/forums/category/general`, href as string];
    for (const url of urls) {
      await page.goto(url);
      await hydrate(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, url).toBeLessThanOrEqual(375);
      await expectAccessible(page);
    }
    await page.goto(`${prefix}/forums/category/no-such-category`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      language === "es" ? "Categoría no encontrada" : "Category Not Found",
    );
    await context.close();
  });
}
