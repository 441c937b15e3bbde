import { Star } from "#app/components/ui/icons";
import { formatNumber } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

/** Five stars filled to the rating, with the number and count for screen readers and eyes alike. */
export function Rating({ value, count, size = "sm" }: { value: number; count: number; size?: "sm" | "lg" }) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  if (!count) return <p className="text-sm text-slate-600">{t("rating.none")}</p>;
  const label = t("rating.label", { rating: formatNumber(value, language, { maximumFractionDigits: 1 }), count });
  const icon = size === "lg" ? "size-5" : "size-4";
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-700">
      <span className="flex" role="img" aria-label={label}>
        {[1, 2, 3, 4, 5].map((star) => (
          <Star
            key={star}
            aria-hidden="true"
            className={`${icon} ${value >= star - 0.25 ? "fill-amber-400 text-amber-500" : value >= star - 0.75 ? "fill-amber-200 text-amber-500" : "text-slate-300"}`}
          />
        ))}
      </span>
      <span aria-hidden="true">
        <strong className="font-semibold text-slate-900">
          {formatNumber(value, language, { maximumFractionDigits: 1 })}
        </strong>{" "}
        ({formatNumber(count, language)})
      </span>
    </p>
  );
}
