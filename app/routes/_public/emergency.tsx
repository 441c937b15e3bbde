import { ContactList } from "#app/components/guides/contact-list";
import { GuideArticle } from "#app/components/guides/guide-article";
import { Phone } from "#app/components/ui/icons";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import type { Route } from "./+types/emergency";
import { loadGuideWithContacts } from "./load-guide.server";

export const handle = { i18n: ["guides"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  // The hospitals are kept with the healthcare page and listed here too.
  return loadGuideWithContacts(request, "emergency", ["healthcare"]);
}

export default function EmergencyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("guides");
  return (
    <GuideArticle page={loaderData.page} offline tableOfContents={false}>
      <a
        href="tel:911"
        className="mt-6 flex min-h-16 items-center justify-center gap-3 rounded-xl bg-red-700 px-6 py-4 text-2xl font-bold text-white hover:bg-red-800"
      >
        <Phone className="size-7" aria-hidden="true" />
        {t("emergency.callNow")}
      </a>
      <p className="mt-2 text-center text-sm text-slate-700">{t("emergency.callNowHint")}</p>
      <ContactList contacts={loaderData.contacts} groups={["emergency", "police", "health"]} />
    </GuideArticle>
  );
}
