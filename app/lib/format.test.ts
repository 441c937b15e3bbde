import { describe, expect, it } from "vitest";
import {
  currencyFor,
  formatDate,
  formatDay,
  formatMoney,
  formatNumber,
  formatTime,
  showPrice,
  weekdayNames,
  weekStartsOn,
} from "./format";

describe("locale formatting", () => {
  it("shows USD with en-US and CRC with es-CR", () => {
    expect(currencyFor.en).toBe("USD");
    expect(currencyFor.es).toBe("CRC");
    expect(formatMoney(1234.5, "en")).toBe("$1,234.50");
    const colones = formatMoney(25000, "es");
    expect(colones).toContain("₡");
    expect(colones.replace(/\s/g, "")).toMatch(/₡25\D?000/);
  });

  it("formats numbers with the language's separators", () => {
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
    expect(formatNumber(1234.5, "es").replace(/\s/g, " ")).toMatch(/1.234,5/);
  });

  it("starts the week on Sunday in English and Monday in Spanish", () => {
    expect(weekStartsOn.en).toBe(0);
    expect(weekStartsOn.es).toBe(1);
    expect(weekdayNames("en", "long")[0]).toBe("Sunday");
    expect(weekdayNames("es", "long")[0]).toBe("lunes");
    expect(weekdayNames("es")).toHaveLength(7);
  });

  it("shows times in Costa Rica time whatever the server's zone", () => {
    // 18:00 UTC is noon in Costa Rica (UTC-6, no daylight saving).
    const noon = new Date("2026-11-22T18:00:00Z");
    expect(formatTime(noon, "en")).toBe("12:00 PM");
    expect(formatDate(new Date("2026-11-23T03:00:00Z"), "en")).toBe("November 22, 2026");
  });
});

describe("prices in the page language's currency", () => {
  const rate = { crcPerUsd: 505, on: "2026-11-01" };
  // What Node 20's Intl writes for es-CR: the colón sign and a no-break space between thousands.
  const nbsp = "\u00a0";

  it("converts a dollar price to colones on Spanish pages and keeps the entered price", () => {
    const price = showPrice({ amountMinor: 3800, currency: "USD", language: "es", rate });
    expect(price.text).toBe(`₡19${nbsp}190`);
    expect(price.original).toEqual({ text: `USD${nbsp}38,00`, rateOn: "2026-11-01" });
  });

  it("converts a colón price to dollars on English pages, to the cent", () => {
    const price = showPrice({ amountMinor: 500_000, currency: "CRC", language: "en", rate });
    expect(price.text).toBe("$9.90");
    expect(price.original).toEqual({ text: `CRC${nbsp}5,000`, rateOn: "2026-11-01" });
  });

  it("shows a price already in the page's currency as it is, with nothing beside it", () => {
    expect(showPrice({ amountMinor: 3800, currency: "USD", language: "en", rate })).toEqual({
      text: "$38.00",
      original: null,
    });
    expect(showPrice({ amountMinor: 250_000, currency: "CRC", language: "es", rate })).toEqual({
      text: `₡2${nbsp}500`,
      original: null,
    });
  });

  it("never invents a rate: without one the entered price is shown", () => {
    expect(showPrice({ amountMinor: 3800, currency: "USD", language: "es", rate: null })).toEqual({
      text: `USD${nbsp}38,00`,
      original: null,
    });
    expect(
      showPrice({ amountMinor: 3800, currency: "USD", language: "es", rate: { crcPerUsd: 0, on: "2026-11-01" } })
        .original,
    ).toBeNull();
  });
});

describe("calendar days", () => {
  it("reads a stored day in the page's language, never as an ISO string, and keeps the day in Costa Rica", () => {
    expect(formatDay("2026-11-21", "es", { dateStyle: "medium" })).toBe("21 nov 2026");
    expect(formatDay("2026-11-21", "en", { dateStyle: "medium" })).toBe("Nov 21, 2026");
    expect(formatDay("2027-01-01", "en")).toBe("January 1, 2027");
  });
});
