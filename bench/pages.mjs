// Anonymous page throughput: the real server against a plain Node HTTP server sending the same
// page's bytes, side by side in one run, for a cache hit (the same URL again and again) and a cache
// miss (a new query string on every request, so every request renders). Prints req/s, p99 and the
// ratio to the plain server per page, then the server's resident memory after the runs.
// The machine may be shared: only the ratios are comparable between runs.
//
//   npm run bench:pages -- [seconds=5] [connections=50]
//   BENCH_DATABASE_URL=postgres://…/empty_db npm run bench:pages       (PostgreSQL instead of PGlite)
//   BENCH_APP_DIR=../other-checkout npm run bench:pages                (measure another build)
import http from "node:http";
import autocannon from "autocannon";
import { ensureBuild, startAppServer } from "./lib.mjs";

const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 50);
const appDir = process.env.BENCH_APP_DIR ?? ".";
const appPort = Number(process.env.BENCH_PORT ?? 3362);
const plainPort = appPort + 1;
const headers = { accept: "text/html", "accept-language": "en", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) bench" };

function run(url, { fresh = false } = {}) {
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
    autocannon({ url, connections, duration: seconds, headers, requests }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

ensureBuild(appDir);
const app = await startAppServer(appPort, { appDir });

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
    const response = await fetch(app.url + page, { headers });
    current = {
      body: Buffer.from(await response.arrayBuffer()),
      type: response.headers.get("content-type") ?? "text/html",
    };
    // Warm both servers so the JIT and the caches are not what we measure.
    await fetch(app.url + page, { headers }).then((r) => r.arrayBuffer());
    const baseline = await run(`http://127.0.0.1:${plainPort}/`);
    const hit = await run(app.url + page);
    const miss = await run(app.url + page, { fresh: true });
    rows.push({ page, status: response.status, bytes: current.body.length, baseline, hit, miss });
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
  console.log("(!n: non-2xx responses, timeouts and errors in that run)");
  console.log(`server RSS after the runs: ${memory.rssMb.toFixed(0)} MB (peak ${memory.peakMb.toFixed(0)} MB)`);
} finally {
  plain.close();
  await app.stop();
}
