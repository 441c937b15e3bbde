import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // One list of tables: a domain adds its schema to app/domain/schema.ts when it generates its migration.
  schema: "./app/domain/schema.ts",
  out: "./db/migrations",
});
