// Page throughput and latency of the built server, each run beside a plain Node HTTP server sending
// the same page's bytes (the same encoded bytes for the compressed runs), measured in the same run so
// the ratio holds up on a busy machine. Per page of the anonymous site:
//   - hit: the same URL again and again (served from the response cache), identity and with
//     `Accept-Encoding: br, gzip` as browsers send it;
//   - miss: a new query string on every request, so every request renders;
//   - one visitor: one connection, a new URL on every request (p50/p99 of a render, no queueing);
// then the demo member's pages signed in (never cached: /, /directory, /dashboard, /community) at full load and for one visitor, and the
// server's peak resident memory (VmHWM) over the whole run.
//
// The load comes from wrk (`apt-get install wrk`): one thread of C that, on two cores, leaves most
// of the machine to the server. autocannon (Node) saturates its own core first and then measures
// itself; it is used only when wrk is missing, with a warning.
//
//   npm run bench:pages -- [seconds=6] [connections=50]
//   BENCH_DATABASE_URL=postgres://…/empty_db npm run bench:pages       (PostgreSQL instead of PGlite)
//   BENCH_APP_DIR=../other-checkout npm run bench:pages                (measure another build)
//   BENCH_VERBOSE=1 npm run bench:pages                                (each run as it ends, on stderr)
//   BENCH_PAGES=/,/directory npm run bench:pages                       (only these pages; "none": signed in only)
// The VmHWM column is the server's peak resident memory so far, after that row's runs.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureBuild, signInAsDemoMember, startAppServer } from "./lib.mjs";

const seconds = Number(process.argv[2] ?? 6);
const connections = Number(process.argv[3] ?? 50);
const appDir = process.env.BENCH_APP_DIR ?? ".";
const appPort = Number(process.env.BENCH_PORT ?? 3362);
const plainPort = appPort + 1;
const userAgent = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const headers = { accept: "text/html", "accept-language": "en", "user-agent": userAgent };
const compressed = { ...headers, "accept-encoding": "br, gzip" };

const wrk = spawnSync("wrk", ["--version"], { encoding: "utf8" });
const haveWrk = !wrk.error;
if (!haveWrk) {
  console.warn(
    "\nWARNING: wrk is not installed (apt-get install wrk); falling back to autocannon, which on a small\n" +
      "machine saturates its own core before the server: the figures below measure the bench too.\n",
  );
}
const scratch = mkdtempSync(path.join(tmpdir(), "bench-pages-"));

/**
 * One load run against `base + page`. `fresh`: a new query string on every request (every request
 * renders). Returns { rps, p50, p99, max (ms), bad (non-2xx/3xx, timeouts, socket errors) }.
 */
async function run(base, page, { fresh = false, requestHeaders = headers, conns = connections } = {}) {
  const cpuBefore = base === app.url ? app.cpuMs() : 0;
  const result = haveWrk
    ? await runWrk(base, page, { fresh, requestHeaders, conns })
    : await runAutocannon(base, page, { fresh, requestHeaders, conns });
  if (base === app.url) {
    await settle(page, requestHeaders);
    // The server's CPU time per request answered: unlike req/s, it hardly moves when other
    // processes take the machine's cores (it grows a little as they share its caches).
    result.cpuPerRequest = (app.cpuMs() - cpuBefore) / Math.max(1, result.rps * seconds + 1);
    result.peakMb = app.memory().peakMb;
    if (process.env.BENCH_VERBOSE)
      console.error(
        `${page}${fresh ? " (new URLs)" : ""} ${conns} conn ${JSON.stringify(requestHeaders).length} B headers: ${result.rps.toFixed(0)} req/s, peak ${result.peakMb.toFixed(0)} MB`,
      );
  }
  return result;
}

