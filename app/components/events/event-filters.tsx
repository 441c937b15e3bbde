import { Form } from "react-router";
import { FilterSelectField } from "#app/components/ui/filter-form";
import { FieldFrame, inputClass } from "#app/components/ui/form-field";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { eventCategories } from "#app/features/events/constants";
import { useTranslation } from "#app/lib/translations";

export interface EventFilterValues {
  view: string;
  when: string;
  from: string;
  to: string;
  area: string;
  category: string;
  cost: string;
  age: string;
}

/** The /events filters: a GET form, so every filtered view is a URL and works without JavaScript. */
export function EventFilters({
  filters,
  areas,
  filtered,
}: {
  filters: EventFilterValues;
  areas: { slug: string; name: string }[];
  filtered: boolean;
}) {
  const { t } = useTranslation("events");
  const selects = [
    {
      name: "when",
      label: t("filters.when"),
      anyLabel: t("filters.anyTime"),
      value: filters.when,
      options: [{ value: "weekend", label: t("filters.weekend") }],
    },
    {
      name: "area",
      label: t("filters.area"),
      anyLabel: t("filters.anyArea"),
      value: filters.area,
      options: areas.map((area) => ({ value: area.slug, label: area.name })),
    },
    {
      name: "category",
      label: t("filters.category"),
      anyLabel: t("filters.anyCategory"),
      value: filters.category,
      options: eventCategories.map((category) => ({ value: category, label: t(`categories.${category}`) })),
    },
    {
      name: "cost",
      label: t("filters.cost"),
      anyLabel: t("filters.anyCost"),
      value: filters.cost,
      options: [
        { value: "free", label: t("filters.free") },
        { value: "paid", label: t("filters.paid") },
      ],
    },
    {
      name: "age",
      label: t("filters.age"),
      anyLabel: t("filters.anyAge"),
      value: filters.age,
      options: [
        { value: "all", label: t("filters.allAges") },
        { value: "adults", label: t("filters.adults") },
      ],
    },
  ];
  return (
    <Form method="get" action="" className="space-y-3" data-testid="event-filters">
      {filters.view && filters.view !== "list" ? <input type="hidden" name="view" value={filters.view} /> : null}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {selects.map((select) => (
          <FilterSelectField key={select.name} idPrefix="event-filter" select={select} />
        ))}
        <FieldFrame id="event-filter-from" label={t("filters.from")}>
          <input
            id="event-filter-from"
            type="date"
            name="from"
            defaultValue={filters.from}
            className={`${inputClass} bg-white`}
          />
        </FieldFrame>
        <FieldFrame id="event-filter-to" label={t("filters.to")}>
          <input
            id="event-filter-to"
            type="date"
            name="to"
            defaultValue={filters.to}
            className={`${inputClass} bg-white`}
          />
        </FieldFrame>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className="btn-primary">
          {t("filters.submit")}
        </button>
        {filtered ? (
          <LocalizedLink
            to={filters.view && filters.view !== "list" ? `/events?view=${filters.view}` : "/events"}
            className="btn-secondary"
          >
            {t("filters.clear")}
          </LocalizedLink>
        ) : null}
      </div>
    </Form>
  );
}
