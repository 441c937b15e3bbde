import { WifiOff } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { useTranslation } from "#app/lib/translations";
import type { Route } from "./+types/offline";

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await getRequestTranslator(request);
  return { head: { title: t("offline.title"), description: t("offline.pageBody"), noindex: true } };
}

/** What the service worker shows for a page it has not saved when there is no connection. */
export default function OfflinePage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <WifiOff className="mx-auto size-10 text-slate-500" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold">{t("offline.title")}</h1>
      <p className="mt-4 text-slate-700">{t("offline.pageBody")}</p>
      <LocalizedLink to="/" className="btn-primary mt-8 inline-flex">
        {t("notFound.home")}
      </LocalizedLink>
    </section>
  );
}
