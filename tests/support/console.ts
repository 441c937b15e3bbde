/**
 * In a unit or integration test whose behaviour is an error log: lets console.error messages
 * matching `pattern` through for the rest of this test, and fails the test if none was logged.
 * Say in a comment at the call why the error is the expected outcome.
 */
export function allowConsoleError(pattern: RegExp | string) {
  const state = (globalThis as { __consoleErrors?: { allowed: { pattern: RegExp | string; seen: boolean }[] } })
    .__consoleErrors;
  if (!state) throw new Error("allowConsoleError needs tests/setup/console-errors.ts in the project's setupFiles");
  state.allowed.push({ pattern, seen: false });
}