let scriptCount = 0;
// Each run's new URLs are its own: a run counting from 1 again would ask for the pages the run
// before it rendered, and measure first hits (and their compression) instead of misses.
let freshRuns = 0;
async function runWrk(base, page, { fresh, requestHeaders, conns }) {
  const lua = (value) => JSON.stringify(String(value)); // a JSON string is a valid Lua string here
  const separator = page.includes("?") ? "&" : "?";
  freshRuns += 1;
  const script = [
    ...Object.entries(requestHeaders).map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`),
    fresh
      ? `local n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format("GET", ${lua(page + separator)} .. "bench=${freshRuns}-" .. n)\nend`
      : `wrk.path = ${lua(page)}`,
    `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("BENCH_RESULT %d %d %d %d %d %d\\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99), latency.max, e.connect + e.read + e.write + e.status + e.timeout))
end`,
  ].join("\n");
  scriptCount += 1;
  const file = path.join(scratch, `run-${scriptCount}.lua`);
  writeFileSync(file, script);
  const output = await new Promise((resolve, reject) => {
    const child = spawn("wrk", ["-t1", `-c${conns}`, `-d${seconds}s`, "--timeout", "10s", "-s", file, base], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let text = "";
    child.stdout.on("data", (chunk) => {
      text += chunk;
    });
    child.on("error", reject);
    child.on("exit", () => resolve(text));
  });
  const line = output.split("\n").find((l) => l.startsWith("BENCH_RESULT"));
  if (!line) throw new Error(`wrk printed no result:\n${output}`);
  const [requests, durationUs, p50, p99, max, bad] = line.split(" ").slice(1).map(Number);
  return { rps: requests / (durationUs / 1e6), p50: p50 / 1000, p99: p99 / 1000, max: max / 1000, bad };
}

async function runAutocannon(base, page, { fresh, requestHeaders, conns }) {
  const { default: autocannon } = await import("autocannon");
  let counter = 0;
  const separator = page.includes("?") ? "&" : "?";
  freshRuns += 1;
  const prefix = `bench=${freshRuns}-`;
  const requests = fresh
    ? [
        {
          setupRequest(request) {
            counter += 1;
            return { ...request, path: `${page}${separator}${prefix}${counter}` };
          },
        },
      ]
    : undefined;
  const result = await new Promise((resolve, reject) => {
    autocannon(
      { url: base + page, connections: conns, duration: seconds, headers: requestHeaders, requests },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    );
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    bad: result.non2xx + result.timeouts + result.errors,
  };
}

let settleCount = 0;
/**
 * Waits until the app has finished what an earlier run left queued: renders of requests whose
 * connections wrk has already closed would otherwise be measured as the next run's latency. A new
 * URL queues behind every render waiting, so its answer means the queue has emptied.
 */
async function settle(page, requestHeaders = headers) {
  settleCount += 1;
  await rawGet(`${app.url}${page}${page.includes("?") ? "&" : "?"}settle=${settleCount}`, requestHeaders);
}

/** One request to the app as a browser would make it, with its body as it came over the wire (not decoded). */
function rawGet(url, requestHeaders) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: requestHeaders }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

ensureBuild(appDir);
// The demo accounts let the signed-in runs sign in as the demo member.
const app = await startAppServer(appPort, { appDir, env: { SEED_DEMO_USERS: "1" } });

// The plain server answers every request with the bytes and headers of the page being measured:
// all of its headers (twenty, 1.4 KB with the security policy), not only its type, so it does the
// same header work Node does for the app. Node adds Date, Connection and Keep-Alive to both.
let current = { body: Buffer.alloc(0), headers: [] };
const plain = http.createServer((_req, res) => {
  res.writeHead(200, current.headers);
  res.end(current.body);
});
const addedByNode = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);
await new Promise((resolve) => plain.listen(plainPort, "127.0.0.1", resolve));
const plainBase = `http://127.0.0.1:${plainPort}`;

/** Has the plain server send what the app sends for `page` with these headers, from now on. */
async function copyToPlain(page, requestHeaders) {
  const response = await rawGet(app.url + page, requestHeaders);
  const sent = Object.entries(response.headers).filter(([name]) => !addedByNode.has(name));
  current = {
    body: response.body,
    headers: [...sent.filter(([name]) => name !== "content-length"), ["content-length", String(response.body.length)]],
  };
  return response;
}

const rows = [];
const signedIn = [];
try {
  const directory = await (await fetch(`${app.url}/directory`, { headers })).text();
  const businessPath = directory.match(/href="(\/business\/[a-z0-9-]+)"/)?.[1];
  const pages = process.env.BENCH_PAGES
    ? process.env.BENCH_PAGES.split(",").filter((page) => page.startsWith("/"))
    : ["/", "/es", "/directory", ...(businessPath ? [businessPath] : []), "/beach-report"];
  for (const page of pages) {
    // Warm both the JIT and the cache, and let the compressed copies be made (on the first hit).
    for (let i = 0; i < 3; i++) await rawGet(app.url + page, compressed);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const identity = await copyToPlain(page, headers);
    const plainIdentity = await run(plainBase, "/");
    const hit = await run(app.url, page);
    const encoded = await copyToPlain(page, compressed);
    const plainEncoded = await run(plainBase, "/", { requestHeaders: compressed });
    const hitEncoded = await run(app.url, page, { requestHeaders: compressed });
    const miss = await run(app.url, page, { fresh: true });
    const one = await run(app.url, page, { fresh: true, conns: 1 });
    rows.push({
      page,
      status: identity.status,
      cache: identity.headers["x-cache"] ?? "-",
      bytes: identity.body.length,
      encoding: encoded.headers["content-encoding"] ?? "identity",
      encodedBytes: encoded.body.length,
      plainIdentity,
      hit,
      plainEncoded,
      hitEncoded,
      miss,
      one,
    });
  }
  const cookie = await signInAsDemoMember(app.url, userAgent);
  for (const page of cookie ? ["/", "/directory", "/dashboard", "/community"] : []) {
    const withCookie = { ...headers, cookie };
    const response = await copyToPlain(page, withCookie);
    const baseline = await run(plainBase, "/");
    const result = await run(app.url, page, { requestHeaders: withCookie });
    const one = await run(app.url, page, { requestHeaders: withCookie, conns: 1 });
    signedIn.push({ page, status: response.status, bytes: response.body.length, baseline, result, one });
  }
  // VmHWM: the most the process has ever held resident, so it covers every run above.
  const memory = app.memory();
  report(memory);
} finally {
  plain.close();
  await app.stop();
  rmSync(scratch, { recursive: true, force: true });
}

function report(memory) {
  const pad = (value, width) => String(value).padStart(width);
  const ms = (value) => pad(value < 10 ? value.toFixed(1) : value.toFixed(0), 5);
  const cpu = (result) => pad(result.cpuPerRequest.toFixed(1), 5);
  const rps = (result) => pad(result.rps.toFixed(0), 6);
  const bad = (result) => (result.bad ? ` !${result.bad}` : "");
  const ratio = (result, baseline) => `${pad(((result.rps / baseline.rps) * 100).toFixed(1), 5)}%`;
  const loaded = (result, baseline) => `${rps(result)} ${ratio(result, baseline)} ${ms(result.p99)}${bad(result)}`;
  console.log(
    `\nwrk: ${haveWrk ? "yes" : "NO (autocannon)"}; ${seconds}s per run, ${connections} connections; ` +
      `${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite"}; app in ${appDir}`,
  );
  console.log(
    "req/s, % of the plain server in the same run, p99 in ms; cpu: the server's CPU ms per request (miss, signed in);\n" +
      "one visitor: p50/p99 ms at one connection",
  );
  console.log(
    `${"page".padEnd(28)} ${pad("KB", 4)} ${pad("enc KB", 6)} | ${pad("plain", 6)} | ${"hit identity".padEnd(19)} | ${pad("plain", 6)} | ${"hit br/gzip".padEnd(19)} | ${"miss".padEnd(19)} |   cpu | one visitor p50/p99 | VmHWM MB`,
  );
  for (const row of rows) {
    console.log(
      `${`${row.page} (${row.status} ${row.cache})`.slice(0, 28).padEnd(28)} ${pad((row.bytes / 1024).toFixed(0), 4)} ${pad(`${(row.encodedBytes / 1024).toFixed(0)} ${row.encoding.slice(0, 2)}`, 6)} | ` +
        `${rps(row.plainIdentity)} | ${loaded(row.hit, row.plainIdentity)} | ${rps(row.plainEncoded)} | ${loaded(row.hitEncoded, row.plainEncoded)} | ` +
        `${loaded(row.miss, row.plainIdentity)} | ${cpu(row.miss)} | ${ms(row.one.p50)} ${ms(row.one.p99)}${bad(row.one)} | ${pad(row.one.peakMb.toFixed(0), 5)}`,
    );
  }
  if (signedIn.length > 0) {
    console.log("\nsigned in as the demo member (never cached)");
    console.log(
      `${"page".padEnd(28)} ${pad("KB", 4)} | ${pad("plain", 6)} | ${"signed in".padEnd(19)} |   cpu | one visitor p50/p99`,
    );
    for (const row of signedIn) {
      console.log(
        `${`${row.page} (${row.status})`.padEnd(28)} ${pad((row.bytes / 1024).toFixed(0), 4)} | ${rps(row.baseline)} | ${loaded(row.result, row.baseline)} | ${cpu(row.result)} | ${ms(row.one.p50)} ${ms(row.one.p99)}${bad(row.one)} | ${pad(row.one.peakMb.toFixed(0), 5)}`,
      );
    }
  } else {
    console.log("\nsigned-in runs skipped: the demo member could not sign in");
  }
  console.log("(!n: non-2xx/3xx responses, timeouts and socket errors in that run)");
  console.log(
    `server peak RSS over the whole run (VmHWM): ${memory.peakMb.toFixed(0)} MB; RSS at the end ${memory.rssMb.toFixed(0)} MB ` +
      "(the server started on a database an earlier start seeded)",
  );
}
