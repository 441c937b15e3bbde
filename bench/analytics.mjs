// The analytics dashboard's queries at scale: one year of first-party events for 1 000 premium
// businesses, then p50/p95 server time of getBusinessAnalytics (the /dashboard/analytics loader's
// work: every daily series, the sources and the clicks) for 7, 30 and 90 days on random
// businesses, and of the overview's 7-day view counts, on embedded PGlite and on PostgreSQL.
//
//   node --import tsx bench/analytics.mjs [businesses=1000] [events-per-business-per-day=20] [runs=60]
//
// PostgreSQL comes from BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); the
// bench creates its own database there (BENCH_DATABASE_NAME, default playa_bench_analytics) and
// drops it afterwards. BENCH_SKIP_POSTGRES=1 / BENCH_SKIP_PGLITE=1 skip one. In-process timing.

import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { importDatabase, onBenchPostgres } from "./lib.mjs";

const count = Number(process.argv[2] ?? 1000);
const perDay = Number(process.argv[3] ?? 20);
const runs = Number(process.argv[4] ?? 60);
const benchDatabase = process.env.BENCH_DATABASE_NAME ?? "playa_bench_analytics";

// The areas' manifests register the permissions and content kinds the owner's reads check.
await import("../app/manifests.ts");

const { openPglite, openPostgres, installDatabase, closeDatabase, seedSite } = await importDatabase();
const { seedPlans } = await import("../app/platform/plans/subscription.server.ts").catch(() => ({}));
const { getBusinessAnalytics } = await import("../app/features/directory/analytics.server.ts");
const { listOwnerOverview } = await import("../app/features/directory/overview.server.ts");

const now = new Date("2030-03-15T19:30:00Z");
const ownerId = "bench-owner";
const actor = { id: ownerId, role: "business_owner", grants: [] };

/** Set-based generation: a few statements. Views dominate; one event in ten is a click. */
async function generate(handle) {
  const started = performance.now();
  await seedSite(handle.db);
  if (seedPlans) await seedPlans(handle.db);
  await handle.exec(`
    insert into users (id, name, email) values ('${ownerId}', 'Bench Owner', 'bench-owner@example.test')
      on conflict do nothing;
    insert into businesses (slug, name, category, area_slug, status, is_premium, owner_id, created_by, is_demo)
    select 'bench-' || g, 'Bench Business ' || g, 'restaurant', 'playa-flamingo', 'verified', true,
      '${ownerId}', '${ownerId}', true
    from generate_series(1, ${count}) as g;
    insert into subscriptions (user_id, business_id, plan_id, status)
    select '${ownerId}', id, 'premium', 'active' from businesses where slug like 'bench-%';
  `);
  // A year of events, business by business in batches so the statement stays bounded in memory.
  const batch = 50;
  for (let first = 1; first <= count; first += batch) {
    await handle.exec(`
      insert into business_events (business_id, kind, language, source, occurred_at)
      select b.id,
        case when r < 0.9 then 'view' else (array['phone','whatsapp','email','website','directions'])[1 + (n % 5)] end,
        case when n % 3 = 0 then 'es' else 'en' end,
        (array['search','category','direct','concierge'])[1 + (n % 4)],
        timestamptz '${now.toISOString()}' - (random() * interval '365 days')
      from businesses b
      cross join lateral (select n, random() as r from generate_series(1, ${perDay * 365}) as n) e
      where b.slug in (select 'bench-' || g from generate_series(${first}, ${Math.min(first + batch - 1, count)}) as g);
    `);
  }
  await handle.exec("vacuum analyze");
  return (performance.now() - started) / 1000;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(label, handle) {
  installDatabase(handle);
  const seconds = await generate(handle);
  const { rows } = await handle.db.execute(sql`select count(*)::int as n from business_events`);
  const { rows: ids } = await handle.db.execute(sql`select id from businesses where slug like 'bench-%'`);
  console.log(
    `\n${label}: ${count.toLocaleString("en-US")} businesses, ${rows[0].n.toLocaleString("en-US")} events over a year, generated in ${seconds.toFixed(1)} s`,
  );
  const pick = () => ids[Math.floor(Math.random() * ids.length)].id;
  const cases = [
    ...[7, 30, 90].map((days) => ({
      name: `analytics page, ${days} days`,
      call: () => getBusinessAnalytics({ actor, businessId: pick(), days, now }),
    })),
    { name: "overview (7-day views, 100 listings)", call: () => listOwnerOverview({ actor, now }) },
  ];
  for (const testCase of cases) {
    await testCase.call(); // warm-up
    const times = [];
    for (let n = 0; n < runs; n++) {
      const started = performance.now();
      await testCase.call();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${testCase.name.padEnd(38)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms   (${runs} runs)`,
    );
  }
}

if (process.env.BENCH_SKIP_PGLITE !== "1") {
  const pglite = await openPglite();
  try {
    await measure("PGlite (embedded, in memory)", pglite);
  } finally {
    await closeDatabase();
  }
}

if (process.env.BENCH_SKIP_POSTGRES !== "1")
  await onBenchPostgres(benchDatabase, async (url, version) => {
    const server = await openPostgres(url, { max: 4 });
    try {
      await measure(`PostgreSQL ${version} (local server)`, server);
    } finally {
      await closeDatabase();
    }
  });
