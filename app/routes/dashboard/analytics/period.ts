import { type AnalyticsPeriod, analyticsPeriods } from "#app/features/directory/constants";

/** `?days=` as one of the offered periods; anything else is the default (30). */
export function readPeriod(request: Request): AnalyticsPeriod {
  const asked = Number(new URL(request.url).searchParams.get("days"));
  return (analyticsPeriods as readonly number[]).includes(asked) ? (asked as AnalyticsPeriod) : 30;
}
