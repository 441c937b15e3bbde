import { useTranslation } from "#app/lib/translations";

/**
 * A link that opens directions in Waze or Google Maps, in a new tab, named for screen readers
 * and marked with its contact channel (the business card's links count taps by it).
 */
export function MapAppLink({ app, href, className }: { app: "waze" | "google-maps"; href: string; className: string }) {
  const { t } = useTranslation("common");
  const waze = app === "waze";
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      aria-label={waze ? t("contactLinks.wazeLabel") : t("contactLinks.googleMapsLabel")}
      className={className}
      data-contact-channel={waze ? "waze" : "directions"}
    >
      {waze ? t("contactLinks.waze") : t("contactLinks.googleMaps")}
    </a>
  );
}
