import { MonthCalendar, WeekCalendar } from "#app/components/events/calendar";
import { EventCard } from "#app/components/events/event-card";
import { EventFilters } from "#app/components/events/event-filters";
import { CalendarCheck, ChevronRight } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { AddLink, EmptyList, FilterPanel, ListSection, PageHeader } from "#app/components/ui/page-header";
import { addDays, dayOf, monthGrid, todayKey, weekDays, weekendDays } from "#app/features/events/calendar";
import { eventFiltersSchema } from "#app/features/events/forms";
import { anyPublishedEvents, listOccurrences, type OccurrenceCard } from "#app/features/events/reads.server";
import { parseWallTime, wallTimeToInstant } from "#app/features/events/recurrence.server";
import { formatDay } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { readSearchParams } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getSiteConfig, listAreas } from "#app/platform/site/site-config.server";
import { filterFormValues } from "#app/web/filter-form-values";
import type { Route } from "./+types/index";

// /events: the upcoming dates as a list, or a month or week calendar, with filters in the URL (a
// GET form and plain links, so all of it works without JavaScript). Anonymous copies are cached;
// event writes bump "events", and "now" moves on, so a copy lives five minutes at most.
export const handle = {
  i18n: ["events"],
  cache: { kinds: ["events", "site"], maxAgeSeconds: 300 },
} satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

/** The list without dates asked for shows this many days ahead (a weekly event fills it fast). */
const listDays = 30;

function startOfDay(day: string): Date {
  // Days here come from the schema's date check or from calendar arithmetic: always real dates.
  const wall = parseWallTime(day, "00:00");
  return wall ? wallTimeToInstant(wall) : new Date(`${day}T06:00:00Z`);
}

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const filters = readSearchParams(request, eventFiltersSchema.shape, { emptyIsMissing: true });
  const now = new Date();
  const today = todayKey(now);
  const view = filters.view ?? "list";
  let from: Date;
  let to: Date;
  let range: { from: string; to: string } | null = null;
  let month: string | null = null;
  let week: string | null = null;
  if (view === "month") {
    month = filters.month ?? today.slice(0, 7);
    const grid = monthGrid(month, language);
    from = startOfDay(grid[0][0]);
    to = startOfDay(addDays(grid[grid.length - 1][6], 1));
  } else if (view === "week") {
    const days = weekDays(filters.week ?? today, language);
    week = days[0];
    from = startOfDay(days[0]);
    to = startOfDay(addDays(days[6], 1));
  } else if (filters.when === "weekend") {
    const [saturday, sunday] = weekendDays(today);
    range = { from: saturday, to: sunday };
    from = saturday === today ? now : startOfDay(saturday);
    to = startOfDay(addDays(sunday, 1));
  } else {
    const fromDay = filters.from && filters.from > today ? filters.from : null;
    const toDay = filters.to && filters.to >= (fromDay ?? today) ? filters.to : null;
    from = fromDay ? startOfDay(fromDay) : filters.from ? startOfDay(filters.from) : now;
    to = toDay ? startOfDay(addDays(toDay, 1)) : new Date(from.getTime() + listDays * 86_400_000);
    if (filters.from || filters.to) range = { from: filters.from ?? today, to: toDay ?? dayOf(to) };
  }
  const filtered = Boolean(
    filters.area || filters.category || filters.cost || filters.age || filters.when || filters.from || filters.to,
  );
  const [occurrences, areas, site] = await Promise.all([
    listOccurrences(
      {
        from,
        to,
        area: filters.area,
        category: filters.category,
        cost: filters.cost,
        age: filters.age,
        limit: view === "list" ? 200 : 500,
      },
      language,
    ),
    listAreas(language),
    getSiteConfig(language),
  ]);
  const anyPublished = occurrences.length > 0 || (await anyPublishedEvents());
  // The filters the calendar's links and the feed links carry along.
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({
    area: filters.area,
    category: filters.category,
    cost: filters.cost,
    age: filters.age,
  })) {
    if (value) query.set(key, value);
  }
  const feedQuery = new URLSearchParams();
  if (filters.area) feedQuery.set("area", filters.area);
  if (filters.category) feedQuery.set("category", filters.category);
  return {
    head: {
      title: t("events:meta.title"),
      description: t("events:meta.description"),
      // One indexable calendar; filtered and paged views are the same events.
      noindex: filtered || view !== "list",
    },
    view,
    month,
    week,
    today,
    now: now.toISOString(),
    range,
    occurrences,
    filters: { view, ...filterFormValues(filters, ["when", "from", "to", "area", "category", "cost", "age"]) },
    filtered,
    anyPublished,
    // The list continues from where this page stops (a plain link: works without JavaScript).
    later: view === "list" && filters.when !== "weekend" ? dayOf(to) : null,
    query: query.toString(),
    feedQuery: feedQuery.toString(),
    areas: areas.map((area) => ({ slug: area.slug, name: area.name })),
    rate: site.exchangeRate,
  };
}

