import type { StatusTone } from "#app/components/ui/status-badge";
import type { BookingStatus } from "#app/features/bookings/constants";

export function statusTone(status: BookingStatus): StatusTone {
  return status === "confirmed"
    ? "success"
    : status === "pending"
      ? "warning"
      : status === "declined"
        ? "danger"
        : "neutral";
}
