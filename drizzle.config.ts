import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // One list of tables: a domain adds its schema to app/compose/schema.ts when it generates its migration.
  schema: "./app/compose/schema.ts",
  out: "./db/migrations",
});
