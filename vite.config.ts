import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The SSR bundle's entry is our Express app, so the server, the router and the
    // database module share one module graph (one PGlite handle per process).
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  resolve: {
    tsconfigPaths: true,
  },
  ssr: {
    external: ["@electric-sql/pglite", "sharp", "pg", "pino", "better-auth"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
