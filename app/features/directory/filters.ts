import {
  type BusinessCategory,
  businessCategories,
  type DirectorySort,
  directorySorts,
  isBusinessCategory,
} from "./constants";

// The directory's state lives in its URL (?q=&category=&area=&open=1&premium=1&rating=4&sort=&page=)
// so a search can be shared, bookmarked and used without JavaScript. Unknown or malformed values
// are dropped rather than refused: a stale link still shows the directory.

export const ratingThresholds = [3, 4, 4.5] as const;
export const queryMaxLength = 200;

export interface DirectoryParams {
  q: string;
  category: BusinessCategory | null;
  area: string | null;
  open: boolean;
  premium: boolean;
  rating: number | null;
  sort: DirectorySort;
  page: number;
}

export function parseDirectoryParams(params: URLSearchParams, knownAreas: readonly string[]): DirectoryParams {
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, queryMaxLength);
  const category = params.get("category");
  const area = params.get("area");
  const rating = Number(params.get("rating"));
  const sort = params.get("sort");
  return {
    q,
    category: isBusinessCategory(category) ? category : null,
    area: area && knownAreas.includes(area) ? area : null,
    open: params.get("open") === "1",
    premium: params.get("premium") === "1",
    rating: (ratingThresholds as readonly number[]).includes(rating) ? rating : null,
    sort: (directorySorts as readonly string[]).includes(sort ?? "") ? (sort as DirectorySort) : "relevance",
    page: parsePage(params),
  };
}

/** The ?page= of a listing: a whole number from 1 to 10 000, 1 when missing or malformed. */
export function parsePage(params: URLSearchParams): number {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1;
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
  if (state.sort && state.sort !== "relevance") params.set("sort", state.sort);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function hasActiveFilters(state: DirectoryParams): boolean {
  return Boolean(state.q || state.category || state.area || state.open || state.premium || state.rating);
}

export { businessCategories };
