import { Form } from "react-router";
import { AlertCard } from "#app/components/alerts/alert-parts";
import { SubscribeForm } from "#app/components/alerts/subscribe-form";
import { FilterSelectField } from "#app/components/ui/filter-form";
import { Siren } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { EmptyList, FilterPanel, ListSection, PageHeader } from "#app/components/ui/page-header";
import { alertCard, listAlerts } from "#app/features/alerts/alerts.server";
import { alertKinds, alertSeverities } from "#app/features/alerts/constants";
import { alertFiltersSchema } from "#app/features/alerts/forms";
import { webPushSettings } from "#app/features/alerts/push.server";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { readSearchParams } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getSiteConfig, listAreas } from "#app/platform/site/site-config.server";
import { filterFormValues } from "#app/web/filter-form-values";
import type { Route } from "./+types/alerts";

// /alerts: the alerts in force and announced, filtered by a plain GET form (the filters are the
// URL). The same for everyone, so cached: a write bumps "alerts", and the boundary job bumps it
// when a start or expiry passes.
export const handle = {
  i18n: ["alerts"],
  cache: { kinds: ["alerts", "site"], maxAgeSeconds: 300 },
} satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const filters = readSearchParams(request, alertFiltersSchema.shape);
  const [site, alerts, areas] = await Promise.all([
    getSiteConfig(language),
    listAlerts({ filters }),
    listAreas(language),
  ]);
  const filtered = Boolean(filters.kind || filters.severity || filters.area || filters.when);
  return {
    head: {
      title: t("alerts:meta.title"),
      description: t("alerts:meta.description", { region: site.regionName }),
      noindex: filtered,
    },
    alerts: alerts.map((alert) => alertCard(alert, language)),
    filters: filterFormValues(filters, ["kind", "severity", "area", "when"]),
    filtered,
    // The visitor's area, for the strip and the offline copy.
    alertArea: filters.area ?? null,
    areas: areas.map((area) => ({ slug: area.slug, name: area.name })),
    kinds: alertKinds.map((kind) => ({ value: kind, label: t(`alerts:kinds.${kind}`) })),
    // The subscribe form posts to /alerts/subscribe. This page is cached and the same for everyone,
    // so it fills in no one's address (the subscribe page does, for the signed-in).
    pushKey: webPushSettings()?.publicKey ?? null,
  };
}

export default function AlertsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("alerts");
  const language = useLanguage();
  const { filters, alerts } = loaderData;
  const selects = [
    {
      name: "kind",
      label: t("list.kind"),
      anyLabel: t("list.anyKind"),
      value: filters.kind,
      options: alertKinds.map((value) => ({ value, label: t(`kinds.${value}`) })),
    },
    {
      name: "severity",
      label: t("list.severity"),
      anyLabel: t("list.anySeverity"),
      value: filters.severity,
      options: alertSeverities.map((value) => ({ value, label: t(`severities.${value}`) })),
    },
    {
      name: "area",
      label: t("list.area"),
      anyLabel: t("list.anyArea"),
      value: filters.area,
      options: loaderData.areas.map((area) => ({ value: area.slug, label: area.name })),
    },
    {
      name: "when",
      label: t("list.when"),
      anyLabel: t("list.whenAny"),
      value: filters.when,
      options: [
        { value: "now", label: t("list.whenNow") },
        { value: "upcoming", label: t("list.whenUpcoming") },
      ],
    },
  ];
  const query = new URLSearchParams(
    Object.entries(filters).filter(([name, value]) => value !== "" && name !== "when"),
  ).toString();
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <PageHeader title={t("list.title")} description={t("list.intro")} />
      <FilterPanel id="alert-filters-title" title={t("list.filters")}>
        <Form method="get" role="search" className="space-y-3" data-testid="alert-filters">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {selects.map((select) => (
              <FilterSelectField key={select.name} idPrefix="alert-filter" select={select} />
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary">
              {t("list.apply")}
            </button>
            {loaderData.filtered ? (
              <LocalizedLink to="/alerts" className="btn-secondary">
                {t("list.clear")}
              </LocalizedLink>
            ) : null}
          </div>
        </Form>
      </FilterPanel>
      <ListSection
        id="alerts-list-title"
        title={t("list.title")}
        count={t("list.count", { count: alerts.length })}
        countTestId="alert-count"
      >
        {alerts.length ? (
          <ul className="grid gap-4 sm:grid-cols-2" data-testid="alert-list">
            {alerts.map((alert) => (
              <li key={alert.id}>
                <AlertCard alert={alert} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyList
            testId="alerts-empty"
            icon={Siren}
            title={loaderData.filtered ? t("list.empty") : t("list.emptyAll")}
            text={t("page.emergency")}
          />
        )}
      </ListSection>
      <SubscribeForm areas={loaderData.areas} kinds={loaderData.kinds} pushKey={loaderData.pushKey} defaultEmail="" />
      <section aria-labelledby="alert-feeds-title" className="space-y-2 text-sm">
        <h2 id="alert-feeds-title" className="font-semibold">
          {t("list.feeds")}
        </h2>
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          <li>
            <a
              className="text-brand-800 underline"
              href={`${localizePath("/alerts.rss", language)}${query ? `?${query}` : ""}`}
            >
              {t("list.rss")}
            </a>
          </li>
          <li>
            <a className="text-brand-800 underline" href={`/api/v1/alerts${query ? `?${query}` : ""}`}>
              {t("list.json")}
            </a>
          </li>
          <li>
            <a className="text-brand-800 underline" href="/api/v1/alerts/cap">
              {t("list.cap")}
            </a>
          </li>
        </ul>
        <p className="text-slate-600">{t("list.offline")}</p>
      </section>
    </div>
  );
}
