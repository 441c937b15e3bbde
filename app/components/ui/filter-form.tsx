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
        <FieldFrame key={select.name} id={`${id}-${select.name}`} label={select.label}>
          <select
            id={`${id}-${select.name}`}
            name={select.name}
            defaultValue={select.value}
            className={`${inputClass} bg-white`}
          >
            <option value="">{select.anyLabel}</option>
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </FieldFrame>
      ))}
      <button type="submit" className="btn-primary">
        {submit}
      </button>
    </Form>
  );
}
