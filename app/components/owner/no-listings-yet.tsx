import { LocalizedLink } from "#app/components/ui/localized-link";
import { useTranslation } from "#app/lib/translations";

/** What a plan page shows an owner with no listing yet: why there is nothing here, and where to add one. */
export function NoListingsYet({ text }: { text: string }) {
  const { t } = useTranslation("billing");
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
      <p>{text}</p>
      <LocalizedLink to="/dashboard/business" className="btn-secondary mt-3">
        {t("features.addListing")}
      </LocalizedLink>
    </div>
  );
}
