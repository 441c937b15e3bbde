import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build, defineConfig, type Plugin } from "vite";
import { reactRouterServerMemo } from "./server/react-router-memo";

/**
 * Writes .vite/modules.json next to the client manifest: for every emitted chunk, the modules it
 * holds and their minified length. bench/first-load-js.mjs reads it to name the biggest modules of
 * a page, so a regression in first-load JavaScript points at its cause.
 */
function chunkModules(): Plugin {
  return {
    name: "playa:chunk-modules",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const chunks: Record<string, { modules: Record<string, number> }> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules)) {
          if (info.renderedLength > 0) modules[id.replace(`${process.cwd()}/`, "")] = info.renderedLength;
        }
        chunks[output.fileName] = { modules };
      }
      this.emitFile({ type: "asset", fileName: ".vite/modules.json", source: JSON.stringify(chunks) });
    },
  };
}

/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy beside every script, style sheet and SVG
 * of the client build, which the server sends as they are (server/index.ts). Compressing per
 * request costs CPU on every visit and uses fast settings: quality 11 makes the first-load
 * JavaScript about 13 % smaller than the gzip the browser got before.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: "playa:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const directory = options.dir ?? `${buildDirectory}/client`;
      const files = Object.values(bundle).filter(
        (output) => output.fileName.startsWith("assets/") && /\.(?:js|css|svg)$/.test(output.fileName),
      );
      await Promise.all(
        files.map(async (output) => {
          const bytes = Buffer.from(output.type === "chunk" ? output.code : output.source);
          const target = path.join(directory, output.fileName);
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipped(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

const buildDirectory = process.env.BUILD_DIR ?? "build";

/**
 * Our own modules that `file` imports, directly or not (assets excluded), found once per build.
 * A module that something imports dynamically is left out, with what only it brings: it is meant to
 * load when needed (a component the server renders in place and the browser fetches lazily keeps a
 * static import for the server's sake, which the browser build drops).
 */
function importClosure(file: string) {
  let closure: Set<string> | null = null;
  const appDirectory = `${path.resolve("app")}/`;
  return (id: string, ctx: ModuleGraph) => {
    if (!closure) {
      closure = new Set();
      const queue = [...(ctx.getModuleInfo(path.resolve(file))?.importedIds ?? [])];
      while (queue.length) {
        const next = queue.pop() as string;
        if (closure.has(next) || !next.startsWith(appDirectory)) continue;
        const info = ctx.getModuleInfo(next);
        if (info?.dynamicImporters.length) continue;
        closure.add(next);
        queue.push(...(info?.importedIds ?? []));
      }
    }
    return closure.has(id) && !/\.(css|svg)(\?|$)/.test(id);
  };
}
type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicImporters: readonly string[] } | null;
};

/**
 * Our own modules that the root route imports load on every page anyway; left to the default
 * splitting they come as a dozen files under a kilobyte each, every one a request on a slow phone
 * connection and a gzip stream of its own. They go in one "shell" chunk instead. The business
 * card and its parts (rating, open status, image, badges…) do the same for the home, directory,
 * category, area and business pages, which all show them: one "cards" chunk. Modules only some
 * pages use keep the default splitting.
 */
function appChunks() {
  const inShell = importClosure("app/root.tsx");
  const inCards = importClosure("app/components/directory/business-card.tsx");
  const card = path.resolve("app/components/directory/business-card.tsx");
  // A group also takes in what its modules import, so the shell goes first: the router, React and
  // the translations stay in it, and the cards chunk holds only the cards' own modules.
  const format = path.resolve("app/lib/format.ts");
  return [
    // Formatting is shared by cards and by pages without them (the beach report): its own chunk.
    { priority: 3, name: (id: string) => (id === format ? "format" : null) },
    { priority: 2, name: (id: string, ctx: ModuleGraph) => (inShell(id, ctx) ? "shell" : null) },
    { priority: 1, name: (id: string, ctx: ModuleGraph) => (id === card || inCards(id, ctx) ? "cards" : null) },
  ];
}

/**
 * After the server bundle, compiles the Node entry (server/index.ts and what it imports from
 * server/) to `build/server/start.js`, so production runs plain JavaScript with no TypeScript
 * loader in the process. Packages stay external, as in the server bundle.
 */
function nodeEntry(): Plugin {
  return {
    name: "playa-hub:node-entry",
    apply: "build",
    async closeBundle() {
      if (this.environment?.name !== "ssr") return;
      await build({
        configFile: false,
        logLevel: "warn",
        build: {
          ssr: "server/index.ts",
          outDir: `${buildDirectory}/server`,
          emptyOutDir: false,
          copyPublicDir: false,
          rollupOptions: { output: { entryFileNames: "start.js" } },
        },
      });
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  build: {
    // The SSR bundle's entry is our Express app, so the server, the router and the
    // database module share one module graph (one PGlite handle per process).
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    rolldownOptions: isSsrBuild ? undefined : { output: { codeSplitting: { groups: appChunks() } } },
  },
  resolve: {
    tsconfigPaths: true,
    // react-router's package exports point at its development build (dev warnings and their
    // strings); both bundles get the production build the package ships beside it. On the server
    // the development build also cost time on every request (its checks and warnings).
    alias:
      command === "build"
        ? [
            {
              find: /^react-router$/,
              replacement: path.resolve("node_modules/react-router/dist/production/index.mjs"),
            },
            {
              find: /^react-router\/dom$/,
              replacement: path.resolve("node_modules/react-router/dist/production/dom-export.mjs"),
            },
          ]
        : [],
  },
  ssr: {
    external: ["@electric-sql/pglite", "sharp", "pg", "pino", "better-auth"],
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    chunkModules(),
    precompressAssets(),
    ...(isSsrBuild ? [nodeEntry(), reactRouterServerMemo()] : []),
  ],
}));
