import type { ComponentProps } from "react";
import type { BusinessEventKind } from "#app/features/directory/constants";

/**
 * A link whose click is counted as a first-party event (phone, WhatsApp, website, directions).
 * sendBeacon survives the page being left; the link works the same without JavaScript.
 */
export function TrackedLink({
  slug,
  kind,
  href,
  ...props
}: ComponentProps<"a"> & { slug: string; kind: BusinessEventKind; href: string }) {
  return (
    <a
      {...props}
      href={href}
      // Read by the page's loader, which counts the click before the page's scripts run.
      data-track-kind={kind}
      data-track-slug={slug}
      onClick={(event) => {
        props.onClick?.(event);
        try {
          const body = new URLSearchParams({ kind });
          navigator.sendBeacon?.(`/api/v1/businesses/${encodeURIComponent(slug)}/events`, body);
        } catch {
          // Counting must never get in the way of calling or opening a map.
        }
      }}
    />
  );
}
