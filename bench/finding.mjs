// Finding things: the concierge (without a model) and the directory search on the evaluation sets
// in tests/fixtures/finding, against the whole demo seed at the clock the sets were written for.
// Prints, per half of each set (tune on the first, trust the second): concierge accuracy by
// language and by area, the share of answers that cite nothing, the answers that cite something off
// the question's subject, search precision at 3, and the median and p95 time per answer and per
// search. Runs on embedded PGlite, then on PostgreSQL when it is reachable. For search at 100 000
// businesses, see bench/directory-search.mjs.
//
//   npm run bench:finding                 # both databases
//   BENCH_SKIP_POSTGRES=1 npm run bench:finding
//   BENCH_DATABASE_NAME=my_db npm run bench:finding   # another name for the PostgreSQL database it creates and drops
import { performance } from "node:perf_hooks";
import { onBenchPostgres } from "./lib.mjs";

// The guide pages' links are checked against the site's pages, which the areas' manifests register.
await import("../app/manifests.ts");
const { openPglite, openPostgres, useDatabase, closeDatabase } = await import("../app/lib/db.server.ts");
const { seedDatabase } = await import("../db/seed/index.ts");
const evaluation = await import("../tests/support/finding-eval.ts");

const percent = (part, whole) => (whole ? `${((100 * part) / whole).toFixed(1)} %` : "–");
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;
};
const timing = (values) => `median ${quantile(values, 0.5).toFixed(1)} ms, p95 ${quantile(values, 0.95).toFixed(1)} ms`;

async function measure(label, handle) {
  useDatabase(handle);
  await seedDatabase(handle.db);
  console.log(`\n## ${label}`);
  // A server answers many questions: times are those of a warm process. One unmeasured pass over
  // every question and query first (the first answers of a process also compile its code).
  for (const [index, item] of evaluation.loadQuestions().entries()) await evaluation.askEvaluationQuestion(item, index);
  for (const item of evaluation.loadQueries()) await evaluation.searchEvaluationQuery(item, 12);
  for (const half of ["tune", "test"]) {
    const questions = evaluation.loadQuestions().filter((item) => item.half === half);
    const byLanguage = {};
    const byArea = {};
    let correct = 0;
    let uncited = 0;
    let unrelated = 0;
    const times = [];
    for (const [index, item] of questions.entries()) {
      const started = performance.now();
      const answer = await evaluation.askEvaluationQuestion(item, index);
      times.push(performance.now() - started);
      const verdict = evaluation.judgeAnswer(item, answer);
      for (const [table, key] of [
        [byLanguage, item.lang],
        [byArea, item.area],
      ]) {
        table[key] ??= { correct: 0, total: 0 };
        table[key].total += 1;
        if (verdict.correct) table[key].correct += 1;
      }
      if (verdict.correct) correct += 1;
      if (!verdict.cited) uncited += 1;
      if (verdict.unrelated.length) unrelated += 1;
    }
    console.log(`\n### Concierge, ${half} half (${questions.length} questions)`);
    console.log(`accuracy ${percent(correct, questions.length)} (${correct}/${questions.length})`);
    console.log(
      `by language: ${Object.entries(byLanguage)
        .map(([key, row]) => `${key} ${percent(row.correct, row.total)} (${row.correct}/${row.total})`)
        .join(", ")}`,
    );
    console.log(
      `by area: ${Object.entries(byArea)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, row]) => `${key} ${row.correct}/${row.total}`)
        .join(", ")}`,
    );
    console.log(`answers with no citation: ${percent(uncited, questions.length)}`);
    console.log(`answers citing something off the subject: ${unrelated}`);
    console.log(`time per answer: ${timing(times)}`);

    const queries = evaluation.loadQueries().filter((item) => item.half === half);
    let precision = 0;
    const searchTimes = [];
    for (const item of queries) {
      const started = performance.now();
      const result = await evaluation.searchEvaluationQuery(item, 12);
      searchTimes.push(performance.now() - started);
      precision += evaluation.precisionAt3(
        item,
        result.cards.map((card) => card.slug),
      );
    }
    console.log(`\n### Directory search, ${half} half (${queries.length} queries)`);
    console.log(`precision at 3: ${percent(precision, queries.length)}`);
    console.log(`time per search: ${timing(searchTimes)}`);
  }
  await closeDatabase();
}

await measure("PGlite (embedded, in memory)", await openPglite());

if (process.env.BENCH_SKIP_POSTGRES !== "1")
  await onBenchPostgres(process.env.BENCH_DATABASE_NAME ?? "playa_bench_finding", async (url) => {
    try {
      await measure("PostgreSQL", await openPostgres(url, { max: 4 }));
    } finally {
      await closeDatabase();
    }
  });
