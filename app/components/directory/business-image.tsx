// Stored photos come in several widths (business-images.server.ts); the browser picks one.
export interface StoredImage {
  key: string;
  widths: number[];
  alt: string;
  width?: number;
  height?: number;
}

export function imageUrl(key: string, width: number): string {
  return `/uploads/${key}-${width}.webp`;
}

export function BusinessImage({
  image,
  sizes,
  className,
  eager = false,
}: {
  image: StoredImage;
  sizes: string;
  className?: string;
  eager?: boolean;
}) {
  const widths = [...image.widths].sort((a, b) => a - b);
  const fallback = widths.find((w) => w >= 800) ?? widths[widths.length - 1];
  return (
    <img
      src={imageUrl(image.key, fallback)}
      srcSet={widths.map((w) => `${imageUrl(image.key, w)} ${w}w`).join(", ")}
      sizes={sizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={className}
    />
  );
}
