import { BadgeCheck, Landmark } from "#app/components/ui/icons";
import { DemoMark } from "#app/components/ui/status-badge";
import { useTranslation } from "#app/lib/translations";

export function Badges({
  isPremium,
  isDemo,
  registered = null,
}: {
  isPremium: boolean;
  isDemo: boolean;
  /** The "registered business" mark: its tax ID was checked (shown for a company's cédula jurídica). */
  registered?: { taxId: string | null } | null;
}) {
  const { t } = useTranslation("directory");
  if (!isPremium && !isDemo && !registered) return null;
  return (
    <p className="flex flex-wrap gap-1.5">
      {isPremium ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          <BadgeCheck className="size-3.5" aria-hidden="true" />
          {t("badges.premium")}
        </span>
      ) : null}
      {registered ? (
        // On a phone the number goes to a line of its own rather than breaking at a dash.
        <span
          className="inline-flex flex-wrap items-center gap-x-1 rounded-xl bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900"
          data-testid="registered-business"
        >
          <Landmark className="size-3.5" aria-hidden="true" />
          {t("badges.registered")}
          {registered.taxId ? (
            <span className="whitespace-nowrap font-normal">
              {" · "}
              {t("badges.registeredTaxId", { taxId: registered.taxId })}
            </span>
          ) : null}
        </span>
      ) : null}
      {isDemo ? (
        <DemoMark label={t("badges.demo")} tip={t("badges.demoHint")} className="px-2 py-0.5 text-xs font-medium" />
      ) : null}
    </p>
  );
}
