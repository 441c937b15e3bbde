import { RecordStatusBadge } from "#app/components/directory/record-status";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { useTranslation } from "#app/lib/translations";

/** The owner's businesses as links to this section for each (`?business=`), the current one marked. */
export function BusinessPicker({
  path,
  choices,
  selectedId,
}: {
  path: string;
  choices: { id: string; name: string; status: string }[];
  selectedId: string | null;
}) {
  const { t } = useTranslation("owner");
  if (!choices.length)
    return (
      <div className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-6">
        <p>{t("picker.none")}</p>
        <LocalizedLink to="/list-business" className="btn-primary mt-3 inline-flex">
          {t("picker.list")}
        </LocalizedLink>
      </div>
    );
  if (choices.length === 1 && selectedId === choices[0].id) return null;
  return (
    <nav aria-label={t("picker.label")} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <li key={choice.id}>
            <LocalizedLink
              to={`${path}?business=${choice.id}`}
              aria-current={choice.id === selectedId ? "page" : undefined}
              className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-3 text-sm ${
                choice.id === selectedId
                  ? "border-brand-700 bg-brand-50 font-semibold text-brand-900"
                  : "border-slate-300 hover:bg-slate-50"
              }`}
            >
              {choice.name} <RecordStatusBadge status={choice.status} />
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
