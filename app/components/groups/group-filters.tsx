import { Form } from "react-router";
import { FilterSelectField } from "#app/components/ui/filter-form";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { groupLanguages, groupTopics } from "#app/features/groups/constants";
import { useTranslation } from "#app/lib/translations";

/** The /groups filters: a GET form, so a filtered list is a URL and works without JavaScript. */
export function FilterSelects({
  filters,
  areas,
  filtered,
}: {
  filters: { topic: string; area: string; language: string };
  areas: { slug: string; name: string }[];
  filtered: boolean;
}) {
  const { t } = useTranslation("groups");
  const selects = [
    {
      name: "topic",
      label: t("filters.topic"),
      anyLabel: t("filters.anyTopic"),
      value: filters.topic,
      options: groupTopics.map((topic) => ({ value: topic, label: t(`topics.${topic}`) })),
    },
    {
      name: "area",
      label: t("filters.area"),
      anyLabel: t("filters.anyArea"),
      value: filters.area,
      options: areas.map((area) => ({ value: area.slug, label: area.name })),
    },
    {
      name: "language",
      label: t("filters.language"),
      anyLabel: t("filters.anyLanguage"),
      value: filters.language,
      options: groupLanguages.map((language) => ({ value: language, label: t(`languages.${language}`) })),
    },
  ];
  return (
    <Form method="get" className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end" data-testid="group-filters">
      {selects.map((select) => (
        <FilterSelectField key={select.name} idPrefix="group-filter" select={select} />
      ))}
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className="btn-primary">
          {t("filters.submit")}
        </button>
        {filtered ? (
          <LocalizedLink to="/groups" className="btn-secondary">
            {t("filters.clear")}
          </LocalizedLink>
        ) : null}
      </div>
    </Form>
  );
}
