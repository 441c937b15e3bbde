import { z } from "zod";
import { type AnalyticsPeriod, analyticsPeriods } from "#app/features/directory/constants";
import { readSearchParams } from "#app/lib/search-params";

/** `?days=` as one of the offered periods; anything else is the default (30). */
export function readPeriod(request: Request): AnalyticsPeriod {
  return readSearchParams(request, { days: z.coerce.number().pipe(z.literal(analyticsPeriods)).default(30) }).days;
}
