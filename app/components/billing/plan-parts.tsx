import { Check, X } from "#app/components/ui/icons";
import { StatusBadge, type StatusTone } from "#app/components/ui/status-badge";
import { useTranslation } from "#app/lib/translations";

const tones: Record<string, StatusTone> = {
  active: "success",
  trialing: "info",
  past_due: "danger",
  canceled: "neutral",
  expired: "neutral",
  incomplete: "warning",
  incomplete_expired: "neutral",
  unpaid: "danger",
  paid: "success",
  failed: "danger",
  granted: "info",
};

/** A subscription's or receipt's state as a word in a matching colour. */
export function BillingStatus({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation("billing");
  return (
    <StatusBadge tone={tones[status] ?? "neutral"} testId={testId}>
      {t(`status.${status}`, { defaultValue: status })}
    </StatusBadge>
  );
}

/** What a plan includes (a tick) and, with `all`, what it lacks (a cross), from the plan's feature keys. */
export function FeatureList({
  features,
  all,
  testId,
  narrow,
}: {
  features: string[];
  all?: readonly string[];
  testId?: string;
  /** One column: for a plan card a third of the page wide, where two would break every line. */
  narrow?: boolean;
}) {
  const { t } = useTranslation("billing");
  const keys = all ?? features;
  return (
    <ul className={`grid gap-1.5 text-sm ${narrow ? "" : "sm:grid-cols-2"}`} data-testid={testId}>
      {keys.map((key) => {
        const included = features.includes(key);
        return (
          <li
            key={key}
            className={`flex items-start gap-2 ${included ? "text-slate-900" : "text-slate-500"}`}
            data-feature={key}
            data-included={included ? "yes" : "no"}
          >
            {included ? (
              <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
            ) : (
              <X className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
            )}
            <span>
              {t(`features.${key}`)}
              <span className="sr-only"> — {included ? t("features.included") : t("features.lacking")}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The link to a SINPE transfer's receipt photo (served only to its owner and admins). */
export function SinpeReceiptLink({ transferId, label }: { transferId: number; label: string }) {
  return (
    <p>
      <a
        href={`/billing/sinpe-receipt/${transferId}`}
        className="text-sky-800 underline"
        target="_blank"
        rel="noopener"
        data-testid="sinpe-receipt-link"
      >
        {label}
      </a>
    </p>
  );
}
