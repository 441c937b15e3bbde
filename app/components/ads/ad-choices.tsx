import { localizePath } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

/** The footer's "Ad choices" link opens the consent banner again through this window event. */
export const adChoicesEvent = "playa:ad-choices";

/**
 * "Ad choices" in the footer, where a network is configured. A link to the privacy page in the
 * server HTML (which is where the partner's ads are explained); once the banner's code is there,
 * a click opens the banner instead.
 */
export function AdChoicesLink({ hydrated, className }: { hydrated: boolean; className?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <a
      href={localizePath("/privacy", language)}
      className={className}
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        window.dispatchEvent(new Event(adChoicesEvent));
      }}
      data-testid="ad-choices"
    >
      {t("footer.adChoices")}
    </a>
  );
}
