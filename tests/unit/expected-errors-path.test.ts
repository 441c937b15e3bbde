// One way from an expected failure to the visitor (app/lib/errors.server.ts): routes hand domain
// calls to orAppError / handleFormAction / handleAction and never catch AppError themselves.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

describe("routes and expected errors", () => {
  const routeFiles = files("app/routes");

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
    const offenders = files("app/components").filter((file) =>
      /\/\^\[a-z\]\[?[^/]*:\[/.test(readFileSync(file, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
