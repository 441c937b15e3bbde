// What a condition report can say, one list per field. The database checks the same values, the
// form offers them, and the locale files name them (beach:conditions.<field>.<value>).

export const surfSizes = ["flat", "ankle", "knee", "waist", "chest", "head", "overhead"] as const;
export const surfQualities = ["poor", "fair", "good", "excellent"] as const;
export const windStrengths = ["calm", "light", "moderate", "strong"] as const;
export const windDirections = ["offshore", "onshore", "crossShore"] as const;
export const waterClarities = ["clear", "fair", "murky"] as const;
/** Lifeguard flags as posted on Costa Rican beaches; "none" is the usual case: no flag posted. */
export const flagColours = ["none", "green", "yellow", "red", "purple"] as const;
export const jellyfishLevels = ["none", "few", "many"] as const;
export const sargassumLevels = ["none", "light", "moderate", "heavy"] as const;
export const crowdLevels = ["empty", "quiet", "moderate", "busy"] as const;

export const conditionFields = {
  surfSize: surfSizes,
  surfQuality: surfQualities,
  wind: windStrengths,
  windDirection: windDirections,
  waterClarity: waterClarities,
  flag: flagColours,
  jellyfish: jellyfishLevels,
  sargassum: sargassumLevels,
  crowd: crowdLevels,
} as const;

export type ConditionField = keyof typeof conditionFields;
export const conditionFieldNames = Object.keys(conditionFields) as ConditionField[];

/** Water temperatures outside this range (°C) are typos, not Guanacaste. */
export const waterTempRangeC = { min: 15, max: 36 } as const;
export const reportNoteMax = 1000;
export const observationNoteMax = 280;
/** Reports older than this are shown as old, never as the current conditions. */
export const currentReportMaxAgeHours = 24;
/** Photos: the upload limit, and the longest side after re-encoding. */
export const photoMaxBytes = 8 * 1024 * 1024;
export const photoMaxSide = 1600;
