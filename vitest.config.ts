import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// React Router's Vite plugin regenerates .react-router/types whenever a dev server starts (remove the
// directory, then write every file) without waiting for it. Both security projects start one at the
// same moment, and one's removal can land between the other's mkdir and writeFile: an unhandled
// ENOENT that ended a CI run before any test ran. The types are generated before Vitest starts
// (scripts/test.mjs runs typegen first) and no test reads them, so exactly that failure is ignored;
// any other unhandled rejection still fails the run.
const typesDirectory = `${path.sep}.react-router${path.sep}types${path.sep}`;
const guard = globalThis as { typegenRaceIgnored?: boolean };
if (!guard.typegenRaceIgnored) {
  guard.typegenRaceIgnored = true;
  process.on("unhandledRejection", (reason) => {
    const error = reason as NodeJS.ErrnoException | undefined;
    if (error?.code === "ENOENT" && String(error.path ?? "").includes(typesDirectory)) return;
    // Alone, this listener would silence Node's default (exit on an unhandled rejection).
    if (process.listenerCount("unhandledRejection") === 1) throw reason;
  });
}

const shared = { resolve: { tsconfigPaths: true } } as const;
const integration = (name: string, dbKind: "pglite" | "postgres") => ({
  ...shared,
  test: {
    name,
    include: ["tests/integration/**/*.test.ts", "tests/integration/**/*.test.tsx"],
    // Migrates and seeds the site configuration once; each file starts from a copy of that.
    globalSetup: ["tests/setup/template-database.ts"],
    // One process per worker rather than per file: node_modules load once per worker, the
    // project's modules and the environment are fresh for every file (tests/setup/fresh-modules.ts).
    isolate: false,
    setupFiles: [
      "tests/setup/fresh-modules.ts",
      "tests/setup/console-errors.ts",
      "tests/setup/database.ts",
      "tests/setup/areas.ts",
    ],
    env: { DB_KIND: dbKind, NODE_ENV: "test" },
    // Password hashing and sign-in limits (accounts-sessions) ran past 30 s on a machine at load 20.
    testTimeout: 60_000,
    // Creating a file's database is a copy now, but a busy 2-core machine can still be slow.
    hookTimeout: 180_000,
  },
});

// tests/security drives the whole Express app (middleware, router, SSR) over HTTP, so its project
// extends vite.config.ts (the React Router plugin needs a config file): server/app.ts imports the server build as a virtual module, and the
// test files share one module graph (one database handle) with the app they attack.
const security = (name: string, dbKind: "pglite" | "postgres", exclude: string[] = []) => ({
  ...shared,
  extends: "./vite.config.ts",
  test: {
    name,
    include: ["tests/security/**/*.test.ts"],
    exclude: ["**/node_modules/**", ...exclude],
    // The stylesheet link must resolve as in the real app (an unprocessed ?url import is "").
    css: { include: [/app\.css/] },
    globalSetup: ["tests/setup/template-database.ts"],
    isolate: false,
    setupFiles: [
      "tests/setup/fresh-modules.ts",
      "tests/setup/console-errors.ts",
      "tests/setup/database.ts",
      "tests/setup/areas.ts",
    ],
    env: { DB_KIND: dbKind, NODE_ENV: "test" },
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});

// A React Router plugin set up but never run keeps Vitest from exiting for 10 s, so the security
// projects are only created when the run includes them (all projects, or --project security…).
function runIncludesSecurity(argv: string[]) {
  const chosen = argv.flatMap((arg, i) =>
    arg === "--project" ? [argv[i + 1] ?? ""] : arg.startsWith("--project=") ? [arg.slice("--project=".length)] : [],
  );
  return chosen.length === 0 || chosen.some((name) => name.includes("security") || name.includes("*"));
}

// Vitest runs the projects in name order, so the hostile corpus (one file, minutes long) started
// after every other file and ran alone with a core idle: it goes first, beside everything else.
class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => file.moduleId.endsWith("tests/security/hostile-corpus.test.ts");
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}

export default defineConfig({
  ...shared,
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts", "tests/unit/**/*.test.ts"],
          env: { NODE_ENV: "test" },
          isolate: false,
          setupFiles: ["tests/setup/fresh-modules.ts", "tests/setup/console-errors.ts"],
        },
      },
      integration("integration", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [integration("integration-postgres", "postgres")] : []),
      // tests/security drives the whole app over HTTP (the hostile corpus alone is thousands of
      // requests against every route and form): it attacks the HTTP layer and our input handling,
      // which are the same on either engine, and what only one engine rejects (encodings, NUL,
      // out-of-range numbers) is PostgreSQL's. So with a PostgreSQL server at hand the suite runs
      // there only; without one, on the embedded database. Running it on both took a seventh of
      // CI's test time for no check the other did not make.
      ...(runIncludesSecurity(process.argv)
        ? [
            process.env.TEST_DATABASE_URL
              ? security("security-postgres", "postgres")
              : security("security", "pglite"),
          ]
        : []),
    ],
  },
});
