import { describe, expect, it } from "vitest";
import { claimSchema } from "#app/features/directory/forms";
import { formatTaxId, isActiveTaxStatus, parseTaxId, taxIdKindOf, taxNamesMatch } from "#app/features/directory/tax-id";

// The tax ID a claim may carry: what counts as a cédula jurídica or física, how it is stored, how it
// is written back, and when a name on Hacienda's file is the name given.

describe("parseTaxId", () => {
  it.each([
    ["3-101-123456", { kind: "juridica", digits: "3101123456" }],
    ["3101123456", { kind: "juridica", digits: "3101123456" }],
    [" 3 101 123456 ", { kind: "juridica", digits: "3101123456" }],
    ["3.101.123456", { kind: "juridica", digits: "3101123456" }],
    ["1-2345-6789", { kind: "fisica", digits: "123456789" }],
    ["123456789", { kind: "fisica", digits: "123456789" }],
    ["01-2345-6789", { kind: "fisica", digits: "123456789" }],
    ["5 0321 0654", { kind: "fisica", digits: "503210654" }],
  ])("reads %s", (input, expected) => {
    expect(parseTaxId(input)).toEqual(expected);
  });

  it.each([
    "",
    "3-101-12345", // a jurídica missing a digit, though its nine digits could be a física
    "1-2345-678",
    "12-345-6789",
    "4101123456", // ten digits must start with 3
    "012345678", // a física never starts with 0
    "31011234567", // eleven digits
    "3-101-12345a",
    "cédula 3-101-123456",
  ])("refuses %j", (input) => {
    expect(parseTaxId(input)).toBeNull();
  });

  it("writes the digits back the way papers do, and tells the kind by length", () => {
    expect(formatTaxId("3101123456")).toBe("3-101-123456");
    expect(formatTaxId("123456789")).toBe("1-2345-6789");
    expect(taxIdKindOf("3101123456")).toBe("juridica");
    expect(taxIdKindOf("123456789")).toBe("fisica");
  });
});

describe("the claim form's tax ID", () => {
  const base = {
    claimType: "business_owner",
    verificationMethod: "email",
    contactDetails: "owner@example.test",
    additionalInfo: "",
  };

  it("is optional, and stored as its digits when given", () => {
    expect(claimSchema.parse(base).taxId).toBeNull();
    expect(claimSchema.parse({ ...base, taxId: "  " }).taxId).toBeNull();
    expect(claimSchema.parse({ ...base, taxId: "3-101-123456" }).taxId).toBe("3101123456");
    expect(claimSchema.parse({ ...base, taxId: "01-2345-6789" }).taxId).toBe("123456789");
  });

  it("refuses a malformed ID with the format message, on the field", () => {
    for (const taxId of ["3-101-1234", "4-101-123456", "abc", "3".repeat(30)]) {
      const result = claimSchema.safeParse({ ...base, taxId });
      expect(result.success, taxId).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
        ["taxId", "directory:errors.taxIdFormat"],
      ]);
    }
  });
});

describe("taxNamesMatch and isActiveTaxStatus", () => {
  it("matches a company's registered name to the name on its sign, ignoring case, accents and S.A.", () => {
    expect(taxNamesMatch("PIZZERIA EL HORNO SOCIEDAD ANONIMA", "Pizzería El Horno")).toBe(true);
    expect(taxNamesMatch("INVERSIONES PIZZERIA EL HORNO S.A.", "Pizzería El Horno")).toBe(true);
    expect(taxNamesMatch("PIZZERIA EL HORNO SRL", "Pizzería La Esquina")).toBe(false);
    expect(taxNamesMatch("S.A.", "Sociedad Anónima")).toBe(false);
  });

  it("matches a person surname first, in capitals", () => {
    expect(taxNamesMatch("MORA VARGAS ANA LUCIA", "Ana Mora Vargas")).toBe(true);
    expect(taxNamesMatch("MORA VARGAS ANA LUCIA", "Ana Rojas")).toBe(false);
  });

  it("counts Inscrito and Inscrito de Oficio as registered, not No inscrito or Desinscrito", () => {
    expect(isActiveTaxStatus("Inscrito")).toBe(true);
    expect(isActiveTaxStatus("Inscrito de Oficio")).toBe(true);
    expect(isActiveTaxStatus("No inscrito")).toBe(false);
    expect(isActiveTaxStatus("Desinscrito")).toBe(false);
    expect(isActiveTaxStatus("")).toBe(false);
  });
});
