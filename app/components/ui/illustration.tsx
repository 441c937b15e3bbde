import { areaIllustrationName, categoryIllustrationName, illustrationSize } from "#app/lib/illustrations";

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
  const name = kind === "category" ? categoryIllustrationName(of) : areaIllustrationName(of);
  return (
    <img
      src={illustrationUrl(name)}
      alt={alt}
      width={illustrationSize.width}
      height={illustrationSize.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={className}
      data-illustration={name}
    />
  );
}
