import { Link } from "react-router";
import { ExternalLink, MapPin, Phone } from "#app/components/ui/icons";
import type { PublicContactView } from "#app/features/guides/guides.server";
import { formatDay } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

function ContactCard({ contact }: { contact: PublicContactView }) {
  const { t } = useTranslation("guides");
  const language = useLanguage();
  return (
    <li id={`contact-${contact.id}`} className="scroll-mt-20 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{contact.name}</h3>
          {contact.place ? (
            <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">{t("contacts.place")}: </span>
              {contact.place}
            </p>
          ) : null}
        </div>
        {contact.phone && contact.tel ? (
          <a
            href={contact.tel}
            className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-lg font-bold text-white hover:bg-red-800"
            aria-label={t("contacts.callLabel", { name: contact.name, phone: contact.phone })}
          >
            <Phone className="size-5" aria-hidden="true" />
            {contact.phone}
          </a>
        ) : null}
      </div>
      {contact.description ? <p className="mt-2 text-slate-700">{contact.description}</p> : null}
      {contact.website || contact.businessUrl ? (
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {contact.businessUrl ? (
            <Link to={contact.businessUrl} className="font-medium text-brand-800 underline underline-offset-2">
              {t("contacts.inDirectory")}
            </Link>
          ) : null}
          {contact.website ? (
            <a
              href={contact.website}
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-brand-800 underline underline-offset-2"
            >
              {t("contacts.website")}
              <ExternalLink className="size-3" aria-hidden="true" />
            </a>
          ) : null}
        </p>
      ) : null}
      {contact.lastVerifiedOn || contact.source ? (
        <p className="mt-2 text-xs text-slate-600">
          {contact.lastVerifiedOn ? t("page.lastChecked", { date: formatDay(contact.lastVerifiedOn, language) }) : null}
          {contact.lastVerifiedOn && contact.source ? " · " : null}
          {contact.source ? (
            <>
              {t("contacts.source")}:{" "}
              {contact.source.url ? (
                <a href={contact.source.url} rel="noopener noreferrer" className="underline underline-offset-2">
                  {contact.source.label}
                </a>
              ) : (
                contact.source.label
              )}
            </>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

/** Contacts grouped under a heading per group, in the order the groups are given. */
export function ContactList({ contacts, groups }: { contacts: PublicContactView[]; groups: string[] }) {
  const { t } = useTranslation("guides");
  return (
    <>
      {groups.map((group) => {
        const inGroup = contacts.filter((contact) => contact.groupKey === group);
        if (!inGroup.length) return null;
        return (
          <section key={group} aria-labelledby={`group-${group}`} className="mt-8">
            <h2 id={`group-${group}`} className="text-xl font-bold">
              {t(`contactGroups.${group}`)}
            </h2>
            <ul className="mt-4 space-y-3">
              {inGroup.map((contact) => (
                <ContactCard key={contact.id} contact={contact} />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
