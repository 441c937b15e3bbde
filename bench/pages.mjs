// Anonymous page throughput: the real server against a plain Node HTTP server sending the same
// page's bytes, side by side in one run, for a cache hit (the same URL again and again) and a cache
// miss (a new query string on every request, so every request renders), then signed-in pages (the
// demo member's session: never cached, rendered for them every time). Prints req/s, p99 and the
// ratio to the plain server per page, then the server's resident memory after the runs.
// The machine may be shared: only the ratios are comparable between runs.
//
//   npm run bench:pages -- [seconds=5] [connections=50]
//   BENCH_DATABASE_URL=postgres://…/empty_db npm run bench:pages       (PostgreSQL instead of PGlite)
//   BENCH_APP_DIR=../other-checkout npm run bench:pages                (measure another build)
import http from "node:http";
import autocannon from "autocannon";
import { ensureBuild, signInAsDemoMember, startAppServer } from "./lib.mjs";

const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 50);
const appDir = process.env.BENCH_APP_DIR ?? ".";
const appPort = Number(process.env.BENCH_PORT ?? 3362);
const plainPort = appPort + 1;
const headers = { accept: "text/html", "accept-language": "en", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) bench" };

function run(url, { fresh = false, cookie } = {}) {
  let counter = 0;
  const target = new URL(url);
  const requests = fresh
    ? [
        {
          setupRequest(request) {
            counter += 1;
            return { ...request, path: `${target.pathname}?bench=${counter}` };
          },
        },
      ]
    : undefined;
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration: seconds, headers: cookie ? { ...headers, cookie } : headers, requests },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

ensureBuild(appDir);
// The demo accounts let the signed-in runs sign in as the demo member.
const app = await startAppServer(appPort, { appDir, env: { SEED_DEMO_USERS: "1" } });

let current = { body: Buffer.alloc(0), type: "text/html" };
const plain = http.createServer((_req, res) => {
  res.writeHead(200, { "content-type": current.type, "content-length": current.body.length });
  res.end(current.body);
});
await new Promise((resolve) => plain.listen(plainPort, "127.0.0.1", resolve));

const rows = [];
try {
  const directory = await (await fetch(`${app.url}/directory`, { headers })).text();
  const businessPath = directory.match(/href="(\/business\/[a-z0-9-]+)"/)?.[1];
  const pages = ["/", "/es", "/directory", ...(businessPath ? [businessPath] : []), "/beach-report"];
  for (const page of pages) {
    const response = await servePlainCopyOf(page, headers);
    // Warm both servers so the JIT and the caches are not what we measure.
    await fetch(app.url + page, { headers }).then((r) => r.arrayBuffer());
    const baseline = await run(`http://127.0.0.1:${plainPort}/`);
    const hit = await run(app.url + page);
    const miss = await run(app.url + page, { fresh: true });
    rows.push({ page, status: response.status, bytes: current.body.length, baseline, hit, miss });
  }
  const signedIn = [];
  const cookie = await signInAsDemoMember(app.url, headers["user-agent"]);
  for (const page of cookie ? ["/", "/directory", "/dashboard"] : []) {
    const response = await servePlainCopyOf(page, { ...headers, cookie });
    const baseline = await run(`http://127.0.0.1:${plainPort}/`);
    const result = await run(app.url + page, { cookie });
    signedIn.push({ page, status: response.status, bytes: current.body.length, baseline, result });
  }
  const memory = app.memory();
  const pad = (value, width) => String(value).padStart(width);
  const cell = (result, baseline) =>
    `${pad(result.requests.average.toFixed(0), 6)} ${pad(((result.requests.average / baseline.requests.average) * 100).toFixed(1), 5)}% ${pad(result.latency.p99, 6)}` +
    (result.non2xx || result.timeouts || result.errors ? ` !${result.non2xx + result.timeouts + result.errors}` : "");
  console.log(
    `\n${seconds}s per run, ${connections} connections, ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite"}, app in ${appDir}`,
  );
  console.log(
    `${"page".padEnd(40)} ${pad("KB", 5)} | plain req/s  p99 | hit req/s ratio p99 ms | miss req/s ratio p99 ms`,
  );
  for (const row of rows) {
    console.log(
      `${row.page.slice(0, 40).padEnd(40)} ${pad((row.bytes / 1024).toFixed(0), 5)} | ${pad(row.baseline.requests.average.toFixed(0), 11)} ${pad(row.baseline.latency.p99, 4)} | ${cell(row.hit, row.baseline)} | ${cell(row.miss, row.baseline)}`,
    );
  }
  if (signedIn.length > 0) {
    console.log(`\nsigned in as the demo member (target: at least 5 % of the plain server)`);
    console.log(`${"page".padEnd(40)} ${pad("KB", 5)} | plain req/s  p99 | signed-in req/s ratio p99 ms`);
    for (const row of signedIn) {
      console.log(
        `${row.page.padEnd(40)} ${pad((row.bytes / 1024).toFixed(0), 5)} | ${pad(row.baseline.requests.average.toFixed(0), 11)} ${pad(row.baseline.latency.p99, 4)} | ${cell(row.result, row.baseline)}${row.status === 200 ? "" : ` (status ${row.status})`}`,
      );
    }
  } else {
    console.log("\nsigned-in runs skipped: the demo member could not sign in");
  }
  console.log("(!n: non-2xx responses, timeouts and errors in that run)");
  console.log(
    `server RSS after the runs: ${memory.rssMb.toFixed(0)} MB (peak ${memory.peakMb.toFixed(0)} MB; target: under 500 MB; the server started on a database an earlier start seeded)`,
  );
} finally {
  plain.close();
  await app.stop();
}

/** Fetches `page` from the app and has the plain server send the same bytes from now on. */
async function servePlainCopyOf(page, requestHeaders) {
  const response = await fetch(app.url + page, { headers: requestHeaders });
  current = {
    body: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get("content-type") ?? "text/html",
  };
  return response;
}
