import { AdChoicesLink } from "#app/components/ads/ad-choices";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { FacebookIcon, InstagramIcon, WhatsAppIcon } from "#app/components/ui/social-icons";
import { Tooltip } from "#app/components/ui/tooltip";
import { footerColumns } from "#app/lib/site-routes";
import { useTranslation } from "#app/lib/translations";
import { pagesInFooter } from "#app/manifests";

const socialIcons = { facebook: FacebookIcon, instagram: InstagramIcon, whatsapp: WhatsAppIcon };

export function Footer({
  siteName,
  social,
  adChoices = false,
  hydrated = false,
}: {
  siteName: string;
  social: { network: "facebook" | "instagram" | "whatsapp"; url: string }[];
  /** An ad network is configured: the footer offers the consent choice again. */
  adChoices?: boolean;
  hydrated?: boolean;
}) {
  const { t } = useTranslation();
  const columns = footerColumns
    .map((column) => ({ column, pages: pagesInFooter(column) }))
    .filter((c) => c.pages.length);
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-10">
        <nav aria-label={t("layout.footerNavigation")} className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:grid-cols-5">
          {columns.map(({ column, pages }) => (
            <div key={column}>
              <h2 className="text-sm font-semibold text-slate-900">{t(`footer.columns.${column}`)}</h2>
              <ul className="mt-3 space-y-2">
                {pages.map((page) => (
                  <li key={page.id}>
                    <LocalizedLink
                      to={page.path}
                      className="text-sm text-slate-700 hover:text-brand-800 hover:underline"
                    >
                      {t(page.labelKey)}
                    </LocalizedLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="mt-10 flex flex-col items-start justify-between gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-center">
          <p className="text-sm text-slate-600">
            {t("footer.copyright", { year: new Date().getFullYear(), siteName })}
            {adChoices ? (
              <>
                {" · "}
                <AdChoicesLink hydrated={hydrated} className="hover:text-brand-800 hover:underline" />
              </>
            ) : null}
          </p>
          {social.length ? (
            <ul className="flex gap-3" aria-label={t("footer.social")}>
              {social.map(({ network, url }) => {
                const Icon = socialIcons[network];
                return (
                  <li key={network}>
                    <Tooltip text={t(`footer.networks.${network}`)}>
                      <a
                        href={url}
                        rel="noopener noreferrer"
                        target="_blank"
                        className="block rounded p-1 text-slate-600 hover:text-brand-800"
                      >
                        <Icon className="size-5" />
                        <span className="sr-only">{t(`footer.networks.${network}`)}</span>
                      </a>
                    </Tooltip>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
