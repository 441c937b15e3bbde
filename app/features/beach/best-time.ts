// "Best time today" is a rule applied to the computed tide and daylight, never a forecast: each
// suggestion names the rule that produced it so the page can explain it. Swell, wind and crowds
// are what people report; we do not guess them.

export interface TideTurn {
  time: Date;
  type: "high" | "low";
  heightM: number;
}

export type BestTime =
  /** The lowest low tide between sunrise and sunset: tide pools, walking the rocks. */
  | { activity: "tidePools"; rule: "daylightLow"; time: Date; heightM: number }
  | { activity: "tidePools"; rule: "noDaylightLow" }
  /** The middle third of a rising tide, clipped to daylight: many beach breaks work best then. */
  | { activity: "surf"; rule: "midRising"; start: Date; end: Date }
  | { activity: "surf"; rule: "noDaylightMidRising" }
  /** The evening golden hour until sunset. */
  | { activity: "photos"; rule: "goldenHour"; start: Date; end: Date };

export interface DaylightWindow {
  sunrise: Date | null;
  sunset: Date | null;
  goldenHourEveningStart: Date | null;
}

/**
 * `turns` must cover the day and its neighbours (a rise that starts before midnight can end in
 * daylight); `day` is the local day the suggestions are for.
 */
export function bestTimes(options: {
  turns: TideTurn[];
  light: DaylightWindow;
  day: { start: Date; end: Date };
}): BestTime[] {
  const { sunrise, sunset, goldenHourEveningStart } = options.light;
  const suggestions: BestTime[] = [];
  const turns = [...options.turns].sort((a, b) => a.time.getTime() - b.time.getTime());

  const daylightLows =
    sunrise && sunset ? turns.filter((turn) => turn.type === "low" && turn.time >= sunrise && turn.time <= sunset) : [];
  const lowest = daylightLows.reduce<TideTurn | null>(
    (best, turn) => (!best || turn.heightM < best.heightM ? turn : best),
    null,
  );
  suggestions.push(
    lowest
      ? { activity: "tidePools", rule: "daylightLow", time: lowest.time, heightM: lowest.heightM }
      : { activity: "tidePools", rule: "noDaylightLow" },
  );

  let surf: BestTime | null = null;
  if (sunrise && sunset) {
    for (let i = 0; i < turns.length - 1 && !surf; i++) {
      const low = turns[i];
      const high = turns[i + 1];
      if (low.type !== "low" || high.type !== "high") continue;
      const rise = high.time.getTime() - low.time.getTime();
      const start = Math.max(low.time.getTime() + rise / 3, sunrise.getTime(), options.day.start.getTime());
      const end = Math.min(low.time.getTime() + (2 * rise) / 3, sunset.getTime(), options.day.end.getTime());
      // Under half an hour of it in daylight is not worth suggesting.
      if (end - start >= 30 * 60_000)
        surf = { activity: "surf", rule: "midRising", start: new Date(start), end: new Date(end) };
    }
  }
  suggestions.push(surf ?? { activity: "surf", rule: "noDaylightMidRising" });

  if (goldenHourEveningStart && sunset && goldenHourEveningStart < sunset) {
    suggestions.push({ activity: "photos", rule: "goldenHour", start: goldenHourEveningStart, end: sunset });
  }
  return suggestions;
}
