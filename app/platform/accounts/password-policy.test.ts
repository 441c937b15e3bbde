import { describe, expect, it } from "vitest";
import { createSignUpSchema } from "./forms";
import { isCommonPassword, passwordPolicy } from "./password-policy.server";

describe("common-password check", () => {
  it("rejects listed passwords whatever their case", () => {
    for (const password of [
      "password",
      "Password123",
      "12345678",
      "QWERTYUIOP",
      "puravida123",
      "contraseña",
      "iloveyou",
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("rejects repeated characters and straight runs", () => {
    for (const password of ["zzzzzzzzzz", "ññññññññ", "abcdefghij", "9876543210", "lkjhgfdsa"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("rejects a listed word with digits or symbols added", () => {
    expect(isCommonPassword("password2024!")).toBe(true);
    expect(isCommonPassword("sunshine!!!")).toBe(true);
  });

  it("accepts a long, unusual passphrase, emoji included", () => {
    expect(isCommonPassword("tide pools at potrero")).toBe(false);
    expect(isCommonPassword("🌊 mango season 🥭")).toBe(false);
  });

  it("feeds the sign-up schema a translated message key", () => {
    const result = createSignUpSchema(passwordPolicy).safeParse({
      intent: "sign-up",
      firstName: "Ana",
      lastName: "Mora",
      email: "ana@example.com",
      password: "password1",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain("accounts:auth.errors.passwordCommon");
  });
});
