import { describe, expect, it } from "vitest";
import { currencyFor, formatDate, formatMoney, formatNumber, formatTime, weekStartsOn, weekdayNames } from "./format";

describe("locale formatting (spec §9)", () => {
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
