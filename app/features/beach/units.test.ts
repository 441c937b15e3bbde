import { describe, expect, it } from "vitest";
import {
  celsiusToFahrenheit,
  compassPoint,
  defaultUnitSystem,
  fahrenheitToCelsius,
  feetToMetres,
  formatHeight,
  formatHeightOther,
  formatSpeed,
  formatTemperature,
  metresToFeet,
  resolveUnitSystem,
} from "./units";

describe("metres and feet by language", () => {
  it("defaults to feet in English and metres in Spanish", () => {
    expect(defaultUnitSystem("en")).toBe("imperial");
    expect(defaultUnitSystem("es")).toBe("metric");
  });

  it("lets ?units= switch either language, and ignores anything else", () => {
    expect(resolveUnitSystem("metric", "en")).toBe("metric");
    expect(resolveUnitSystem("imperial", "es")).toBe("imperial");
    expect(resolveUnitSystem("furlongs", "en")).toBe("imperial");
    expect(resolveUnitSystem("<script>", "es")).toBe("metric");
    expect(resolveUnitSystem(null, "es")).toBe("metric");
    expect(resolveUnitSystem(undefined, "en")).toBe("imperial");
  });

  it("converts exactly and back", () => {
    expect(metresToFeet(1)).toBeCloseTo(3.28084, 5);
    expect(feetToMetres(metresToFeet(2.616))).toBeCloseTo(2.616, 10);
    expect(celsiusToFahrenheit(28)).toBeCloseTo(82.4, 5);
    expect(fahrenheitToCelsius(celsiusToFahrenheit(27.5))).toBeCloseTo(27.5, 10);
  });

  it("formats a height in the reader's system with the language's decimal separator", () => {
    expect(formatHeight(2.616, "imperial", "en")).toBe("8.6 ft");
    expect(formatHeight(2.616, "metric", "en")).toBe("2.6 m");
    expect(formatHeight(2.616, "metric", "es")).toBe("2,6 m");
    expect(formatHeight(2.616, "imperial", "es")).toBe("8,6 ft");
    expect(formatHeight(-0.431, "metric", "en")).toBe("-0.4 m");
    expect(formatHeight(-0.01, "imperial", "en")).toBe("0.0 ft");
    expect(formatHeightOther(2.616, "imperial", "en")).toBe("2.6 m");
    expect(formatHeightOther(2.616, "metric", "es")).toBe("8,6 ft");
  });

  it("formats temperature and speed in the same system", () => {
    expect(formatTemperature(28, "metric", "es")).toBe("28 °C");
    expect(formatTemperature(28, "imperial", "en")).toBe("82 °F");
    expect(formatSpeed(20, "metric", "es")).toBe("20 km/h");
    expect(formatSpeed(20, "imperial", "en")).toBe("12 mph");
  });

  it("names the compass point a direction comes from", () => {
    expect(compassPoint(0)).toBe("N");
    expect(compassPoint(359)).toBe("N");
    expect(compassPoint(200)).toBe("S");
    expect(compassPoint(225)).toBe("SW");
    expect(compassPoint(-90)).toBe("W");
  });
});
