// The beach report's cost. In process: the time to compute one day's report (7 days of highs and
// lows, the curve, sun, moon and best times) for random dates in the year either side of today.
// Over HTTP: requests/second and p99 of /beach-report and of the JSON endpoint on the production
// build with a throwaway embedded database. Loopback only; bounded in time.
//
//   node --import tsx bench/beach-report.mjs [seconds=5] [connections=10]
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { ensureBuild, startAppServer } from "./lib.mjs";

const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 10);

const { buildTideReport } = await import("../app/features/beach/report.server.ts");
const { addDays, localDateOf } = await import("../app/features/beach/local-day.ts");
const { defaultBeaches } = await import("../db/seed/site.ts");

const timeZone = "America/Costa_Rica";
const today = localDateOf(new Date(), timeZone);
const beach = defaultBeaches[0];
const day = (date) => ({
  beach,
  beaches: defaultBeaches,
  date,
  today,
  range: { min: addDays(today, -365), max: addDays(today, 365) },
  timeZone,
  stationId: "TWC0349",
});

buildTideReport(day(today)); // loads the station database and warms the JIT
const times = [];
for (let i = 0; i < 500; i++) {
  const date = addDays(today, Math.floor(Math.random() * 731) - 365);
  const start = performance.now();
  buildTideReport(day(date));
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
console.log(`buildTideReport (in process, 500 random dates): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration: seconds, headers: { accept: "text/html", "accept-language": "en" } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

ensureBuild();
const app = await startAppServer(3413);
try {
  await fetch(`${app.url}/beach-report`);
  for (const path of [
    "/beach-report?beach=playa-potrero",
    `/api/v1/beach-report?beach=playa-flamingo&date=${addDays(today, 30)}`,
  ]) {
    const result = await run(`${app.url}${path}`);
    console.log(
      `${path}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx} [${seconds}s, ${connections} connections]`,
    );
  }
} finally {
  await app.stop();
}
