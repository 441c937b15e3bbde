// One way from an expected failure to the visitor (app/lib/errors.server.ts): routes hand domain
// calls to orAppError / handleFormAction / handleAction and never catch AppError themselves.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { filesUnder } from "#tests/support/files";

describe("routes and expected errors", () => {
  const routeFiles = filesUnder("app/routes", (file) => /\.tsx?$/.test(file));

  it("finds the route modules", () => {
    expect(routeFiles.length).toBeGreaterThan(40);
  });

  it("no route tests for AppError by hand", () => {
    const offenders = routeFiles.filter((file) =>
      /\bisAppError\b|instanceof AppError/.test(readFileSync(file, "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it("no component guesses whether a message is a translation key", () => {
    const offenders = filesUnder("app/components", (file) => /\.tsx?$/.test(file)).filter((file) =>
      /\/\^\[a-z\]\[?[^/]*:\[/.test(readFileSync(file, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
