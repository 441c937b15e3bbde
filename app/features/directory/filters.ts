import { z } from "zod";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import {
  type BusinessCategory,
  type BusinessOffering,
  businessCategories,
  businessOfferings,
  type DirectorySort,
  directorySorts,
  type SpokenLanguage,
  spokenLanguages,
} from "./constants";

// The directory's state lives in its URL (?q=&category=&area=&open=1&premium=1&rating=4
// &accepts=sinpe&accepts=cards&speaks=fr&sort=&page=) so a search can be shared, bookmarked and
// used without JavaScript. Unknown or malformed values are dropped rather than refused: a stale
// link still shows the directory.

export const ratingThresholds = [3, 4, 4.5] as const;
export const queryMaxLength = 200;

export interface DirectoryParams {
  q: string;
  category: BusinessCategory | null;
  area: string | null;
  open: boolean;
  premium: boolean;
  rating: number | null;
  /** Every one must hold (a place that takes SINPE and cards), in the vocabulary's order. */
  accepts: BusinessOffering[];
  speaks: SpokenLanguage[];
  sort: DirectorySort;
  page: number;
}

/**
 * A repeated parameter (a group of checkboxes with one name): the known values among those sent,
 * once each, in the vocabulary's order, so two URLs that mean the same thing read the same.
 */
function knownValues<const V extends readonly string[]>(params: URLSearchParams, name: string, known: V): V[number][] {
  const sent = new Set(params.getAll(name).slice(0, 50));
  return known.filter((value) => sent.has(value));
}

export function parseDirectoryParams(params: URLSearchParams, knownAreas: readonly string[]): DirectoryParams {
  const single = readSearchParams(params, {
    q: searchParam.text().transform((q) => q.replace(/\s+/g, " ").trim().slice(0, queryMaxLength)),
    category: searchParam.oneOf(businessCategories, null),
    area: searchParam.oneOf(knownAreas, null),
    open: searchParam.flag(),
    premium: searchParam.flag(),
    rating: z.coerce.number().pipe(z.literal(ratingThresholds)).nullable().default(null),
    sort: searchParam.oneOf(directorySorts, "relevance"),
    page: searchParam.page(),
  });
  return {
    ...single,
    accepts: knownValues(params, "accepts", businessOfferings),
    speaks: knownValues(params, "speaks", spokenLanguages),
  };
}

/** The query string for a state, leaving out defaults so URLs stay short. */
export function directorySearch(state: Partial<DirectoryParams>): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.category) params.set("category", state.category);
  if (state.area) params.set("area", state.area);
  if (state.open) params.set("open", "1");
  if (state.premium) params.set("premium", "1");
  if (state.rating) params.set("rating", String(state.rating));
  for (const offering of state.accepts ?? []) params.append("accepts", offering);
  for (const code of state.speaks ?? []) params.append("speaks", code);
  if (state.sort && state.sort !== "relevance") params.set("sort", state.sort);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function hasActiveFilters(state: DirectoryParams): boolean {
  return Boolean(
    state.q ||
      state.category ||
      state.area ||
      state.open ||
      state.premium ||
      state.rating ||
      state.accepts.length ||
      state.speaks.length,
  );
}

export { businessCategories };
