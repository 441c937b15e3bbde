import { vi } from "vitest";

// Every project runs with isolate: false, so one worker process runs many files: node_modules are
// imported once per worker (a process per file spent most of its time importing them again), yet
// each file must start as it would in a process of its own. Vitest runs the setup files again
// before each file, and this one runs first:
// - the environment goes back to what the worker started with (files set DATA_DIR,
//   INBOUND_MAIL_SECRET or REDIS_URL at module level for the app to read);
// - the project's own modules (app/, server/, tests/) are evaluated afresh, so their module-level
//   state (the parsed env, caches, rate limiters, the database handle) starts empty.
const state = globalThis as typeof globalThis & { __workerEnv?: Record<string, string | undefined> };
state.__workerEnv ??= { ...process.env };
const initial = state.__workerEnv;
for (const key of Object.keys(process.env)) if (!(key in initial)) delete process.env[key];
Object.assign(process.env, initial);
vi.resetModules();
