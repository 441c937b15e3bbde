import { numberFormat, numberLocale } from "#app/lib/format";
import type { Language } from "#app/lib/i18n";

// Heights and temperatures follow the reader: English readers here are mostly North American
// visitors who think in feet and °F; Spanish readers use metres and °C. Either can switch with
// ?units=, a plain link, so it works without JavaScript.
export type UnitSystem = "metric" | "imperial";

export const unitSystems: readonly UnitSystem[] = ["metric", "imperial"];
export const feetPerMetre = 3.28084;

export function defaultUnitSystem(language: Language): UnitSystem {
  return language === "es" ? "metric" : "imperial";
}

export function isUnitSystem(value: unknown): value is UnitSystem {
  return value === "metric" || value === "imperial";
}

/** The query's ?units= when valid, else the language's default. */
export function resolveUnitSystem(requested: string | null | undefined, language: Language): UnitSystem {
  return isUnitSystem(requested) ? requested : defaultUnitSystem(language);
}

export function metresToFeet(metres: number): number {
  return metres * feetPerMetre;
}

export function feetToMetres(feet: number): number {
  return feet / feetPerMetre;
}

export function celsiusToFahrenheit(celsius: number): number {
  return (celsius * 9) / 5 + 32;
}

export function fahrenheitToCelsius(fahrenheit: number): number {
  return ((fahrenheit - 32) * 5) / 9;
}

function decimal(value: number, language: Language, digits: number) {
  // Round first so a value just below zero shows as "0.0", not "-0.0".
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor || 0;
  return numberFormat(numberLocale[language], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(rounded);
}

/** A height given in metres, in the unit system: "1.9 m" / "6.2 ft" (one decimal). */
export function formatHeight(metres: number, system: UnitSystem, language: Language): string {
  return system === "metric" ? `${decimal(metres, language, 1)} m` : `${decimal(metresToFeet(metres), language, 1)} ft`;
}

/** The same height in the other system, for a secondary label. */
export function formatHeightOther(metres: number, system: UnitSystem, language: Language): string {
  return formatHeight(metres, system === "metric" ? "imperial" : "metric", language);
}

export function formatTemperature(celsius: number, system: UnitSystem, language: Language): string {
  return system === "metric"
    ? `${decimal(celsius, language, 0)} °C`
    : `${decimal(celsiusToFahrenheit(celsius), language, 0)} °F`;
}

export function temperatureUnitLabel(system: UnitSystem): "°C" | "°F" {
  return system === "metric" ? "°C" : "°F";
}

export function formatSpeed(kmh: number, system: UnitSystem, language: Language): string {
  return system === "metric" ? `${decimal(kmh, language, 0)} km/h` : `${decimal(kmh / 1.609344, language, 0)} mph`;
}

const compassPoints = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"] as const;
export type CompassPoint = (typeof compassPoints)[number];

/** Degrees (where the swell or wind comes from) to one of eight compass points. */
export function compassPoint(degrees: number): CompassPoint {
  const normalized = ((degrees % 360) + 360) % 360;
  return compassPoints[Math.round(normalized / 45) % 8];
}
