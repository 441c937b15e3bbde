import { parseWithZod } from "@conform-to/zod/v4";
import { lazy, Suspense } from "react";
import { data, Form, redirect, useActionData } from "react-router";
import { AlertsNotice } from "#app/components/alerts/alert-parts";
import { ObservationList, ReportCard, type Viewer } from "#app/components/beach/conditions-panel";
import { InfoTip } from "#app/components/beach/info-tip";
import { formLimits, presentConditions, presentMarine, presentTideReport } from "#app/components/beach/present.server";
import { TideCurve } from "#app/components/beach/tide-curve";
import { ChevronLeft, ChevronRight, Moon, Sunrise, Waves } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { alertCard, beachAlerts } from "#app/features/alerts/alerts.server";
import {
  canPostConditionReports,
  createConditionReport,
  createObservation,
  deleteConditionReport,
  deleteObservation,
  getBeachConditions,
} from "#app/features/beach/conditions.server";
import { conditionReportSchema, deleteSchema, observationSchema } from "#app/features/beach/forms";
import { getMarineForecast } from "#app/features/beach/marine.server";
import { buildTideReport, neighbourDates, resolveBeachDay } from "#app/features/beach/report.server";
import { isUnitSystem, resolveUnitSystem, type UnitSystem } from "#app/features/beach/units";
import { publicPageCacheControl, publicPageCdnCacheControl } from "#app/lib/cache-control.server";
import { handleFormAction, orAppError } from "#app/lib/errors.server";
import { formatDay } from "#app/lib/format";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { logger } from "#app/lib/logger.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import type { RouteHandle } from "#app/lib/route-handle";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { hasPage } from "#app/manifests";
import { redirectWithToast } from "#app/web/flash.server";
import { readFormData, submitForm } from "#app/web/form-action.server";
import { getSessionUser, signInPath } from "#app/web/session.server";
import type { Route } from "./+types/beach-report";

// Shows "open now" or today's tides: a cached copy is at most a minute old (two while refreshed).
// Photos are posted here (multipart): the larger upload body limit applies.
export const handle = {
  i18n: ["beach", "alerts:widget", "alerts:kinds", "alerts:severities"],
  cache: { maxAgeSeconds: 60 },
  acceptsUploads: true,
} satisfies TranslationsHandle & { cache: RouteCachePolicy } & RouteHandle;

// The report and observation forms (with Conform and Zod) are only for signed-in visitors, so they
// are fetched when one sees them, not on every visit to the page.
const ReportForm = lazy(() =>
  import("#app/components/beach/report-form").then((module) => ({ default: module.ReportForm })),
);
const ObservationForm = lazy(() =>
  import("#app/components/beach/observation-form").then((module) => ({ default: module.ObservationForm })),
);

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** The page's own URL with some of its parameters changed; defaults are left out. */
function reportSearch(options: { beach: string; date: string | null; units: UnitSystem | null }) {
  const params = new URLSearchParams({ beach: options.beach });
  if (options.date) params.set("date", options.date);
  if (options.units) params.set("units", options.units);
  return `?${params.toString()}`;
}

// ?beach=&date=&units= as sent: the domain resolves the beach and day, the units fall back to the
// language's, and any date or units at all keep the page out of search engines.
const reportParams = { beach: searchParam.nullable(), date: searchParam.nullable(), units: searchParam.nullable() };

