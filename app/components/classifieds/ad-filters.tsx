import { Form } from "react-router";
import { FilterSelectField } from "#app/components/ui/filter-form";
import { FieldFrame, inputClass } from "#app/components/ui/form-field";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { classifiedCategories, classifiedConditions } from "#app/features/classifieds/constants";
import { useTranslation } from "#app/lib/translations";

export interface AdFilterValues {
  q: string;
  category: string;
  area: string;
  condition: string;
  minPrice: string;
  maxPrice: string;
  currency: string;
  sort: string;
}

/** The /classifieds filters: a GET form, so every search is a URL and works without JavaScript. */
export function AdFilters({
  filters,
  areas,
  filtered,
  currency,
}: {
  filters: AdFilterValues;
  areas: { slug: string; name: string }[];
  filtered: boolean;
  /** The currency the price range is read in (the page language's). */
  currency: "USD" | "CRC";
}) {
  const { t } = useTranslation("classifieds");
  const selects = [
    {
      name: "category",
      label: t("filters.category"),
      anyLabel: t("filters.anyCategory"),
      value: filters.category,
      options: classifiedCategories.map((value) => ({ value, label: t(`categories.${value}`) })),
    },
    {
      name: "area",
      label: t("filters.area"),
      anyLabel: t("filters.anyArea"),
      value: filters.area,
      options: areas.map((area) => ({ value: area.slug, label: area.name })),
    },
    {
      name: "condition",
      label: t("filters.condition"),
      anyLabel: t("filters.anyCondition"),
      value: filters.condition,
      options: classifiedConditions.map((value) => ({ value, label: t(`conditions.${value}`) })),
    },
    {
      name: "sort",
      label: t("filters.sort"),
      anyLabel: t("filters.sorts.newest"),
      value: filters.sort === "newest" ? "" : filters.sort,
      options: (["price-low", "price-high"] as const).map((value) => ({ value, label: t(`filters.sorts.${value}`) })),
    },
  ];
  return (
    <Form method="get" role="search" className="space-y-3" data-testid="ad-filters">
      <FieldFrame id="ad-filter-q" label={t("filters.q")}>
        <input
          id="ad-filter-q"
          name="q"
          type="search"
          defaultValue={filters.q}
          maxLength={100}
          placeholder={t("filters.qPlaceholder")}
          className={inputClass}
        />
      </FieldFrame>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {selects.map((select) => (
          <FilterSelectField key={select.name} idPrefix="ad-filter" select={select} />
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[10rem_10rem_1fr] sm:items-end">
        <FieldFrame id="ad-filter-min" label={t("filters.minPrice", { currency })}>
          <input
            id="ad-filter-min"
            name="minPrice"
            inputMode="numeric"
            pattern="[0-9]*"
            defaultValue={filters.minPrice}
            maxLength={10}
            className={inputClass}
          />
        </FieldFrame>
        <FieldFrame id="ad-filter-max" label={t("filters.maxPrice", { currency })}>
          <input
            id="ad-filter-max"
            name="maxPrice"
            inputMode="numeric"
            pattern="[0-9]*"
            defaultValue={filters.maxPrice}
            maxLength={10}
            className={inputClass}
          />
        </FieldFrame>
        <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1">
          <button type="submit" className="btn-primary">
            {t("filters.submit")}
          </button>
          {filtered ? (
            <LocalizedLink to="/classifieds" className="btn-secondary">
              {t("filters.clear")}
            </LocalizedLink>
          ) : null}
        </div>
      </div>
    </Form>
  );
}
