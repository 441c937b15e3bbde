import { useRouteLoaderData } from "react-router";
import { Phone } from "#app/components/ui/icons";
import { WhatsAppIcon } from "#app/components/ui/social-icons";
import { formatPhone, telHref, whatsappHref } from "#app/lib/contact-links";
import { useTranslation } from "#app/lib/translations";
import type { LoadedRootData } from "#app/web/root-data.server";

/** What a WhatsApp greeting is about: it names the listing in the visitor's language. */
export type GreetingSubject = "business" | "ad" | "event";

/** The greeting typed into WhatsApp for a listing, in the page's language. */
export function useWhatsAppGreeting(subject: GreetingSubject, name: string): string {
  const { t } = useTranslation("common");
  const siteName = (useRouteLoaderData("root") as LoadedRootData | undefined)?.site.siteName ?? "Playa Hub";
  return t(`contactLinks.greeting.${subject}`, { name, siteName });
}

/** WhatsApp click-to-chat with a greeting naming the listing; nothing for a number that cannot be dialled. */
export function WhatsAppButton({
  phone,
  subject,
  name,
  className = "btn-primary",
}: {
  phone: string | null | undefined;
  subject: GreetingSubject;
  name: string;
  className?: string;
}) {
  const { t } = useTranslation("common");
  const href = whatsappHref(phone, useWhatsAppGreeting(subject, name));
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className={className}
      aria-label={t("contactLinks.whatsappLabel", { name })}
      data-contact-channel="whatsapp"
    >
      <WhatsAppIcon className="size-4" aria-hidden="true" />
      {t("contactLinks.whatsapp")}
    </a>
  );
}

/** A phone number as a `tel:` link in E.164, shown as "+506 2654-1234". */
export function PhoneLink({
  phone,
  className = "btn-secondary",
}: {
  phone: string | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation("common");
  const href = telHref(phone);
  if (!href) return null;
  const shown = formatPhone(phone);
  return (
    <a
      href={href}
      className={className}
      aria-label={t("contactLinks.call", { phone: shown })}
      data-contact-channel="phone"
    >
      <Phone className="size-4" aria-hidden="true" />
      {shown}
    </a>
  );
}
