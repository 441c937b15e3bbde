import en from "#app/locales/en/directory.json";
import es from "#app/locales/es/directory.json";
import type { BusinessCategory } from "./constants";

// Category names in both languages for the search index and ranking. Read straight from the
// locale files (not through i18next) so scripts run outside the Vite build (the seed, the bench)
// can index businesses too.
export function categoryNames(category: BusinessCategory | string): { en: string; es: string } {
  const key = category as BusinessCategory;
  return { en: en.categories[key] ?? category, es: es.categories[key] ?? category };
}