// What each completed post says, as a toast on the page it returns to.
const doneToasts = { report: "reportSent", observation: "observationSent", deleted: "reportDeleted" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const query = readSearchParams(request, reportParams);
  const now = new Date();
  const day = await orAppError(language, () => resolveBeachDay({ beach: query.beach, date: query.date, now }));
  const requestedUnits = query.units;
  const units = resolveUnitSystem(requestedUnits, language);
  const isToday = day.date === day.today;
  const tideReport = await buildTideReport(day, now);
  const [user, conditions, forecast] = await Promise.all([
    getSessionUser(request),
    isToday ? getBeachConditions({ beachSlug: day.beach.slug, now }) : null,
    getMarineForecast({ beach: day.beach, date: day.date, today: day.today, timeZone: day.timeZone, now }),
  ]);
  const canReport = await canPostConditionReports(user, day.beach.slug);
  // Surf, red tide, water quality and weather alerts in force at this beach; the report opens without them.
  const alerts = await beachAlerts({ area: day.beach.areaSlug, now }).catch((error: unknown) => {
    logger.error({ err: error }, "beach alerts failed to load");
    return [];
  });
  const tides = presentTideReport(tideReport, day, { t, language, units, now });
  const keep = { date: isToday ? null : day.date, units: isUnitSystem(requestedUnits) ? requestedUnits : null };
  const { previous, next } = neighbourDates(day);
  return data(
    {
      head: {
        title: t("beach:meta.title", { beach: day.beach.name }),
        description: t("beach:meta.description", { beach: day.beach.name, date: tides.dateLabel }),
        // One indexable page per beach; a date or a unit switch is the same content.
        noindex: query.date !== null || query.units !== null,
      },
      beach: { slug: day.beach.slug, name: day.beach.name },
      beaches: day.beaches.map((beach) => ({
        slug: beach.slug,
        name: beach.name,
        href: reportSearch({ beach: beach.slug, ...keep }),
      })),
      date: day.date,
      today: day.today,
      isToday,
      range: day.range,
      links: {
        previous: previous ? reportSearch({ beach: day.beach.slug, date: previous, units: keep.units }) : null,
        next: next ? reportSearch({ beach: day.beach.slug, date: next, units: keep.units }) : null,
        today: isToday ? null : reportSearch({ beach: day.beach.slug, date: null, units: keep.units }),
        metric: reportSearch({ beach: day.beach.slug, date: keep.date, units: "metric" }),
        imperial: reportSearch({ beach: day.beach.slug, date: keep.date, units: "imperial" }),
      },
      units,
      unitsParam: keep.units,
      tides,
      conditions: conditions ? presentConditions(conditions, { t, language, units }) : null,
      marine: presentMarine(forecast, { t, language, units, date: day.date, timeZone: day.timeZone }),
      limits: formLimits(units, language),
      viewer: user ? ({ id: user.id, role: user.role, grants: user.grants } satisfies Viewer) : null,
      canReport,
      alerts: alerts.map((alert) => alertCard(alert, language)),
    },
    {
      headers: {
        "Cache-Control": user ? "private, no-store" : publicPageCacheControl,
        ...(user ? {} : { "CDN-Cache-Control": publicPageCdnCacheControl }),
        // Anonymous copies are shared (a CDN bypasses its cache for the session cookie instead).
        ...(user ? { Vary: "Cookie" } : {}),
      },
    },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const { language, t } = await getRequestTranslator(request);
  const user = await getSessionUser(request);
  if (!user) throw redirect(signInPath(request));
  const query = readSearchParams(request, reportParams);
  const day = await orAppError(language, () => resolveBeachDay({ beach: query.beach }));
  const units = resolveUnitSystem(query.units, language);
  const formData = await readFormData(request);
  if (!formData) throw data(t("beach:form.errors.choice"), { status: 400 });
  const intent = formData.get("intent");
  const back = (done: keyof typeof doneToasts) => {
    const params = new URLSearchParams({ beach: day.beach.slug });
    const requested = query.units;
    if (isUnitSystem(requested)) params.set("units", requested);
    return redirectWithToast(
      request,
      `${localizePath("/beach-report", language)}?${params.toString()}#conditions`,
      doneToasts[done],
    );
  };

  if (intent === "report") {
    const submission = parseWithZod(formData, { schema: conditionReportSchema(units === "metric" ? "C" : "F") });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const { intent: _intent, photo: photoFile, ...input } = submission.value;
    const photo = photoFile && photoFile.size > 0 ? { bytes: new Uint8Array(await photoFile.arrayBuffer()) } : null;
    return handleFormAction(
      submission,
      async () => {
        await createConditionReport({
          actor: user,
          beachSlug: day.beach.slug,
          input,
          temperatureUnit: units === "metric" ? "C" : "F",
          language,
          photo,
        });
        return back("report");
      },
      { failure: { intent } },
    );
  }

  if (intent === "observation") {
    return submitForm(
      formData,
      observationSchema,
      async ({ note }) => {
        await createObservation({ actor: user, beachSlug: day.beach.slug, note, language });
        return back("observation");
      },
      { failure: { intent } },
    );
  }

  const removal = deleteSchema.safeParse({ intent, id: formData.get("id") });
  if (removal.success) {
    const { id } = removal.data;
    await orAppError(language, async () => {
      if (removal.data.intent === "deleteReport") await deleteConditionReport({ actor: user, id });
      else await deleteObservation({ actor: user, id });
    });
    return back("deleted");
  }
  throw data(t("beach:form.errors.choice"), { status: 400 });
}

function Section({
  id,
  title,
  icon,
  children,
  aside,
}: {
  id: string;
  title: string;
  icon?: React.ReactNode;
  children: React.ReactNode;
  aside?: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      id={id}
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-bold">
          {icon}
          {title}
        </h2>
        {aside}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A table's column headings; the last column has no gap after it. */
function ColumnHeads({ labels }: { labels: string[] }) {
  return (
    <thead>
      <tr className="border-b border-slate-200 text-slate-600">
        {labels.map((label, index) => (
          <th
            key={label}
            scope="col"
            className={index < labels.length - 1 ? "py-2 pr-3 font-medium" : "py-2 font-medium"}
          >
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export default function BeachReport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("beach");
  const { t: tAlerts } = useTranslation("alerts");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const { tides, conditions, marine, links } = loaderData;
  const resultFor = (intent: string) => (actionData && actionData.intent === intent ? actionData.result : null);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <header className="space-y-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t("page.title")}</h1>
          <p className="mt-1 text-lg font-semibold text-brand-800" data-testid="beach-and-date">
            {t("page.forDate", { beach: loaderData.beach.name, date: tides.dateLabel })}
          </p>
          <p className="mt-2 max-w-3xl text-slate-600">{t("page.intro")}</p>
        </div>
        <nav aria-label={t("page.beaches")}>
          <ul className="flex flex-wrap gap-2">
            {loaderData.beaches.map((beach) => (
              <li key={beach.slug}>
                <LocalizedLink
                  to={`/beach-report${beach.href}`}
                  aria-current={beach.slug === loaderData.beach.slug ? "page" : undefined}
                  className={`inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-medium ${
                    beach.slug === loaderData.beach.slug
                      ? "border-brand-800 bg-brand-800 text-white"
                      : "border-slate-300 text-slate-800 hover:border-brand-600"
                  }`}
                >
                  {beach.name}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap items-end gap-3">
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="beach" value={loaderData.beach.slug} />
            {loaderData.unitsParam ? <input type="hidden" name="units" value={loaderData.unitsParam} /> : null}
            <div>
              <label htmlFor="beach-date" className="block text-sm font-medium text-slate-800">
                {t("page.dateLabel")}
              </label>
              <input
                id="beach-date"
                type="date"
                name="date"
                defaultValue={loaderData.date}
                min={loaderData.range.min}
                max={loaderData.range.max}
                aria-describedby="beach-date-range"
                className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-base"
              />
            </div>
            <button type="submit" className="btn-secondary">
              {t("page.show")}
            </button>
          </Form>
          <div className="flex items-center gap-1">
            {links.previous ? (
              <LocalizedLink to={`/beach-report${links.previous}`} className="btn-secondary" rel="nofollow">
                <ChevronLeft className="size-4" aria-hidden="true" />
                {t("page.previousDay")}
              </LocalizedLink>
            ) : null}
            {links.today ? (
              <LocalizedLink to={`/beach-report${links.today}`} className="btn-secondary">
                {t("page.today")}
              </LocalizedLink>
            ) : null}
            {links.next ? (
              <LocalizedLink to={`/beach-report${links.next}`} className="btn-secondary" rel="nofollow">
                {t("page.nextDay")}
                <ChevronRight className="size-4" aria-hidden="true" />
              </LocalizedLink>
            ) : null}
          </div>
          <p className="flex items-center gap-2 text-sm" data-testid="units-switch">
            <span className="text-slate-600">{t("page.units")}:</span>
            {(["metric", "imperial"] as const).map((system) =>
              loaderData.units === system ? (
                <strong key={system} aria-current="true">
                  {t(system === "metric" ? "page.unitsMetric" : "page.unitsImperial")}
                </strong>
              ) : (
                <LocalizedLink
                  key={system}
                  to={`/beach-report${links[system]}`}
                  rel="nofollow"
                  className="text-brand-800 underline"
                >
                  {t(system === "metric" ? "page.unitsMetric" : "page.unitsImperial")}
                </LocalizedLink>
              ),
            )}
          </p>
        </div>
        <p id="beach-date-range" className="text-xs text-slate-500">
          {t("page.range", {
            min: formatDay(loaderData.range.min, language, { dateStyle: "medium" }),
            max: formatDay(loaderData.range.max, language, { dateStyle: "medium" }),
          })}
        </p>
      </header>
      <AlertsNotice alerts={loaderData.alerts} title={tAlerts("widget.beachTitle")} testId="beach-alerts" />

      <section aria-labelledby="best-title" className="rounded-2xl bg-brand-50 p-4 sm:p-6" data-testid="best-time">
        <h2 id="best-title" className="text-lg font-bold text-brand-900">
          {loaderData.isToday ? t("best.title") : t("best.titleOtherDay")}
        </h2>
        <ul className="mt-2 space-y-1">
          {tides.best.map((best) => (
            <li key={best.id} className="flex items-center gap-1 text-slate-900">
              <span>{best.text}</span>
              <InfoTip label={t("best.howWorkedOut")} text={best.rule} />
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-600">{t("best.disclaimer")}</p>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section
          id="tides"
          title={t("tides.title")}
          icon={<Waves className="size-5 text-brand-700" aria-hidden="true" />}
        >
          {tides.next ? <p className="mb-3 font-semibold text-brand-900">{tides.next}</p> : null}
          {tides.turns.length ? (
            <ul className="grid grid-cols-2 gap-2" data-testid="tide-turns">
              {tides.turns.map((turn) => (
                <li key={`${turn.type}-${turn.minute}`} className="rounded-lg bg-slate-50 p-3">
                  <span
                    className={`text-xs font-bold uppercase ${turn.type === "high" ? "text-brand-800" : "text-teal-800"}`}
                  >
                    {turn.label}
                  </span>
                  <span className="block text-lg font-semibold">{turn.time}</span>
                  <span className="block text-sm text-slate-700">
                    {turn.height} <span className="text-slate-500">({turn.heightOther})</span>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t("tides.none")}</p>
          )}
          <div className="mt-4">
            <TideCurve curve={tides.curve} turns={tides.turns} />
          </div>
          <p className="mt-2 text-xs text-slate-500">{t("tides.datum")}</p>
        </Section>

        <Section
          id="sky"
          title={t("sky.title")}
          icon={<Sunrise className="size-5 text-amber-600" aria-hidden="true" />}
        >
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3" data-testid="sky">
            {tides.sky.rows.map((row) => (
              <div key={row.key}>
                <dt className="text-sm text-slate-500">{row.label}</dt>
                <dd className="font-semibold">{row.value}</dd>
              </div>
            ))}
            <div className="col-span-2 rounded-lg bg-slate-50 p-3">
              <dt className="flex items-center gap-2 text-sm text-slate-500">
                <Moon className="size-4 text-slate-600" aria-hidden="true" />
                {t("sky.moonPhase")}
              </dt>
              <dd className="font-semibold">
                {tides.sky.moonPhase} · {tides.sky.moonLit}
              </dd>
            </div>
          </dl>
        </Section>
      </div>

      <Section id="week" title={t("tides.weekTitle")}>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="tide-table">
            <ColumnHeads labels={[t("tides.weekDate"), t("tides.weekTides")]} />
            <tbody>
              {tides.week.map((tideDay) => (
                <tr key={tideDay.date} className="border-b border-slate-100 align-top">
                  <th scope="row" className="py-2 pr-3 font-semibold whitespace-nowrap">
                    {tideDay.label}
                  </th>
                  <td className="py-2">
                    <ul className="flex flex-wrap gap-x-4 gap-y-1">
                      {tideDay.turns.map((turn) => (
                        <li key={`${turn.type}-${turn.minute}`} className="whitespace-nowrap">
                          <span
                            className={`font-semibold ${turn.type === "high" ? "text-brand-800" : "text-teal-800"}`}
                          >
                            {turn.label}
                          </span>{" "}
                          {turn.time} · {turn.height}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      {conditions ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <Section id="conditions" title={t("conditions.title")}>
            {conditions.current ? (
              <>
                <h3 className="mb-2 text-sm font-semibold text-slate-600 uppercase">{t("conditions.current")}</h3>
                <ReportCard
                  report={conditions.current}
                  beachName={loaderData.beach.name}
                  viewer={loaderData.viewer}
                  highlight
                />
              </>
            ) : (
              <p className="rounded-lg bg-slate-50 p-3 text-slate-700" data-testid="no-current-report">
                {t("conditions.none")}
              </p>
            )}
            {conditions.earlier.length ? (
              <>
                <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-600 uppercase">{t("conditions.earlier")}</h3>
                <div className="space-y-3">
                  {conditions.earlier.map((report) => (
                    <ReportCard
                      key={report.id}
                      report={report}
                      beachName={loaderData.beach.name}
                      viewer={loaderData.viewer}
                    />
                  ))}
                </div>
              </>
            ) : null}
            <div className="mt-6 border-t border-slate-200 pt-4">
              {loaderData.canReport ? (
                <details open={!!resultFor("report")} className="group">
                  <summary className="btn-primary cursor-pointer list-none [&::-webkit-details-marker]:hidden">
                    {t("form.reportTitle")}
                  </summary>
                  <div className="mt-4">
                    <Suspense>
                      <ReportForm
                        beachName={loaderData.beach.name}
                        limits={loaderData.limits}
                        lastResult={resultFor("report")}
                      />
                    </Suspense>
                  </div>
                </details>
              ) : (
                <p className="text-sm text-slate-600">{t("form.trustedOnly")}</p>
              )}
            </div>
          </Section>

          <Section id="observations" title={t("observations.title")}>
            <p className="mb-3 text-sm text-slate-600">{t("observations.intro")}</p>
            <ObservationList observations={conditions.observations} viewer={loaderData.viewer} />
            <div className="mt-4 border-t border-slate-200 pt-4">
              {loaderData.viewer ? (
                <Suspense>
                  <ObservationForm limits={loaderData.limits} lastResult={resultFor("observation")} />
                </Suspense>
              ) : hasPage("auth") ? (
                <LocalizedLink
                  to={`/auth?redirectTo=${encodeURIComponent(`/beach-report?beach=${loaderData.beach.slug}`)}`}
                  className="btn-secondary"
                >
                  {t("observations.signIn")}
                </LocalizedLink>
              ) : (
                <p className="text-sm text-slate-600">{t("observations.signIn")}</p>
              )}
            </div>
          </Section>
        </div>
      ) : null}

      <Section id="marine" title={t("marine.title")}>
        {marine.status === "ok" ? (
          <>
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="marine-table">
                <ColumnHeads
                  labels={[
                    t("marine.time"),
                    t("marine.swell"),
                    t("marine.period"),
                    t("marine.direction"),
                    ...(marine.hasWind ? [t("marine.wind")] : []),
                    t("marine.seaTemp"),
                  ]}
                />
                <tbody>
                  {marine.rows.map((row) => (
                    <tr key={row.time} className="border-b border-slate-100">
                      <th scope="row" className="py-2 pr-3 font-semibold whitespace-nowrap">
                        {row.time}
                      </th>
                      <td className="py-2 pr-3 whitespace-nowrap">{row.swell}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">{row.period}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">{row.direction}</td>
                      {marine.hasWind ? <td className="py-2 pr-3">{row.wind}</td> : null}
                      <td className="py-2 whitespace-nowrap">{row.seaTemp}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="mt-2 text-xs text-slate-500">
              {marine.source} {marine.windSource}
            </p>
          </>
        ) : (
          <p className="text-slate-700" data-testid="marine-status">
            {marine.message}
          </p>
        )}
      </Section>

      <footer className="space-y-1 text-xs text-slate-600" data-testid="attribution">
        <h2 className="text-sm font-semibold text-slate-700">{t("attribution.title")}</h2>
        {tides.attribution.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {tides.sourceUrl ? (
          <p>
            <a href={tides.sourceUrl} className="text-brand-800 underline" rel="noopener noreferrer">
              {tides.sourceUrl}
            </a>
          </p>
        ) : null}
      </footer>
    </div>
  );
}
