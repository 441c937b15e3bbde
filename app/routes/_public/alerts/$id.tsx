import { SeverityBadge } from "#app/components/alerts/alert-parts";
import { StatusBadge } from "#app/components/ui/status-badge";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { alertCard, alertUpdates, getAlert } from "#app/features/alerts/alerts.server";
import { AppError } from "#app/lib/errors";
import { orAppError } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import type { Route } from "./+types/$id";

// /alerts/:id: one alert in the page's language, with every update (what changed, in that
// language). An expired or ended alert's page stays (feeds and CAP messages link to it), saying so.
export const handle = {
  i18n: ["alerts"],
  cache: { kinds: ["alerts", "site"], maxAgeSeconds: 300 },
} satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const alert = await orAppError(language, async () => {
    const found = id ? await getAlert({ id }) : null;
    if (!found) throw new AppError("not_found", "alerts:errors.notFound");
    return found;
  });
  const updates = await alertUpdates(alert.id);
  const card = alertCard(alert, language);
  const areas = card.areas.length ? card.areas.join(", ") : t("alerts:card.wholeSite");
  return {
    head: {
      title: card.title,
      description: t("alerts:meta.alertDescription", {
        kind: t(`alerts:kinds.${card.kind}`),
        severity: t(`alerts:severities.${card.severity}`),
        areas,
      }),
      // Gone from the lists once over; the page stays for links, not for search engines.
      noindex: alert.state !== "active" && alert.state !== "scheduled",
    },
    alert: card,
    areasText: areas,
    // The strip of an area's warnings shows on this page when the alert names one area.
    alertArea: card.areaSlugs.length === 1 ? card.areaSlugs[0] : null,
    updates: updates
      .map((update) => ({
        revision: update.revision,
        change: update.change,
        note: update.note[language],
        createdAt: update.createdAt.toISOString(),
      }))
      .reverse(),
  };
}

export default function AlertPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("alerts");
  const language = useLanguage();
  const { alert } = loaderData;
  const when = (iso: string) => formatDate(new Date(iso), language, { dateStyle: "long", timeStyle: "short" });
  const lastChange = loaderData.updates[0]?.createdAt ?? alert.updatedAt;
  return (
    <article className="mx-auto max-w-3xl space-y-6 px-4 py-8" data-testid="alert-page">
      <PageHeader title={alert.title} back={{ to: "/alerts", label: t("page.back") }}>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <SeverityBadge severity={alert.severity} />
          <span className="font-medium">{t(`kinds.${alert.kind}`)}</span>
          <StatusBadge tone={alert.state === "active" ? "danger" : "neutral"} testId="alert-state">
            {t(`states.${alert.state}`)}
          </StatusBadge>
          {alert.isDemo ? <StatusBadge tone="neutral">{t("card.demo")}</StatusBadge> : null}
        </div>
      </PageHeader>
      {alert.state === "ended" ? (
        <p className="rounded-lg bg-slate-100 p-3 text-sm" role="status">
          {t("page.ended", { date: when(lastChange) })}
        </p>
      ) : alert.state === "expired" ? (
        <p className="rounded-lg bg-slate-100 p-3 text-sm" role="status">
          {t("page.expired", { date: when(alert.expiresAt) })}
        </p>
      ) : alert.state === "scheduled" ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm" role="status">
          {t("page.scheduled", { date: when(alert.startsAt) })}
        </p>
      ) : null}
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold">{t("page.areas")}</dt>
          <dd>{loaderData.areasText}</dd>
        </div>
        <div>
          <dt className="font-semibold">{t("page.source")}</dt>
          <dd className="break-words">
            {alert.sourceUrl ? (
              <a href={alert.sourceUrl} rel="noopener noreferrer nofollow" target="_blank" className="underline">
                {alert.sourceName}
              </a>
            ) : (
              alert.sourceName
            )}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">{t("page.starts")}</dt>
          <dd>{when(alert.startsAt)}</dd>
        </div>
        <div>
          <dt className="font-semibold">{t("page.expires")}</dt>
          <dd>{when(alert.expiresAt)}</dd>
        </div>
      </dl>
      {alert.body ? <p className="whitespace-pre-line break-words">{alert.body}</p> : null}
      <p className="text-sm font-medium">{t("page.emergency")}</p>
      <p className="text-sm">
        <LocalizedLink to="/alerts/subscribe" className="text-brand-800 underline" data-testid="alert-subscribe-link">
          {t("page.subscribe")}
        </LocalizedLink>
      </p>
      <section aria-labelledby="alert-updates-title" className="space-y-3">
        <h2 id="alert-updates-title" className="text-xl font-semibold">
          {t("page.updates")}
        </h2>
        <ol className="space-y-3" data-testid="alert-updates">
          {loaderData.updates.map((update) => (
            <li key={update.revision} className="rounded-lg border border-slate-200 p-3 text-sm">
              <p className="font-medium">
                {t(`changes.${update.change}`)} · {when(update.createdAt)}
              </p>
              <p className="whitespace-pre-line break-words text-slate-700">{update.note || t("page.noNote")}</p>
            </li>
          ))}
        </ol>
        <p className="text-sm">
          <a className="text-brand-800 underline" href={`/api/v1/alerts/${alert.id}/cap/${alert.revision}`}>
            {t("page.cap")}
          </a>
        </p>
      </section>
    </article>
  );
}
