// First-load JavaScript of a page: every script the HTML loads (module scripts and modulepreloads),
// gzip-compressed as the server sends them. node bench/first-load-js.mjs [path=/]
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildDir, ensureBuild, startAppServer } from "./lib.mjs";

const pagePath = process.argv[2] ?? "/";
ensureBuild();
const app = await startAppServer(3413);
try {
  const html = await (await fetch(`${app.url}${pagePath}`, { headers: { accept: "text/html" } })).text();
  const sources = new Set();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) sources.add(match[1]);
  for (const match of html.matchAll(/import\s*\(?\s*"([^"]+\.js)"/g)) sources.add(match[1]);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) sources.add(match[1]);
  let raw = 0;
  let gzip = 0;
  const rows = [];
  for (const source of sources) {
    const file = readFileSync(path.join(buildDir, "client", source));
    const compressed = gzipSync(file).length;
    raw += file.length;
    gzip += compressed;
    rows.push([source, file.length, compressed]);
  }
  rows.sort((a, b) => b[2] - a[2]);
  for (const [source, size, compressed] of rows.slice(0, 8)) console.log(`${String(compressed).padStart(7)} B gz  ${String(size).padStart(7)} B  ${source}`);
  const inlineScripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
  console.log(`page ${pagePath}: ${sources.size} scripts, first-load JS ${gzip} B gzip (${raw} B raw), inline ${gzipSync(inlineScripts).length} B gzip`);
} finally {
  await app.stop();
}
