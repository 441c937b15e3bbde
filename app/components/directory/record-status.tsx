import { StatusBadge, type StatusTone } from "#app/components/ui/status-badge";
import { useTranslation } from "#app/lib/translations";

const tones: Record<string, StatusTone> = {
  verified: "success",
  approved: "success",
  pending: "warning",
  rejected: "danger",
  draft: "neutral",
};

/** A business's or a claim's status (draft, pending, verified, approved, rejected) as a badge. */
export function RecordStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("directory");
  return (
    <StatusBadge tone={tones[status] ?? "neutral"} testId="status-badge">
      {t(`statuses.${status}`)}
    </StatusBadge>
  );
}
