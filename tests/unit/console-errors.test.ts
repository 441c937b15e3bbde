import { describe, expect, it } from "vitest";
import { allowConsoleError } from "#tests/support/console";

// The setup file (tests/setup/console-errors.ts) fails a test after it logs through console.error;
// these check what it records and what an explicit allowance lets through.
type State = { calls: string[]; allowed: { pattern: RegExp | string; seen: boolean }[] };
const state = () => (globalThis as { __consoleErrors?: State }).__consoleErrors as State;

describe("console.error in tests", () => {
  it("records every call, formatted, so the test fails after it", () => {
    const original = console.error;
    expect(original).not.toBe(undefined);
    console.error("broken %s", "thing", { id: 1 });
    expect(state().calls).toEqual(["broken thing { id: 1 }"]);
    // This test's own call is the point of the test: clear it so the after-hook passes.
    state().calls.length = 0;
  });

  it("lets through only what a test allows, and marks the allowance as used", () => {
    // The expected error log of this test.
    allowConsoleError(/expected failure/);
    console.error(new Error("an expected failure"));
    expect(state().calls).toEqual([]);
    expect(state().allowed[0].seen).toBe(true);
    console.error("something else");
    expect(state().calls).toEqual(["something else"]);
    state().calls.length = 0;
  });

  it("starts every test with nothing recorded and nothing allowed", () => {
    expect(state()).toEqual({ calls: [], allowed: [] });
  });
});
