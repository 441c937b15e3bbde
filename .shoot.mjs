import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const pages = process.argv.slice(2);
for (const width of [375, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  for (const p of pages) {
    const res = await page.goto(`http://127.0.0.1:3500${p}`);
    const name = `${p.replace(/[^a-z0-9]+/gi, "_")}_${width}.png`;
    await page.screenshot({ path: `/tmp/cl-shots/${name}`, fullPage: true });
    console.log(res.status(), name);
  }
  await context.close();
}
await browser.close();
