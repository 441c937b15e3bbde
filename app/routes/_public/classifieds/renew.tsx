import { ErrorPanel } from "#app/components/layout/error-panel";
import { CheckCircle2 } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { renewAdByToken } from "#app/features/classifieds/expiry.server";
import { orAppError } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import type { Route } from "./+types/renew";

// The one-click renewal link from the reminder email: signed for one ad and one expiry, no
// session needed. Opening it renews the ad for 30 days; opening it again says it was renewed.
export const handle = { i18n: ["classifieds"], cache: false } satisfies TranslationsHandle & {
  cache: RouteCachePolicy;
};

export const meta: Route.MetaFunction = (args) => metaFromHead(args);
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const link = readSearchParams(request, { a: searchParam.text(), e: searchParam.text(), t: searchParam.text() });
  const result = await orAppError(language, () => renewAdByToken({ adId: link.a, expiry: link.e, token: link.t }));
  return {
    head: { title: t("classifieds:renew.metaTitle"), description: t("classifieds:renew.metaTitle"), noindex: true },
    slug: result.slug,
    title: result.title,
    expiresAt: result.expiresAt.toISOString(),
    already: result.already,
  };
}

export default function RenewPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("classifieds");
  const language = useLanguage();
  const values = { title: loaderData.title, date: formatDate(new Date(loaderData.expiresAt), language) };
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="renew-title" data-testid="ad-renewed">
      <CheckCircle2 className="mx-auto size-10 text-green-700" aria-hidden="true" />
      <h1 id="renew-title" className="mt-4 text-2xl font-bold">
        {loaderData.already ? t("renew.alreadyTitle") : t("renew.title")}
      </h1>
      <p className="mt-3 text-slate-700">{t("renew.body", values)}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <LocalizedLink to={`/classifieds/${loaderData.slug}`} className="btn-primary">
          {t("renew.open")}
        </LocalizedLink>
        <LocalizedLink to="/dashboard/classifieds" className="btn-secondary">
          {t("renew.manage")}
        </LocalizedLink>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
