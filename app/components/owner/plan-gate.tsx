import type { ReactNode } from "react";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { useTranslation } from "#app/lib/translations";

/**
 * What a free listing sees in a premium section: what the section would do, that the listing's
 * plan does not include it, and the way to a plan that does. The server refuses the section's
 * writes as well.
 */
export function PlanGate({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const { t } = useTranslation("owner");
  return (
    <section className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-5" data-testid={testId ?? "plan-gate"}>
      <h2 className="text-lg font-semibold text-amber-950">{title}</h2>
      <p className="mt-2 text-amber-950">{children}</p>
      <p className="mt-2 text-sm text-amber-950">{t("gate.includes")}</p>
      <LocalizedLink to="/dashboard/subscription" className="btn-secondary mt-4 inline-flex">
        {t("gate.ask")}
      </LocalizedLink>
    </section>
  );
}
