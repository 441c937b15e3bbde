// First-load JavaScript of every public page, measured in Chromium: every script the browser
// fetches from loading the page until the network is idle, each gzip-compressed at zlib's default
// level (the budget's measure, comparable across commits). Prints the figure per page against the 90 KB
// budget, and the biggest modules behind it (from build/client/.vite/modules.json, which the
// client build writes; a module's share of its chunk's gzip size is estimated by its share of the
// chunk's minified length). It also prints the bytes the server actually sent (Brotli, for
// Chromium, from the build's precompressed copies). A cached page sends no script until the visitor
// turns to something that needs one (decision 012), so it then presses a key and prints what the
// page's scripts cost once started, with the modules behind that figure.
//   node bench/first-load-js.mjs [path ...]     (default: every public page below)
//   CHUNKS=1 also lists each script's own gzip size; TOP=n lists n modules (default 10)
//   BENCH_PORT (default 3413), CHROMIUM (default /usr/bin/chromium)
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { buildDir, ensureBuild, startAppServer } from "./lib.mjs";

const budget = 90 * 1024;
const port = Number(process.env.BENCH_PORT ?? 3413);

ensureBuild();
const modulesFile = path.join(buildDir, "client/.vite/modules.json");
const chunkModules = existsSync(modulesFile) ? JSON.parse(readFileSync(modulesFile, "utf8")) : {};

const app = await startAppServer(port);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
try {
  const pages = process.argv.slice(2);
  if (pages.length === 0)
    pages.push("/", "/es", "/directory", await firstBusinessPath(), "/guide", "/beach-report", "/community", "/events");
  const summary = [];
  for (const pagePath of pages) {
    const result = await measure(pagePath);
    const later = result.interaction;
    summary.push([pagePath, result.gzip, result.sent, result.encodings, later.gzip]);
    console.log(
      `\n${pagePath}: ${result.scripts.length} scripts, ${kb(result.gzip)} gzip (${kb(result.raw)} raw; the server sent ${kb(result.sent)}, ${result.encodings}); after a key press ${later.scripts.length} scripts, ${kb(later.gzip)} gzip`,
    );
    // The modules listed are those the page runs once hydrated, first load and interaction together.
    if (process.env.CHUNKS)
      for (const [source, bytes] of later.chunks) console.log(`  ${kb(bytes).padStart(9)}  ${source}`);
    for (const [name, bytes] of later.modules.slice(0, Number(process.env.TOP ?? 10)))
      console.log(`  ${kb(bytes).padStart(9)}  ${name}`);
    const lateTranslations = later.modules.filter(([name]) => name.startsWith("app/locales/"));
    // The page embeds its translations; fetching a namespace means a route's handle.i18n misses it.
    for (const [name] of lateTranslations)
      console.log(`  warning: fetched ${name} after load (missing from a route's handle.i18n?)`);
  }
  console.log(
    "\nfirst-load JS, gzip, budget 90 KB (what the server actually sent Chromium), and once a key press has started the scripts:",
  );
  for (const [pagePath, gzip, sent, encodings, later] of summary) {
    console.log(
      `  ${pagePath.padEnd(40)} ${kb(gzip).padStart(9)}  ${(gzip / budget).toFixed(2)}× budget  ${gzip <= budget ? "ok" : "OVER"}   sent ${kb(sent)} (${encodings})   after a key press ${kb(later)}`,
    );
  }
} finally {
  await browser.close();
  await app.stop();
}

async function measure(pagePath) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map();
  const sentBytes = [];
  const encodings = new Set();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, body);
    encodings.add((await response.headerValue("content-encoding").catch(() => null)) ?? "identity");
    sentBytes.push(
      response
        .request()
        .sizes()
        .then((sizes) => sizes.responseBodySize)
        .catch(() => 0),
    );
  });
  await page.goto(`${app.url}${pagePath}`, { waitUntil: "networkidle" });
  const sent = (await Promise.all(sentBytes)).reduce((sum, bytes) => sum + bytes, 0);
  const firstLoad = new Map(scripts);
  const firstEncodings = [...encodings].join("+") || "none";
  // A cached page starts its scripts when the visitor turns to something that needs them
  // (decision 012); a key press is one such turn. What it costs then is printed beside the budget.
  await page.keyboard.press("Shift");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 30_000 });
  await page.waitForTimeout(300);
  await page.waitForLoadState("networkidle");
  await context.close();
  return { ...sizes(firstLoad), sent, encodings: firstEncodings, interaction: sizes(scripts) };
}

function sizes(scripts) {
  let raw = 0;
  let gzip = 0;
  const modules = new Map();
  const chunks = [];
  for (const [source, body] of scripts) {
    const compressed = gzipSync(body).length;
    chunks.push([source, compressed]);
    raw += body.length;
    gzip += compressed;
    const chunk = chunkModules[source.replace(/^\//, "")];
    const entries = chunk ? Object.entries(chunk.modules) : [[source, body.length]];
    const total = entries.reduce((sum, [, length]) => sum + length, 0) || 1;
    for (const [name, length] of entries) modules.set(name, (modules.get(name) ?? 0) + (compressed * length) / total);
  }
  return {
    scripts: [...scripts.keys()],
    chunks: chunks.sort((a, b) => b[1] - a[1]),
    raw,
    gzip,
    modules: [...modules].sort((a, b) => b[1] - a[1]),
  };
}

async function firstBusinessPath() {
  const html = await (await fetch(`${app.url}/directory`)).text();
  return html.match(/href="(\/business\/[^"/?#]+)"/)?.[1] ?? "/directory";
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
