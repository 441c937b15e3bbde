// Lighthouse mobile performance of the home page, the directory and a business page, with
// Lighthouse's default mobile preset (simulated slow 4G and 4× CPU slowdown) against Debian's
// Chromium. Each page runs RUNS times (default 3); the median score is printed with LCP, TBT and
// CLS, against the targets (score ≥ 98, CLS < 0.02). A plain Node page served in the same run
// calibrates the machine: when it scores below 100, the machine was too loaded to trust the rest.
//   node bench/lighthouse.mjs [path ...]     BENCH_PORT (3414), CHROMIUM (/usr/bin/chromium), RUNS (3)
import http from "node:http";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { ensureBuild, startAppServer } from "./lib.mjs";

const port = Number(process.env.BENCH_PORT ?? 3414);
const runs = Number(process.env.RUNS ?? 3);

ensureBuild();
const app = await startAppServer(port);
const plainBody =
  '<!doctype html><html lang="en"><meta name="viewport" content="width=device-width, initial-scale=1"><title>plain</title><h1>plain node http</h1><p>A page with no scripts, styles or images.</p></html>';
const plain = http.createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  response.end(plainBody);
});
await new Promise((resolve) => plain.listen(port + 1, "127.0.0.1", resolve));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});

try {
  const pages = process.argv.slice(2);
  if (pages.length === 0) pages.push("/", "/directory", await firstBusinessPath());
  const rows = [["plain node page (calibration)", await median(`http://127.0.0.1:${port + 1}/`)]];
  for (const pagePath of pages) rows.push([pagePath, await median(`${app.url}${pagePath}`)]);
  console.log(
    `\nLighthouse ${lighthouseVersion()} mobile preset, median of ${runs} (targets: score ≥ 98, CLS < 0.02):`,
  );
  for (const [name, result] of rows) {
    const ok = result.score >= 98 && result.cls < 0.02 ? "ok" : "BELOW";
    console.log(
      `  ${name.padEnd(42)} score ${String(result.score).padStart(3)}  LCP ${(result.lcp / 1000).toFixed(2)} s  TBT ${Math.round(result.tbt)} ms  CLS ${result.cls.toFixed(3)}  FCP ${(result.fcp / 1000).toFixed(2)} s  ${ok}`,
    );
  }
} finally {
  await chrome.kill();
  plain.close();
  await app.stop();
}

async function audit(url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  const { audits, categories } = result.lhr;
  return {
    score: Math.round((categories.performance.score ?? 0) * 100),
    lcp: audits["largest-contentful-paint"].numericValue,
    tbt: audits["total-blocking-time"].numericValue,
    cls: audits["cumulative-layout-shift"].numericValue,
    fcp: audits["first-contentful-paint"].numericValue,
  };
}

async function median(url) {
  const results = [];
  for (let run = 0; run < runs; run++) results.push(await audit(url));
  results.sort((a, b) => a.score - b.score);
  return results[Math.floor(results.length / 2)];
}

async function firstBusinessPath() {
  const html = await (await fetch(`${app.url}/directory`)).text();
  return html.match(/href="(\/business\/[^"/?#]+)"/)?.[1] ?? "/directory";
}

function lighthouseVersion() {
  return lighthouse.version ?? "12.8.2";
}
