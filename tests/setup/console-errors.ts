import { format } from "node:util";
import { afterEach, beforeEach } from "vitest";

// Any console.error during a unit or integration test fails that test: React's warnings (keys,
// hydration, invalid DOM nesting), a library's complaint or a forgotten debug line all land here,
// and they are bugs until shown otherwise. A test whose behaviour IS an error log says so with
// allowConsoleError(pattern) from #tests/support/console, which also checks the log happened.
const state = globalThis as typeof globalThis & {
  __consoleErrors?: { calls: string[]; allowed: { pattern: RegExp | string; seen: boolean }[] };
};
state.__consoleErrors = { calls: [], allowed: [] };
// Without isolation this file runs again for each file in the same worker: wrap the console's own
// error, never the previous file's wrapper.
type Wrapped = typeof console.error & { unwrapped?: typeof console.error };
const original = (console.error as Wrapped).unwrapped ?? console.error.bind(console);

const wrapper: Wrapped = (...args: unknown[]) => {
  const current = state.__consoleErrors;
  const message = format(...args);
  const allowance = current?.allowed.find(({ pattern }) =>
    typeof pattern === "string" ? message.includes(pattern) : pattern.test(message),
  );
  if (allowance) allowance.seen = true;
  else current?.calls.push(message);
  original(...args);
};
wrapper.unwrapped = original;
console.error = wrapper;

// pg warns (once per process) when queries are sent together on one connection, a transaction's
// `Promise.all` for instance; its next major version refuses them. That is a bug here too.
const listening = globalThis as typeof globalThis & { __pgWarningListener?: boolean };
if (!listening.__pgWarningListener) {
  listening.__pgWarningListener = true;
  process.on("warning", (warning) => {
    if (warning.name === "DeprecationWarning" && warning.message.includes("already executing a query"))
      state.__consoleErrors?.calls.push(`pg: ${warning.message}`);
  });
}

beforeEach(() => {
  state.__consoleErrors = { calls: [], allowed: [] };
});

afterEach(() => {
  const current = state.__consoleErrors;
  if (!current) return;
  const unexpected = current.calls;
  const missing = current.allowed.filter((allowance) => !allowance.seen);
  state.__consoleErrors = { calls: [], allowed: [] };
  if (unexpected.length) {
    throw new Error(
      `console.error was called ${unexpected.length} time(s) during this test:\n${unexpected.map((m) => `  ${m.split("\n")[0]}`).join("\n")}`,
    );
  }
  if (missing.length) {
    throw new Error(`allowConsoleError(${missing.map((m) => String(m.pattern)).join(", ")}) was never logged`);
  }
});
