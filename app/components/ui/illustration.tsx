// Illustrations drawn for the site (app/assets/illustrations): one per business category and per
// area, shown where there is no photo. They are drawings, never passed off as photos of a place.
// Hashed files under /assets (served with a year's immutable cache), never inlined as data: URLs,
// so a page repeats a short address instead of the drawing.
const urls = import.meta.glob<string>("../../assets/illustrations/*.svg", {
  query: "?url&no-inline",
  import: "default",
  eager: true,
});

export function illustrationUrl(name: string): string {
  return urls[`../../assets/illustrations/${name}.svg`] ?? "";
}

/** Drawn at 400×225 (16:9): the width and height every <img> of one carries. */
const illustrationSize = { width: 400, height: 225 } as const;

/**
 * The drawing for a category or an area; a shopfront or a plain bay for one nobody has drawn yet.
 * What exists is what is on disk, so adding a drawing needs no list to keep in step.
 */
export function illustrationName(kind: "category" | "area", of: string): string {
  const name = `${kind}-${of}`;
  return `../../assets/illustrations/${name}.svg` in urls ? name : `${kind}-default`;
}

/** A drawing in place of a photo; decorative (alt="") unless the caller gives it a text. */
export function Illustration({
  kind,
  of,
  alt = "",
  className,
  eager = false,
}: {
  kind: "category" | "area";
  of: string;
  alt?: string;
  className?: string;
  eager?: boolean;
}) {
  const name = illustrationName(kind, of);
  return (
    <img
      src={illustrationUrl(name)}
      alt={alt}
      width={illustrationSize.width}
      height={illustrationSize.height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={className}
      data-illustration={name}
    />
  );
}
