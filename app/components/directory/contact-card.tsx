import { Globe, Lock, Mail, MapPin, Navigation, Phone } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { MapAppLink } from "#app/components/ui/map-app-link";
import { WhatsAppIcon } from "#app/components/ui/social-icons";
import type { ContactDetails } from "#app/features/directory/business.server";
import { contactChannelPath, type RedirectedContactChannel } from "#app/features/directory/contact-channels";
import type { LocalizedText } from "#app/features/directory/localized";
import { formatPhone, telHref, wazeHref } from "#app/lib/contact-links";
import { localizePath } from "#app/lib/i18n";
import type { PlusCode } from "#app/lib/plus-code";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { FallbackNote } from "./fallback-note";
import { TrackedLink } from "./tracked-link";

const mapLinkClass =
  "inline-flex min-h-11 items-center rounded-md px-2 font-medium text-brand-800 underline hover:bg-slate-50";

/**
 * An email address that wraps at its seams (after the @, before each dot) instead of mid-word;
 * only a single part longer than the box may still break inside (overflow-wrap: anywhere).
 */
export function BreakableEmail({ email }: { email: string }) {
  const [local, domain = ""] = email.split(/@(?=[^@]*$)/);
  const labels = domain.split(".");
  return (
    <span className="min-w-0 [overflow-wrap:anywhere]">
      {local}@<wbr />
      {labels.map((label, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the labels of one address, in order
        <span key={index}>
          {index > 0 ? (
            <>
              <wbr />.
            </>
          ) : null}
          {label}
        </span>
      ))}
    </span>
  );
}

const rowClass = "flex min-h-11 items-center gap-3 rounded-md px-2 text-slate-800 hover:bg-slate-50";

/**
 * Address and directions (Waze and Google Maps) for every listing; WhatsApp first, then phone, email
 * and website only when the server sent them (premium). A free listing gets a short teaser in their
 * place.
 */
export function ContactCard({
  slug,
  address,
  directions,
  plusCode,
  latitude,
  longitude,
  contact,
  hasHiddenContact,
  canClaim,
}: {
  slug: string;
  address: string;
  directions: LocalizedText;
  plusCode: PlusCode | null;
  latitude: number | null;
  longitude: number | null;
  contact: ContactDetails | null;
  hasHiddenContact: boolean;
  canClaim: boolean;
}) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  // WhatsApp, the maps and the website leave through a redirect of ours that counts the click,
  // with or without scripts; it rebuilds the destination from the listing (the WhatsApp greeting
  // in the page's language), so these links carry no beacon of their own.
  const channelHref = (channel: RedirectedContactChannel) => localizePath(contactChannelPath(slug, channel), language);
  const hasWaze = wazeHref({ latitude, longitude }) !== null;
  const phoneHref = telHref(contact?.phone);
  return (
    <section aria-labelledby="contact-title" className="rounded-xl border border-slate-200 p-4">
      <h2 id="contact-title" className="text-lg font-semibold">
        {t("business.contactTitle")}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {contact?.whatsapp ? (
          <li>
            <a
              href={channelHref("whatsapp")}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="btn-primary w-full justify-center"
              data-contact-channel="whatsapp"
            >
              <WhatsAppIcon className="size-5 shrink-0" aria-hidden="true" />
              <span>{t("business.whatsapp")}</span>
            </a>
          </li>
        ) : null}
        {address ? (
          <li className="flex gap-3 px-2 py-2">
            <MapPin className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
            <span>{address}</span>
          </li>
        ) : null}
        {directions.text || plusCode ? (
          <li className="flex gap-3 px-2 py-2" data-testid="landmark-directions">
            {address ? (
              <span className="size-5 shrink-0" aria-hidden="true" />
            ) : (
              <MapPin className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
            )}
            <div className="min-w-0">
              {directions.text ? (
                <p>
                  <span className="sr-only">{t("business.landmarkDirections")}: </span>
                  <span lang={directions.fallbackLanguage ?? undefined}>{directions.text}</span>{" "}
                  <FallbackNote language={directions.fallbackLanguage} />
                </p>
              ) : null}
              {plusCode ? (
                <p className={directions.text ? "mt-1 text-slate-600" : "text-slate-600"}>
                  {t("business.plusCode")}:{" "}
                  <span className="font-mono whitespace-nowrap text-slate-800" translate="no">
                    {plusCode.short ?? plusCode.full}
                  </span>
                  {plusCode.town ? <span className="text-slate-800"> {plusCode.town}</span> : null}
                  {plusCode.short ? (
                    <span className="block font-mono text-xs" translate="no">
                      {plusCode.full}
                    </span>
                  ) : null}
                  <span className="mt-0.5 block text-xs">{t("business.plusCodeHint")}</span>
                </p>
              ) : null}
            </div>
          </li>
        ) : null}
        {/* The label on its own line and both map apps under it, at any width. */}
        <li className="flex gap-3 px-2 pt-2">
          <Navigation className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="min-w-0">
            <span className="text-slate-800">{t("business.directions")}</span>
            <div className="-ml-2 flex flex-wrap gap-x-2">
              {hasWaze ? <MapAppLink app="waze" href={channelHref("waze")} className={mapLinkClass} /> : null}
              <MapAppLink app="google-maps" href={channelHref("directions")} className={mapLinkClass} />
            </div>
          </div>
        </li>
        {phoneHref ? (
          <li>
            <TrackedLink slug={slug} kind="phone" href={phoneHref} className={rowClass}>
              <Phone className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                <span className="sr-only">{t("business.phone")}: </span>
                {formatPhone(contact?.phone)}
              </span>
            </TrackedLink>
          </li>
        ) : null}
        {contact?.email ? (
          <li>
            <TrackedLink slug={slug} kind="email" href={`mailto:${contact.email}`} className={rowClass}>
              <Mail className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <BreakableEmail email={contact.email} />
            </TrackedLink>
          </li>
        ) : null}
        {contact?.website ? (
          <li>
            <a
              href={channelHref("website")}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className={rowClass}
              data-contact-channel="website"
            >
              <Globe className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span>{t("business.website")}</span>
            </a>
          </li>
        ) : null}
      </ul>
      {hasHiddenContact ? (
        <div className="mt-3 flex gap-3 rounded-md bg-slate-50 p-3 text-sm text-slate-700" data-testid="contact-teaser">
          <Lock className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
          <div>
            <p>{t("business.contactTeaser")}</p>
            {canClaim ? (
              <p className="mt-1">
                <LocalizedLink to={`/business/${slug}/claim`} className="font-medium text-brand-800 underline">
                  {t("business.claimCta")}
                </LocalizedLink>
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