function groupByDay(occurrences: OccurrenceCard[]) {
  const groups: { day: string; items: OccurrenceCard[] }[] = [];
  for (const occurrence of occurrences) {
    const day = dayOf(occurrence.startsAt);
    const last = groups[groups.length - 1];
    if (last?.day === day) last.items.push(occurrence);
    else groups.push({ day, items: [occurrence] });
  }
  return groups;
}

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("events");
  const language = useLanguage();
  const { view, occurrences, query } = loaderData;
  const viewLink = (to: "list" | "month" | "week") => {
    const params = new URLSearchParams(query);
    if (to !== "list") params.set("view", to);
    const text = params.toString();
    return text ? `/events?${text}` : "/events";
  };
  const feedSuffix = loaderData.feedQuery ? `?${loaderData.feedQuery}` : "";
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <PageHeader
        title={t("page.title")}
        description={t("page.intro")}
        actions={<AddLink to="/events/new" label={t("page.add")} testId="add-event" />}
      />

      <FilterPanel id="event-filters-title" title={t("filters.title")}>
        <EventFilters filters={loaderData.filters} areas={loaderData.areas} filtered={loaderData.filtered} />
      </FilterPanel>

      <nav aria-label={t("views.label")} className="flex flex-wrap items-center gap-2" data-testid="view-switch">
        {(["list", "month", "week"] as const).map((to) => (
          <LocalizedLink
            key={to}
            to={viewLink(to)}
            aria-current={view === to ? "page" : undefined}
            className={view === to ? "btn-primary" : "btn-secondary"}
            rel={to === "list" ? undefined : "nofollow"}
          >
            {t(`views.${to}`)}
          </LocalizedLink>
        ))}
      </nav>

      {view === "month" && loaderData.month ? (
        <MonthCalendar month={loaderData.month} today={loaderData.today} occurrences={occurrences} query={query} />
      ) : view === "week" && loaderData.week ? (
        <WeekCalendar week={loaderData.week} today={loaderData.today} occurrences={occurrences} query={query} />
      ) : (
        <ListSection
          id="events-list-title"
          title={
            loaderData.range
              ? t("page.range", {
                  from: formatDay(loaderData.range.from, language, { dateStyle: "medium" }),
                  to: formatDay(loaderData.range.to, language, { dateStyle: "medium" }),
                })
              : t("page.upcoming")
          }
          count={t("page.count", { count: occurrences.length })}
          countTestId="event-count"
          wrap
        >
          {occurrences.length ? (
            <div className="space-y-6" data-testid="event-list">
              {groupByDay(occurrences).map((group) => (
                <section key={group.day} aria-labelledby={`day-${group.day}`} className="space-y-2">
                  <h3 id={`day-${group.day}`} className="text-sm font-semibold text-slate-700 first-letter:uppercase">
                    {formatDay(group.day, language, { dateStyle: "full" })}
                  </h3>
                  <ul className="space-y-3">
                    {group.items.map((occurrence) => (
                      <li key={occurrence.occurrenceId}>
                        <EventCard occurrence={occurrence} rate={loaderData.rate} now={loaderData.now} />
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
              {loaderData.later ? (
                <LocalizedLink
                  to={`/events?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(query)), from: loaderData.later }).toString()}`}
                  className="btn-secondary"
                  rel="nofollow"
                  data-testid="later-events"
                >
                  {t("page.later")}
                  <ChevronRight className="size-4" aria-hidden="true" />
                </LocalizedLink>
              ) : null}
            </div>
          ) : (
            <EmptyList
              testId="events-empty"
              icon={CalendarCheck}
              title={
                !loaderData.anyPublished
                  ? t("empty.title")
                  : loaderData.filtered
                    ? t("empty.filteredTitle")
                    : t("empty.rangeTitle")
              }
              text={
                !loaderData.anyPublished
                  ? t("empty.text")
                  : loaderData.filtered
                    ? t("empty.filteredText")
                    : t("empty.rangeText")
              }
            >
              <div className="mt-4 flex flex-wrap justify-center gap-2">
                {loaderData.filtered ? (
                  <LocalizedLink to="/events" className="btn-secondary">
                    {t("filters.clear")}
                  </LocalizedLink>
                ) : null}
                <LocalizedLink to="/events/new" className="btn-primary">
                  {t("page.add")}
                </LocalizedLink>
              </div>
            </EmptyList>
          )}
        </ListSection>
      )}

      <section aria-labelledby="event-feeds-title" className="rounded-2xl border border-slate-200 p-4 text-sm">
        <h2 id="event-feeds-title" className="font-semibold">
          {t("page.feeds")}
        </h2>
        <p className="mt-1 text-slate-600">{t("page.feedsHint")}</p>
        <p className="mt-2 flex flex-wrap gap-3">
          <a
            href={`${language === "es" ? "/es" : ""}/events.ics${feedSuffix}`}
            className="text-brand-800 underline"
            data-testid="ics-feed"
          >
            {feedSuffix ? t("page.icsFeedFiltered") : t("page.icsFeed")}
          </a>
          <a
            href={`${language === "es" ? "/es" : ""}/events.rss${feedSuffix}`}
            className="text-brand-800 underline"
            type="application/rss+xml"
          >
            {t("page.rssFeed")}
          </a>
        </p>
      </section>
    </div>
  );
}
