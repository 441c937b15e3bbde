// Illustrations drawn for the site (app/assets/illustrations): one per business category and per
// area, shown where there is no photo. They are drawings, never passed off as photos of a place.

const categoryScenes = new Set([
  "restaurant",
  "accommodation",
  "services",
  "retail",
  "health",
  "entertainment",
  "real-estate",
  "construction",
  "automotive",
  "education",
  "technology",
  "finance",
]);
const areaScenes = new Set(["playa-flamingo", "surfside", "brasilito", "huacas", "las-catalinas"]);

/** The file name (without .svg) of the illustration for a category; a shopfront for any other. */
export function categoryIllustrationName(category: string): string {
  return `category-${categoryScenes.has(category) ? category : "default"}`;
}

/** The file name of an area's illustration; a plain bay for an area added later. */
export function areaIllustrationName(areaSlug: string): string {
  return `area-${areaScenes.has(areaSlug) ? areaSlug : "default"}`;
}

/** Drawn at 400×225 (16:9): the width and height every <img> of one carries. */
export const illustrationSize = { width: 400, height: 225 } as const;
