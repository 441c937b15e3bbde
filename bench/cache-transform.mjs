// What storing a rendered page in the response cache costs on top of the render: switching its
// scripts to after the first frame (deferHydration) and trading the nonce for script hashes
// (hashInlineScripts), per page, on the real HTML of /, /es and /directory. The pages are fetched
// signed in, so they come straight from the renderer with their nonce still in place.
//
//   npm run bench:cache-transform -- [iterations=300]
import { hashInlineScripts } from "../app/lib/response-cache/cache.server.ts";
import { deferHydration } from "../app/lib/response-cache/defer-hydration.server.ts";
import { ensureBuild, signInAsDemoMember, startAppServer } from "./lib.mjs";

const iterations = Number(process.argv[2] ?? 300);
ensureBuild();
const app = await startAppServer(Number(process.env.BENCH_PORT ?? 3366), { env: { SEED_DEMO_USERS: "1" } });
try {
  const cookie = await signInAsDemoMember(app.url);
  if (!cookie) throw new Error("the demo member could not sign in");
  console.log(`${"page".padEnd(14)} ${"KB".padStart(5)} | defer ms | defer + hash ms (mean of ${iterations})`);
  for (const page of ["/", "/es", "/directory"]) {
    const html = await (await fetch(app.url + page, { headers: { cookie, accept: "text/html" } })).text();
    const nonce = html.match(/ nonce="([^"]+)"/)?.[1];
    if (!nonce) throw new Error(`${page} has no nonce`);
    const time = (work) => {
      for (let i = 0; i < 30; i++) work();
      const started = performance.now();
      for (let i = 0; i < iterations; i++) work();
      return (performance.now() - started) / iterations;
    };
    const defer = time(() => deferHydration(html, nonce));
    const both = time(() => hashInlineScripts(deferHydration(html, nonce), nonce));
    console.log(
      `${page.padEnd(14)} ${(html.length / 1024).toFixed(0).padStart(5)} | ${defer.toFixed(3).padStart(8)} | ${both.toFixed(3).padStart(8)}`,
    );
  }
} finally {
  await app.stop();
}
