import { describe, expect, it } from "vitest";
import { formMessage, parseFormMessage } from "./form-message";

describe("form messages", () => {
  it("are plain keys without values", () => {
    expect(formMessage("accounts:auth.errors.generic")).toBe("accounts:auth.errors.generic");
    expect(parseFormMessage("accounts:auth.errors.generic")).toEqual({
      key: "accounts:auth.errors.generic",
      values: {},
    });
  });

  it("carry values, numbers as numbers (plural rules need count)", () => {
    const message = formMessage("common:errors.rateLimited", { count: 2, who: "Ana & Bo", skipped: { a: 1 } });
    expect(parseFormMessage(message)).toEqual({
      key: "common:errors.rateLimited",
      values: { count: 2, who: "Ana & Bo" },
    });
  });
});
