import { defineConfig } from "vitest/config";

const shared = { resolve: { tsconfigPaths: true } } as const;
const integration = (name: string, dbKind: "pglite" | "postgres") => ({
  ...shared,
  test: {
    name,
    include: ["tests/integration/**/*.test.ts", "tests/integration/**/*.test.tsx"],
    setupFiles: ["tests/setup/database.ts"],
    env: { DB_KIND: dbKind, NODE_ENV: "test" },
    testTimeout: 30_000,
    // Each file migrates and seeds its own database; on a busy 2-core machine that can take a while.
    hookTimeout: 180_000,
  },
});

export default defineConfig({
  ...shared,
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts", "tests/unit/**/*.test.ts"],
          env: { NODE_ENV: "test" },
        },
      },
      integration("integration", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [integration("integration-postgres", "postgres")] : []),
    ],
  },
});
