import { Form } from "react-router";
import { FieldFrame, inputClass } from "#app/components/ui/form-field";
import { SlidersHorizontal } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { listingTypes, propertyTypes } from "#app/features/realestate/constants";
import { useTranslation } from "#app/lib/translations";

export interface FilterValues {
  listing: string;
  type: string;
  minPrice: string;
  maxPrice: string;
  beds: string;
  baths: string;
  area: string;
}

/** The /real-estate filters: a GET form, so a filtered list is a URL and works without JavaScript. */
export function PropertyFilters({
  filters,
  areas,
  filtered,
}: {
  filters: FilterValues;
  areas: { slug: string; name: string }[];
  filtered: boolean;
}) {
  const { t } = useTranslation("realestate");
  const select = (
    name: keyof FilterValues,
    label: string,
    any: string,
    options: { value: string; label: string }[],
  ) => (
    <FieldFrame id={`property-filter-${name}`} label={label}>
      <select
        id={`property-filter-${name}`}
        name={name}
        defaultValue={filters[name]}
        className={`${inputClass} bg-white`}
      >
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
  const number = (name: keyof FilterValues, label: string, placeholder: string) => (
    <FieldFrame id={`property-filter-${name}`} label={label}>
      <input
        id={`property-filter-${name}`}
        name={name}
        type="text"
        inputMode="numeric"
        pattern="[0-9$, ]*"
        maxLength={12}
        defaultValue={filters[name]}
        placeholder={placeholder}
        className={inputClass}
      />
    </FieldFrame>
  );
  const counts = ["1", "2", "3", "4", "5"].map((value) => ({
    value,
    label: t("filters.atLeast", { count: Number(value) }),
  }));
  return (
    <Form method="get" className="space-y-3" data-testid="property-filters">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {select("listing", t("filters.listing"), t("filters.anyListing"), [
          { value: "sale", label: t("listing.sale") },
          { value: "rent", label: t("filters.anyRent") },
          ...listingTypes
            .filter((type) => type !== "sale")
            .map((type) => ({ value: type, label: t(`listing.${type}`) })),
        ])}
        {select(
          "type",
          t("filters.type"),
          t("filters.anyType"),
          propertyTypes.map((type) => ({ value: type, label: t(`types.${type}`) })),
        )}
        {number("minPrice", t("filters.minPrice"), t("filters.pricePlaceholder"))}
        {number("maxPrice", t("filters.maxPrice"), t("filters.pricePlaceholder"))}
        {select("beds", t("filters.beds"), t("filters.any"), counts)}
        {select("baths", t("filters.baths"), t("filters.any"), counts)}
        <div className="col-span-2">
          {select(
            "area",
            t("filters.area"),
            t("filters.anyArea"),
            areas.map((area) => ({ value: area.slug, label: area.name })),
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary">
          <SlidersHorizontal className="mr-1.5 size-4" aria-hidden="true" />
          {t("filters.apply")}
        </button>
        {filtered ? (
          <LocalizedLink to="/real-estate" className="text-sm text-brand-800 underline">
            {t("filters.clear")}
          </LocalizedLink>
        ) : null}
        <p className="text-xs text-slate-600">{t("filters.usdNote")}</p>
      </div>
    </Form>
  );
}
