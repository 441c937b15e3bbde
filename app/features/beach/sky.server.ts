import { getMoonIllumination, getMoonTimes, getTimes } from "suncalc";
import { localDayInterval } from "./local-day";

export const moonPhases = [
  "new",
  "waxingCrescent",
  "firstQuarter",
  "waxingGibbous",
  "full",
  "waningGibbous",
  "lastQuarter",
  "waningCrescent",
] as const;
export type MoonPhase = (typeof moonPhases)[number];

export interface SkyDay {
  sunrise: Date | null;
  sunset: Date | null;
  /** Morning golden hour: from sunrise until this. */
  goldenHourMorningEnd: Date | null;
  /** Evening golden hour: from this until sunset. */
  goldenHourEveningStart: Date | null;
  solarNoon: Date;
  moonrise: Date | null;
  moonset: Date | null;
  moonPhase: MoonPhase;
  /** Illuminated fraction, 0–1. */
  moonIllumination: number;
  moonWaxing: boolean;
}

/** suncalc's phase (0 new → 0.5 full → 1) snapped to the nearest eighth, as its README advises. */
export function moonPhaseName(phase: number): MoonPhase {
  return moonPhases[Math.round(phase * 8) % 8];
}

/** Sun and moon for a local calendar day at a place; the moon at local noon. */
export function skyForDay(options: { date: string; latitude: number; longitude: number; timeZone: string }): SkyDay {
  const { start, end } = localDayInterval(options.date, options.timeZone);
  const noon = new Date((start.getTime() + end.getTime()) / 2);
  // getTimes answers for the solar day containing the instant; local noon is safely inside it.
  const sun = getTimes(noon, options.latitude, options.longitude);
  // getMoonTimes scans the UTC calendar day of its argument whatever the time given (v2.0.2 sets
  // the hours to 0 UTC), so scan the UTC days the local day overlaps and keep what falls inside it.
  const moonEvents = [start, new Date(end.getTime() - 1)].map((instant) =>
    getMoonTimes(instant, options.latitude, options.longitude),
  );
  const within = (instant: Date | undefined): instant is Date => !!instant && instant >= start && instant < end;
  const moonrise = moonEvents.map((times) => times.rise).find(within) ?? null;
  const moonset = moonEvents.map((times) => times.set).find(within) ?? null;
  const illumination = getMoonIllumination(noon);
  return {
    sunrise: sun.sunrise,
    sunset: sun.sunset,
    goldenHourMorningEnd: sun.goldenHourEnd,
    goldenHourEveningStart: sun.goldenHour,
    solarNoon: sun.solarNoon,
    moonrise,
    moonset,
    moonPhase: moonPhaseName(illumination.phase),
    moonIllumination: illumination.fraction,
    moonWaxing: illumination.waxing,
  };
}
