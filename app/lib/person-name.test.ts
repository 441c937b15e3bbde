import { describe, expect, it } from "vitest";
import { isPersonName } from "./person-name";

describe("isPersonName", () => {
  it("keeps the names people have", () => {
    for (const name of [
      "Ana María Mora",
      "José",
      "J. R. Solano",
      "O'Brien-Chacón",
      "Dr. Vargas",
      "Zoë",
      "李小龍",
      "Mary Ann St. John",
    ])
      expect(isPersonName(name), name).toBe(true);
  });

  it("refuses line breaks of every kind and links of every shape", () => {
    for (const name of [
      "Hi\r\nYour account is suspended! Verify at https://evil.example/verify",
      "Ana\nBcc: victim@example.test",
      "Ana\u2028Click here",
      "Ana\u2029x",
      "Ana\u0085x",
      "Ana\tMora",
      "Visit https://evil.example",
      "hxxp://evil.example",
      "www.evil.example",
      "evil.example/verify",
      "bit.ly",
      "Ana evil.example",
      "ana@example.test",
      "mailto:ana",
      "javascript:alert(1)",
    ])
      expect(isPersonName(name), JSON.stringify(name)).toBe(false);
  });
});
