import { Form, Link, useSubmit } from "react-router";
import { Search, SlidersHorizontal, X } from "#app/components/ui/icons";
import {
  amenityOfferings,
  businessCategories,
  directorySorts,
  paymentOfferings,
  spokenLanguages,
} from "#app/features/directory/constants";
import { type DirectoryParams, directorySearch, ratingThresholds } from "#app/features/directory/filters";
import { formatNumber } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

const selectClass = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base";

/**
 * A GET form: submitting it changes the URL, so every search is a link. Without JavaScript the
 * button submits; with it, changing a filter submits at once.
 */
export function DirectoryFilters({
  action,
  state,
  areas,
}: {
  action: string;
  state: DirectoryParams;
  areas: { slug: string; name: string }[];
}) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  const submit = useSubmit();
  const activeCount =
    [state.category, state.area, state.open, state.premium, state.rating].filter(Boolean).length +
    state.accepts.length +
    state.speaks.length;
  const areaName = (slug: string) => areas.find((area) => area.slug === slug)?.name ?? slug;
  const chips: { key: string; label: string; without: Partial<DirectoryParams> }[] = [
    ...(state.q ? [{ key: "q", label: `“${state.q}”`, without: { q: "" } }] : []),
    ...(state.category
      ? [{ key: "category", label: t(`categories.${state.category}`), without: { category: null } }]
      : []),
    ...(state.area ? [{ key: "area", label: areaName(state.area), without: { area: null } }] : []),
    ...(state.open ? [{ key: "open", label: t("filters.openNow"), without: { open: false } }] : []),
    ...(state.premium ? [{ key: "premium", label: t("filters.premium"), without: { premium: false } }] : []),
    ...(state.rating
      ? [
          {
            key: "rating",
            label: t("filters.ratingAtLeast", { rating: formatNumber(state.rating, language) }),
            without: { rating: null },
          },
        ]
      : []),
    ...state.accepts.map((offering) => ({
      key: `accepts-${offering}`,
      label: t(`offerings.items.${offering}`),
      without: { accepts: state.accepts.filter((other) => other !== offering) },
    })),
    ...state.speaks.map((code) => ({
      key: `speaks-${code}`,
      label: t("offerings.speaks", { list: t(`offerings.languages.${code}`) }),
      without: { speaks: state.speaks.filter((other) => other !== code) },
    })),
  ];
  return (
    <div>
      <Form
        method="get"
        action={action}
        role="search"
        aria-label={t("filters.label")}
        // Before the page's scripts run, the page's loader submits the same GET on a change.
        data-submit-on-change=""
        onChange={(event) => {
          const target = event.target as HTMLElement;
          if (target instanceof HTMLInputElement && target.type === "search") return;
          submit(event.currentTarget, { preventScrollReset: true });
        }}
        className="space-y-3"
      >
        <div className="flex gap-2">
          <label htmlFor="directory-q" className="sr-only">
            {t("filters.query")}
          </label>
          <input
            id="directory-q"
            type="search"
            name="q"
            defaultValue={state.q}
            key={state.q}
            maxLength={200}
            placeholder={t("filters.queryPlaceholder")}
            className="block w-full min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-base"
            enterKeyHint="search"
          />
          <button type="submit" className="btn-primary shrink-0">
            <Search className="size-4" aria-hidden="true" />
            <span>{t("filters.submit")}</span>
          </button>
        </div>
        <details
          className="group rounded-lg border border-slate-200 bg-slate-50"
          open={activeCount > 0 || state.sort !== "relevance"}
        >
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 text-sm font-semibold text-slate-800 [&::-webkit-details-marker]:hidden">
            <SlidersHorizontal className="size-4" aria-hidden="true" />
            {activeCount ? t("filters.toggleCount", { count: activeCount }) : t("filters.toggle")}
          </summary>
          <div className="grid gap-3 border-t border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-4">
            <FilterSelect
              name="category"
              label={t("filters.category")}
              value={state.category ?? ""}
              anyLabel={t("filters.allCategories")}
              options={businessCategories.map((category) => ({ value: category, label: t(`categories.${category}`) }))}
            />
            <FilterSelect
              name="area"
              label={t("filters.area")}
              value={state.area ?? ""}
              anyLabel={t("filters.allAreas")}
              options={areas.map((area) => ({ value: area.slug, label: area.name }))}
            />
            <FilterSelect
              name="rating"
              label={t("filters.rating")}
              value={state.rating ? String(state.rating) : ""}
              anyLabel={t("filters.anyRating")}
              options={ratingThresholds.map((rating) => ({
                value: String(rating),
                label: t("filters.ratingAtLeast", { rating: formatNumber(rating, language) }),
              }))}
            />
            <FilterSelect
              name="sort"
              label={t("filters.sort")}
              value={state.sort}
              options={directorySorts.map((sort) => ({ value: sort, label: t(`filters.sorts.${sort}`) }))}
            />
            <fieldset className="flex flex-wrap gap-x-6 gap-y-2 sm:col-span-2 lg:col-span-4">
              <legend className="sr-only">{t("filters.more")}</legend>
              <FilterCheckbox name="open" checked={state.open} label={t("filters.openNow")} />
              <FilterCheckbox name="premium" checked={state.premium} label={t("filters.premium")} />
            </fieldset>
            <FilterCheckboxGroup
              name="accepts"
              legend={t("offerings.groups.payments")}
              checked={state.accepts}
              options={paymentOfferings.map((value) => ({ value, label: t(`offerings.items.${value}`) }))}
            />
            <FilterCheckboxGroup
              name="accepts"
              legend={t("offerings.groups.amenities")}
              checked={state.accepts}
              options={amenityOfferings.map((value) => ({ value, label: t(`offerings.items.${value}`) }))}
            />
            <FilterCheckboxGroup
              name="speaks"
              legend={t("offerings.filterLanguages")}
              checked={state.speaks}
              options={spokenLanguages.map((value) => ({ value, label: t(`offerings.languages.${value}`) }))}
            />
            <div className="sm:col-span-2 lg:col-span-4">
              <button type="submit" className="btn-secondary w-full sm:w-auto">
                {t("filters.apply")}
              </button>
            </div>
          </div>
        </details>
      </Form>
      {chips.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("filters.active")}>
          {chips.map((chip) => (
            <li key={chip.key}>
              <Link
                to={action + directorySearch({ ...state, ...chip.without, page: 1 })}
                preventScrollReset
                className="inline-flex min-h-9 items-center gap-1 rounded-full border border-brand-100 bg-brand-50 px-3 text-sm text-brand-900 hover:border-brand-600"
              >
                {chip.label}
                <X className="size-3.5" aria-hidden="true" />
                <span className="sr-only">{t("filters.remove")}</span>
              </Link>
            </li>
          ))}
          <li>
            <Link to={action} className="inline-flex min-h-9 items-center px-2 text-sm text-slate-700 underline">
              {t("filters.clear")}
            </Link>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

// A filter's control is keyed by its value: after a link or a chip changes the URL, the
// uncontrolled control is remounted showing the new state instead of the old default.

function FilterSelect({
  name,
  label,
  value,
  anyLabel,
  options,
}: {
  name: string;
  label: string;
  value: string;
  /** The empty choice (no filter); the sort has none. */
  anyLabel?: string;
  options: { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={`directory-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={`directory-${name}`} name={name} defaultValue={value} key={value} className={selectClass}>
        {anyLabel !== undefined ? <option value="">{anyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function FilterCheckbox({ name, checked, label }: { name: string; checked: boolean; label: string }) {
  return (
    <label className="inline-flex min-h-11 items-center gap-2 text-sm">
      <input type="checkbox" name={name} value="1" defaultChecked={checked} key={String(checked)} className="size-5" />
      {label}
    </label>
  );
}

/** Several values under one name (?accepts=sinpe&accepts=cards): the place must have them all. */
function FilterCheckboxGroup({
  name,
  legend,
  checked,
  options,
}: {
  name: string;
  legend: string;
  checked: readonly string[];
  options: { value: string; label: string }[];
}) {
  return (
    <fieldset className="sm:col-span-2 lg:col-span-4">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-6">
        {options.map((option) => {
          const on = checked.includes(option.value);
          return (
            <label key={option.value} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={name}
                value={option.value}
                defaultChecked={on}
                key={String(on)}
                className="size-5"
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
