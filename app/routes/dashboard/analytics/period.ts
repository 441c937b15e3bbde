import { type AnalyticsPeriod, analyticsPeriods } from "#app/features/directory/constants";
import { readSearchParams, searchParam } from "#app/lib/search-params";

const offered = analyticsPeriods.map(String);

/** `?days=` as one of the offered periods; anything else is the default (30). */
export function readPeriod(request: Request): AnalyticsPeriod {
  return Number(readSearchParams(request, { days: searchParam.oneOf(offered, "30") }).days) as AnalyticsPeriod;
}
