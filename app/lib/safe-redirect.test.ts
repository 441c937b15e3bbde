import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/dashboard/settings?tab=1#x", "/")).toBe("/dashboard/settings?tab=1#x");
    expect(safeRedirectPath("/es/dashboard", "/")).toBe("/es/dashboard");
  });

  it("refuses other sites, schemes and tricks", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example/path",
      "/\\evil.example",
      "javascript:alert(1)",
      "evil.example",
      "/\tevil",
      "",
      "/".padEnd(3000, "a"),
      42,
      undefined,
    ]) {
      expect(safeRedirectPath(bad, "/fallback"), String(bad)).toBe("/fallback");
    }
  });
});
