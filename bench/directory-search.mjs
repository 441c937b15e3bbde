// Directory search at scale: generates 100 000 verified businesses (both languages in the search
// index, weekly hours for each) and prints p50/p95 server time of searchDirectory — the function
// behind /directory — for typical queries and filters, on embedded PGlite and on PostgreSQL.
//
//   npm run bench:directory -- [businesses=100000] [seconds-per-backend=60]
//
// PostgreSQL comes from BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); the
// bench creates its own database there (BENCH_DATABASE_NAME, default playa_bench_directory) and
// drops it afterwards. Set BENCH_SKIP_POSTGRES=1 to run PGlite only (BENCH_SKIP_PGLITE=1:
// PostgreSQL only). Time measured is in-process (no HTTP), per call.
//
// Seeding 100 000 businesses takes minutes, so BENCH_REUSE=1 keeps the seeded databases and uses
// them again when they already hold the requested number of businesses: the PostgreSQL database
// is not dropped, and PGlite runs on a data directory on disk (BENCH_PGLITE_DIR, default
// .bench/directory-pglite) instead of in memory — as the app itself does with DATA_DIR. Pending
// migrations are applied on open either way, so a reused database measures the current code.

import { mkdirSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { importDatabase, onBenchPostgres } from "./lib.mjs";

const count = Number(process.argv[2] ?? 100_000);
const secondsPerBackend = Number(process.argv[3] ?? 60);
const benchDatabase = process.env.BENCH_DATABASE_NAME ?? "playa_bench_directory";
const reuse = process.env.BENCH_REUSE === "1";
const pgliteDir = process.env.BENCH_PGLITE_DIR ?? ".bench/directory-pglite";

const { openPglite, openPostgres, installDatabase, closeDatabase, seedSite } = await importDatabase();
const { searchDirectory } = await import("../app/features/directory/search.server.ts");

// The target (directory search at 100 000 businesses): p95 under 100 ms for every query.
const targetP95Ms = 100;
const now = new Date("2030-03-15T19:30:00Z"); // a Friday, 13:30 in Costa Rica
const queries = [
  { name: "browse (recommended, page 1)", filters: {} },
  { name: "browse by name, page 40", filters: { sort: "name", page: 40 } },
  { name: "category + area", filters: { category: "restaurant", area: "brasilito" } },
  { name: "open now", filters: { openNow: true } },
  { name: "open now + category + rating 4", filters: { openNow: true, category: "health", minRating: 4 } },
  { name: 'q="pizza"', filters: { query: "pizza" } },
  { name: 'q="restuarant" (typo)', filters: { query: "restuarant" } },
  { name: 'q="pescaderia" (no accent), es', filters: { query: "pescaderia" }, language: "es" },
  { name: 'q="surf lessons" + area', filters: { query: "surf lessons", area: "surfside" } },
  { name: 'q="zzqqxx" (nothing)', filters: { query: "zzqqxx" } },
];

/** Set-based generation: a few statements, so 100 000 rows take seconds, not hours. */
async function generate(handle) {
  const started = performance.now();
  await seedSite(handle.db);
  await handle.exec(`
    insert into businesses (slug, name, category, area_slug, address, latitude, longitude, description_en, description_es,
      specialties_en, specialties_es, keywords, status, is_premium, rating_average, review_count, is_demo)
    select
      'bench-' || g,
      (array['Soda','Casa','Café','Tienda','Taller','Pizzería','Pescadería','Hotel','Cabinas','Surf Shop','Clínica','Ferretería','Panadería','Bar','Estudio','Agencia','Farmacia','Escuela','Academia','Restaurante','Súper','Lavandería','Marisquería'])[1 + g % 23]
        || ' ' || (array['del Mar','Pura Vida','Las Olas','El Cruce','La Playa','Bahía','Los Almendros','Guanacaste','Sol y Arena','El Faro','La Marina','Coco','Las Palmas','El Mango','Tamarindo','Conchal','Potrero','Flamingo','Huacas','Danta','Catalina','Brasilito','Nosara','Pacífico','Tortuga','Marlín','Pelícano','Iguana','Mono Congo','Almendro','Cenízaro'])[1 + (g / 23) % 31]
        || ' ' || g,
      (array['services','restaurant','accommodation','retail','health','automotive','entertainment','education','real-estate','construction','technology','finance'])[1 + g % 12],
      (array['playa-flamingo','surfside','brasilito','huacas','las-catalinas'])[1 + (g / 7) % 5],
      (100 + g % 900) || ' m ' || (array['norte','sur','este','oeste'])[1 + g % 4] || ' de la plaza',
      10.35 + (g % 1000) / 8000.0, -85.80 + (g % 997) / 9000.0,
      (array['Fresh seafood and ceviche by the beach.','Wood-fired pizza and homemade pasta.','Rooms with ocean views and a pool.','Surfboard rental and lessons for all ages.','Hardware, tools and building materials.','Pharmacy with home delivery.','Sportfishing and snorkel tours from the marina.','Spanish classes in small groups.','Bilingual real estate agents.','Car rental and mechanics.','Phone and laptop repair.','Accounting and insurance for small businesses.'])[1 + g % 12]
        || ' Open since ' || (1990 + g % 35) || '.',
      (array['Mariscos frescos y ceviche frente a la playa.','Pizza al horno de leña y pasta casera.','Habitaciones con vista al mar y piscina.','Alquiler de tablas y clases de surf para todas las edades.','Ferretería con herramientas y materiales.','Farmacia con entrega a domicilio.','Pesca deportiva y esnórquel desde la marina.','Clases de español en grupos pequeños.','Agentes de bienes raíces bilingües.','Alquiler de carros y taller mecánico.','Reparación de celulares y computadoras.','Contabilidad y seguros para pymes.'])[1 + g % 12]
        || ' Desde ' || (1990 + g % 35) || '.',
      array['Local favourite'], array['Favorito local'], array['bench'],
      'verified', g % 10 = 0, round((1 + (g * 7919 % 400) / 100.0)::numeric, 1)::float8, g % 60, true
    from generate_series(1, ${count}) as g;
  `);
  // Weekly hours: most open six days; every fifth splits lunch and dinner; every ninth runs past midnight.
  await handle.exec(`
    insert into business_hours (business_id, weekday, opens_at, closes_at)
    select b.id, d, case when n % 9 = 0 then 1080 else 420 + (n % 4) * 60 end, case when n % 9 = 0 then 120 when n % 5 = 0 then 840 else 1020 + (n % 3) * 60 end
    from (select id, substring(slug from 7)::int as n from businesses where slug like 'bench-%') b, generate_series(1, 6) d;
    insert into business_hours (business_id, weekday, opens_at, closes_at)
    select b.id, d, 1080, 1320
    from (select id, substring(slug from 7)::int as n from businesses where slug like 'bench-%') b, generate_series(1, 6) d
    where n % 5 = 0 and n % 9 <> 0;
  `);
  // The site-wide search index in both languages, exactly as indexBusiness writes it.
  for (const [locale, description, prefix, place] of [
    ["en", "description_en", "", "a.name_en"],
    ["es", "description_es", "/es", "a.name_es"],
  ]) {
    await handle.exec(`
      insert into search_documents (kind, ref_id, locale, title, body, url, place, tags, tsv_english, tsv_spanish)
      select 'business', b.id::text, '${locale}', b.name, b.${description} || E'\\n' || b.address, '${prefix}/business/' || b.slug, ${place},
        array[c.en, c.es, 'bench'],
        setweight(to_tsvector('playa_english', b.name), 'A') || setweight(to_tsvector('playa_english', b.${description} || ' ' || b.address || ' ' || ${place} || ' ' || c.en || ' ' || c.es), 'B'),
        setweight(to_tsvector('playa_spanish', b.name), 'A') || setweight(to_tsvector('playa_spanish', b.${description} || ' ' || b.address || ' ' || ${place} || ' ' || c.en || ' ' || c.es), 'B')
      from businesses b
      join areas a on a.slug = b.area_slug
      join (values ('restaurant','Restaurants','Restaurantes'),('accommodation','Accommodation','Hospedaje'),('services','Services','Servicios'),('retail','Shops','Tiendas'),('health','Health & wellness','Salud y bienestar'),('entertainment','Tours & entertainment','Tours y entretenimiento'),('real-estate','Real estate','Bienes raíces'),('construction','Construction','Construcción'),('automotive','Automotive','Automotriz'),('education','Education','Educación'),('technology','Technology','Tecnología'),('finance','Finance','Finanzas')) as c(category, en, es) on c.category = b.category
      where b.slug like 'bench-%';
    `);
  }
  await handle.exec(`
    insert into search_terms (term)
    select distinct word from (select regexp_split_to_table(lower(unaccent(title || ' ' || body || ' ' || coalesce(place, '') || ' ' || array_to_string(tags, ' '))), '[^a-z0-9]+') as word from search_documents) w
    where length(word) between 3 and 40 and word ~ '[a-z]'
    on conflict do nothing;
  `);
  // On its own: VACUUM cannot run inside the implicit transaction of a multi-statement query.
  // PostgreSQL's autovacuum would do the same soon after a bulk load.
  await handle.exec("vacuum analyze");
  return (performance.now() - started) / 1000;
}

function percentile(sorted, p) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function seededCount(handle) {
  const { rows } = await handle.db.execute(sql`select count(*)::int as n from businesses where slug like 'bench-%'`);
  return rows[0].n;
}

async function measure(label, handle) {
  installDatabase(handle);
  const existing = reuse ? await seededCount(handle) : 0;
  if (existing === count) {
    // Statistics may predate a migration that added a column or an index.
    await handle.exec("vacuum analyze");
    console.log(`\n${label}: reusing ${count.toLocaleString("en-US")} seeded businesses`);
  } else {
    if (existing)
      throw new Error(`${label} holds ${existing} bench businesses, not ${count}: remove it or unset BENCH_REUSE`);
    const seconds = await generate(handle);
    console.log(
      `\n${label}: generated ${count.toLocaleString("en-US")} businesses (${(count * 2).toLocaleString("en-US")} search documents) in ${seconds.toFixed(1)} s`,
    );
  }
  // The time budget is shared evenly, so a slow query cannot starve the ones after it.
  const perQueryMs = (secondsPerBackend * 1000) / queries.length;
  const all = [];
  const rows = [];
  const baseline = [];
  for (const query of queries) {
    const options = { ...query.filters, language: query.language ?? "en", timeZone: "America/Costa_Rica", now };
    await searchDirectory(options); // warm-up: plans and caches
    const deadline = performance.now() + perQueryMs;
    const times = [];
    let total = "";
    // Up to 30 runs per query, at least 3, inside its share of the budget.
    while (times.length < 30 && (times.length < 3 || performance.now() < deadline)) {
      const started = performance.now();
      const result = await searchDirectory(options);
      times.push(performance.now() - started);
      // The baseline, in the same conditions: one trivial statement's round trip. On a shared
      // machine it shows how much of each figure is waiting for a core rather than work.
      const roundTrip = performance.now();
      await handle.db.execute(sql`select 1`);
      baseline.push(performance.now() - roundTrip);
      total = `${result.total.toLocaleString("en-US")}${result.totalIsLowerBound ? "+" : ""}`;
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push({ name: query.name, runs: times.length, p50: percentile(times, 50), p95: percentile(times, 95), total });
  }
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(34)} p50 ${row.p50.toFixed(1).padStart(7)} ms   p95 ${row.p95.toFixed(1).padStart(7)} ms   (${row.runs} runs, ${row.total} results)${row.p95 < targetP95Ms ? "" : `  over the ${targetP95Ms} ms target`}`,
    );
  }
  all.sort((a, b) => a - b);
  baseline.sort((a, b) => a - b);
  console.log(
    `  ${"baseline: select 1 round trip".padEnd(34)} p50 ${percentile(baseline, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(baseline, 95).toFixed(1).padStart(7)} ms   (${baseline.length} calls, one after each search)`,
  );
  const over = rows.filter((row) => row.p95 >= targetP95Ms).length;
  console.log(
    `  ${"all queries".padEnd(34)} p50 ${percentile(all, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(all, 95).toFixed(1).padStart(7)} ms   (${all.length} calls)`,
  );
  console.log(
    `  target p95 < ${targetP95Ms} ms: ${over ? `${over} of ${rows.length} query types over` : "met by every query type"}`,
  );
}

if (process.env.BENCH_SKIP_PGLITE !== "1") {
  if (reuse) mkdirSync(pgliteDir, { recursive: true });
  const pglite = reuse ? await openPglite(pgliteDir) : await openPglite();
  try {
    await measure(reuse ? "PGlite (embedded, on disk)" : "PGlite (embedded, in memory)", pglite);
  } finally {
    await closeDatabase();
  }
}

if (process.env.BENCH_SKIP_POSTGRES !== "1")
  // BENCH_KEEP_DATABASE=1 leaves it for EXPLAIN ANALYZE by hand.
  await onBenchPostgres(
    benchDatabase,
    async (url, version) => {
      const server = await openPostgres(url, { max: 4 });
      try {
        await measure(`PostgreSQL ${version} (local server)`, server);
      } finally {
        await closeDatabase();
      }
    },
    { reuse, keep: process.env.BENCH_KEEP_DATABASE === "1" },
  );
