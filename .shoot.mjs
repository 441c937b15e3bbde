import { chromium } from "playwright-core";
import { ensureBuild, startAppServer } from "./bench/lib.mjs";
process.chdir("/work/integ");
ensureBuild();
const app = await startAppServer(3900);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const pages = process.argv.slice(2);
for (const p of pages) {
  for (const width of [375, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(app.url + p, { waitUntil: "networkidle" });
    const name = p.replace(/[^a-z0-9]+/gi, "_") + "-" + width + ".png";
    await page.screenshot({ path: "/work/shots/" + name, fullPage: true });
    console.log(name, await page.evaluate(() => document.documentElement.scrollWidth));
    await page.close();
  }
}
await browser.close();
await app.stop();
