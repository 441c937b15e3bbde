import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useActionData } from "react-router";
import { PropertyCard } from "#app/components/realestate/property-card";
import { PropertyFilters } from "#app/components/realestate/property-filters";
import { FieldFrame, inputClass } from "#app/components/ui/form-field";
import { FormErrors } from "#app/components/ui/form-message";
import { Bell, House, Plus, ShieldCheck } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { EmptyList, FilterPanel, ListSection, PageHeader } from "#app/components/ui/page-header";
import { saveSearch } from "#app/features/realestate/alerts.server";
import { alertFrequencies } from "#app/features/realestate/constants";
import { filtersToQuery, propertyFiltersSchema, saveSearchSchema } from "#app/features/realestate/forms";
import { anyPublishedProperty, listPublishedProperties } from "#app/features/realestate/properties.server";
import { handleAction } from "#app/lib/errors.server";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { readSearchParams } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { getSiteConfig, listAreas } from "#app/platform/site/site-config.server";
import { filterFormValues } from "#app/web/filter-form-values";
import { redirectWithToast } from "#app/web/flash.server";
import { readFormData } from "#app/web/form-action.server";
import { getSessionUser, signInPath } from "#app/web/session.server";
import type { Route } from "./+types/real-estate";

// /real-estate: published properties with filters that are a plain GET form (the URL is the
// search, so it works without JavaScript and can be saved). Anonymous copies are cached; any
// property write bumps "properties". A signed-in visitor may save the filters as an email alert.
export const handle = {
  i18n: ["realestate"],
  cache: { kinds: ["properties", "site"] },
} satisfies TranslationsHandle & {
  cache: RouteCachePolicy;
};

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

function readFilters(request: Request) {
  return readSearchParams(request, propertyFiltersSchema.shape, { emptyIsMissing: true });
}

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const filters = readFilters(request);
  const query = filtersToQuery(filters);
  const filtered = Object.keys(query).length > 0;
  const [user, list, areas, site] = await Promise.all([
    getSessionUser(request),
    listPublishedProperties({ filters, language }),
    listAreas(language),
    getSiteConfig(language),
  ]);
  const anyPublished = list.length > 0 || (filtered ? await anyPublishedProperty() : false);
  return {
    head: {
      title: t("realestate:meta.title"),
      description: t("realestate:meta.description"),
      // One indexable list; filtered views are the same properties.
      noindex: filtered,
    },
    properties: list,
    filters: filterFormValues(query, ["listing", "type", "minPrice", "maxPrice", "beds", "baths", "area"]),
    query: new URLSearchParams(query).toString(),
    filtered,
    anyPublished,
    areas: areas.map((area) => ({ slug: area.slug, name: area.name })),
    rate: site.exchangeRate,
    signedIn: Boolean(user),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { language } = await getRequestTranslator(request);
  const user = await getSessionUser(request);
  if (!user) throw redirect(signInPath(request));
  const formData = await readFormData(request);
  if (!formData) return data({ error: "realestate:form.errors.intent" }, { status: 400 });
  const filters = readFilters(request);
  const submission = parseWithZod(formData, { schema: saveSearchSchema });
  if (submission.status !== "success") return data({ error: "realestate:form.errors.frequency" }, { status: 400 });
  return handleAction(
    async () => {
      await saveSearch({ actor: user, filters, frequency: submission.value.frequency, language });
      return redirectWithToast(request, localizePath("/dashboard/properties#saved-searches", language), "searchSaved");
    },
    { failure: {} },
  );
}

export default function RealEstatePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("realestate");
  const actionData = useActionData<typeof action>();
  const { properties, rate } = loaderData;
  const actionError = actionData && "error" in actionData ? (actionData.error as string) : null;
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <PageHeader
        title={t("page.title")}
        description={t("page.intro")}
        actions={
          <>
            <LocalizedLink to="/real-estate/new" className="btn-primary" data-testid="list-property-link">
              <Plus className="mr-1.5 size-4" aria-hidden="true" />
              {t("page.listProperty")}
            </LocalizedLink>
            <LocalizedLink to="/real-estate/upgrade" className="btn-secondary">
              <ShieldCheck className="mr-1.5 size-4" aria-hidden="true" />
              {t("page.forAgents")}
            </LocalizedLink>
          </>
        }
      />

      <FilterPanel id="property-filters-title" title={t("filters.title")}>
        <PropertyFilters filters={loaderData.filters} areas={loaderData.areas} filtered={loaderData.filtered} />
      </FilterPanel>

      <ListSection
        id="properties-list-title"
        title={t("page.listTitle")}
        count={t("page.count", { count: properties.length })}
        countTestId="property-count"
      >
        {properties.length ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="property-list">
            {properties.map((property) => (
              <li key={property.id} className="flex">
                <PropertyCard property={property} rate={rate} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyList
            testId="properties-empty"
            icon={House}
            title={loaderData.anyPublished ? t("empty.filteredTitle") : t("empty.title")}
            text={loaderData.anyPublished ? t("empty.filteredText") : t("empty.text")}
          >
            {loaderData.filtered ? (
              <LocalizedLink to="/real-estate" className="btn-secondary mt-4">
                {t("filters.clear")}
              </LocalizedLink>
            ) : null}
          </EmptyList>
        )}
      </ListSection>

      <section
        aria-labelledby="save-search-title"
        className="space-y-3 rounded-xl border border-slate-200 p-5"
        data-testid="save-search"
      >
        <h2 id="save-search-title" className="flex items-center gap-2 text-lg font-semibold">
          <Bell className="size-5 text-brand-700" aria-hidden="true" />
          {t("alerts.title")}
        </h2>
        <p className="text-sm text-slate-600">{loaderData.filtered ? t("alerts.introFiltered") : t("alerts.intro")}</p>
        {loaderData.signedIn ? (
          <Form
            method="post"
            action={`?${loaderData.query}`}
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            data-testid="save-search-form"
          >
            <FormErrors errors={actionError ? [actionError] : null} />
            <FieldFrame id="alert-frequency" label={t("alerts.frequency")}>
              <select id="alert-frequency" name="frequency" defaultValue="daily" className={`${inputClass} bg-white`}>
                {alertFrequencies.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {t(`alerts.frequencies.${frequency}`)}
                  </option>
                ))}
              </select>
            </FieldFrame>
            <button type="submit" className="btn-primary">
              {t("alerts.save")}
            </button>
          </Form>
        ) : (
          <LocalizedLink to="/auth?redirectTo=%2Freal-estate%23save-search-title" className="btn-secondary">
            {t("alerts.signIn")}
          </LocalizedLink>
        )}
      </section>
    </div>
  );
}
