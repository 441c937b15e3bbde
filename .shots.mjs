import { chromium } from "playwright-core";
import sharp from "sharp";
const base = "http://127.0.0.1:3390";
const args = ["--headless","--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args });
// admin, and a house ad with a picture
const adminCtx = await browser.newContext({ baseURL: base });
const made = await adminCtx.request.post("/_e2e/users", { form: { payload: JSON.stringify({ roles: ["admin"], signIn: true }) }, headers: { origin: base } });
console.log("admin", made.status());
const picture = await sharp({ create: { width: 480, height: 480, channels: 3, background: "#0e7490" } })
  .composite([{ input: Buffer.from('<svg width="480" height="480"><circle cx="240" cy="300" r="120" fill="#fbbf24"/><rect y="330" width="480" height="150" fill="#1e3a8a"/><path d="M150 330 L240 150 L240 330 Z" fill="#fff"/></svg>') }]).png().toBuffer();
if (process.argv.includes("--create")) {
  const page = await adminCtx.newPage();
  await page.goto("/admin/ads");
  const form = page.getByTestId("new-house-ad");
  await form.getByLabel("Headline (English)").fill("Sunset sails from Flamingo marina");
  await form.getByLabel("Headline (Spanish)").fill("Paseos al atardecer desde la marina");
  await form.getByLabel("Text (English)").fill("Two hours on the water, drinks included. Daily at 4 pm.");
  await form.getByLabel("Text (Spanish)").fill("Dos horas en el mar, bebidas incluidas. Todos los días a las 4 p. m.");
  await form.getByLabel("Where the ad leads").fill("https://sails.example.com/book");
  await form.locator('input[name="imageEn"]').setInputFiles({ name: "sail.png", mimeType: "image/png", buffer: picture });
  await form.getByRole("checkbox", { name: "Home page" }).check();
  await form.getByRole("checkbox", { name: "Guides" }).check();
  await form.getByRole("button", { name: "Publish ad" }).click();
  await page.waitForURL(/\/admin\/ads\/.+/);
  console.log("ad", page.url());
}
const jobs = JSON.parse(process.argv[2]);
for (const job of jobs) {
  const ctx = job.admin ? adminCtx : await browser.newContext({ baseURL: base });
  const page = await ctx.newPage();
  await page.setViewportSize({ width: job.width, height: job.height ?? 900 });
  if (job.consent) await ctx.addCookies([{ name: "ad_consent", value: job.consent, url: base }]);
  await page.goto(job.path);
  await page.waitForLoadState("networkidle");
  if (job.scrollTo) await page.locator(job.scrollTo).first().scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shot-${job.name}.png`, fullPage: Boolean(job.full) });
  if (!job.admin) await ctx.close();
}
await browser.close();
