// Home page throughput of the real server against a plain Node HTTP server on the same machine.
// Prints requests/second of each, the ratio, and p99 latency. Loopback only; bounded in time.
//   node bench/home-throughput.mjs [seconds=10] [connections=10]
import http from "node:http";
import autocannon from "autocannon";
import { ensureBuild, startAppServer } from "./lib.mjs";

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);

function run(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

ensureBuild();
const app = await startAppServer(3411);
const body = "<!doctype html><title>plain</title><p>plain node http</p>";
const plain = http.createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/html" });
  res.end(body);
});
await new Promise((resolve) => plain.listen(3412, "127.0.0.1", resolve));

try {
  // Warm up both so the JIT and the database caches are not what we measure.
  await fetch(`${app.url}/`);
  const baseline = await run("http://127.0.0.1:3412/");
  const home = await run(`${app.url}/`, { accept: "text/html", "accept-language": "en" });
  const ratio = home.requests.average / baseline.requests.average;
  console.log(`plain node http: ${baseline.requests.average.toFixed(0)} req/s, p99 ${baseline.latency.p99} ms`);
  console.log(`playa hub home:  ${home.requests.average.toFixed(0)} req/s, p99 ${home.latency.p99} ms, non-2xx ${home.non2xx}`);
  console.log(`ratio (home / plain): ${(ratio * 100).toFixed(1)}%  [${seconds}s, ${connections} connections]`);
} finally {
  plain.close();
  await app.stop();
}
