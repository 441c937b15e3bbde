import { Globe, Lock, Mail, MapPin, MessageCircle, Navigation, Phone } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import type { ContactDetails } from "#app/features/directory/business.server";
import { useTranslation } from "#app/lib/translations";
import { TrackedLink } from "./tracked-link";

function digits(phone: string) {
  return phone.replace(/[^0-9+]/g, "");
}

export function directionsUrl(business: {
  latitude: number | null;
  longitude: number | null;
  address: string;
  name: string;
}) {
  const destination =
    business.latitude !== null && business.longitude !== null
      ? `${business.latitude},${business.longitude}`
      : `${business.name}, ${business.address}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

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
 * Address and directions for every listing; phone, WhatsApp, email and website only when the
 * server sent them (premium). A free listing gets a short teaser in their place.
 */
export function ContactCard({
  slug,
  name,
  address,
  latitude,
  longitude,
  contact,
  hasHiddenContact,
  canClaim,
}: {
  slug: string;
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  contact: ContactDetails | null;
  hasHiddenContact: boolean;
  canClaim: boolean;
}) {
  const { t } = useTranslation("directory");
  return (
    <section aria-labelledby="contact-title" className="rounded-xl border border-slate-200 p-4">
      <h2 id="contact-title" className="text-lg font-semibold">
        {t("business.contactTitle")}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {address ? (
          <li className="flex gap-3 px-2 py-2">
            <MapPin className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
            <span>{address}</span>
          </li>
        ) : null}
        <li>
          <TrackedLink
            slug={slug}
            kind="directions"
            href={directionsUrl({ latitude, longitude, address, name })}
            target="_blank"
            rel="noopener noreferrer"
            className={rowClass}
          >
            <Navigation className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <span className="font-medium text-brand-800 underline">{t("business.directions")}</span>
          </TrackedLink>
        </li>
        {contact?.phone ? (
          <li>
            <TrackedLink slug={slug} kind="phone" href={`tel:${digits(contact.phone)}`} className={rowClass}>
              <Phone className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                <span className="sr-only">{t("business.phone")}: </span>
                {contact.phone}
              </span>
            </TrackedLink>
          </li>
        ) : null}
        {contact?.whatsapp ? (
          <li>
            <TrackedLink
              slug={slug}
              kind="whatsapp"
              href={`https://wa.me/${digits(contact.whatsapp).replace("+", "")}`}
              target="_blank"
              rel="noopener noreferrer"
              className={rowClass}
            >
              <MessageCircle className="size-5 shrink-0 text-green-700" aria-hidden="true" />
              <span>{t("business.whatsapp")}</span>
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
            <TrackedLink
              slug={slug}
              kind="website"
              href={contact.website}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className={rowClass}
            >
              <Globe className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span>{t("business.website")}</span>
            </TrackedLink>
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
