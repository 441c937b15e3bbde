import { Form } from "react-router";
import { FieldFrame, inputClass } from "./form-field";

export interface FilterSelect {
  name: string;
  label: string;
  value: string;
  /** The first option, meaning "no filter" (value ""). */
  anyLabel: string;
  options: { value: string; label: string }[];
}

/**
 * One "any or one of these" select of a GET filter form: the first option (value "") means no
 * filter. `idPrefix` keeps ids unique when a page has several filter forms.
 */
export function FilterSelectField({ idPrefix, select }: { idPrefix: string; select: FilterSelect }) {
  const id = `${idPrefix}-${select.name}`;
  return (
    <FieldFrame id={id} label={select.label}>
      <select id={id} name={select.name} defaultValue={select.value} className={`${inputClass} bg-white`}>
        <option value="">{select.anyLabel}</option>
        {select.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/**
 * The search box (and filters) above an admin list. A GET form, so the filter is in the URL, the
 * page works without JavaScript and the list's paging keeps it.
 */
export function FilterForm({
  id,
  search,
  selects = [],
  submit,
}: {
  /** Prefix of the controls' ids, unique on the page. */
  id: string;
  search: { name: string; label: string; value: string; maxLength: number };
  selects?: FilterSelect[];
  submit: string;
}) {
  return (
    <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
      <div className="flex-1">
        <FieldFrame id={`${id}-${search.name}`} label={search.label}>
          <input
            id={`${id}-${search.name}`}
            name={search.name}
            type="search"
            defaultValue={search.value}
            maxLength={search.maxLength}
            className={inputClass}
          />
        </FieldFrame>
      </div>
      {selects.map((select) => (
        <FilterSelectField key={select.name} idPrefix={id} select={select} />
      ))}
      <button type="submit" className="btn-primary">
        {submit}
      </button>
    </Form>
  );
}
