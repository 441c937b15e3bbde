import { Form, useNavigation } from "react-router";
import { FormErrors, inputClass } from "#app/components/ui/form-message";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { StatusBadge } from "#app/components/ui/status-badge";
import { eventLimits } from "#app/features/events/constants";
import type { EventPage, OccurrenceDetail } from "#app/features/events/reads.server";
import { formatDate } from "#app/lib/format";
import { localizePath } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { useWhenText } from "./event-card";

/**
 * One date of an event with its RSVP: counts, the viewer's answer (or the form), and for a signed
 * out visitor a sign-in link that is the same for everyone, so the page stays cacheable.
 */
export function OccurrenceRsvp({
  event,
  occurrence,
  now,
  signedIn,
  error,
}: {
  event: Pick<EventPage, "slug" | "allDay" | "minAge" | "maxAttendees" | "isOrganiser" | "status">;
  occurrence: OccurrenceDetail;
  now: string;
  signedIn: boolean;
  error: string | null;
}) {
  const { t } = useTranslation("events");
  const language = useLanguage();
  const navigation = useNavigation();
  const when = useWhenText();
  const past = occurrence.endsAt < now;
  const open = !past && !occurrence.cancelled && event.status === "published";
  const full = occurrence.placesLeft !== null && occurrence.placesLeft <= 0;
  const maxParty = Math.min(eventLimits.partySizeMax, event.maxAttendees ?? eventLimits.partySizeMax);
  const here = localizePath(`/events/${event.slug}`, language);
  const formId = `rsvp-${occurrence.id}`;
  return (
    <li
      id={`date-${occurrence.id}`}
      className="rounded-xl border border-slate-200 bg-white p-4"
      data-testid="occurrence"
      data-occurrence-id={occurrence.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3
            className={`font-semibold first-letter:uppercase ${occurrence.cancelled ? "text-slate-500 line-through" : ""}`}
          >
            {formatDate(new Date(occurrence.startsAt), language, { dateStyle: "full" })}
          </h3>
          <p className="text-sm text-slate-700">{when({ ...occurrence, allDay: event.allDay })}</p>
        </div>
        <p className="flex flex-wrap gap-1.5 text-xs">
          {occurrence.cancelled ? <StatusBadge tone="danger">{t("event.dateCancelled")}</StatusBadge> : null}
          {past ? <StatusBadge>{t("event.datePast")}</StatusBadge> : null}
          {occurrence.isException ? <StatusBadge tone="warning">{t("event.moved")}</StatusBadge> : null}
          <StatusBadge tone="success">{t("event.going", { count: occurrence.confirmed })}</StatusBadge>
          {occurrence.waitlisted ? (
            <StatusBadge tone="warning">{t("event.waiting", { count: occurrence.waitlisted })}</StatusBadge>
          ) : null}
          {open && occurrence.placesLeft !== null ? (
            <StatusBadge tone={full ? "warning" : "neutral"}>
              {full ? t("card.full") : t("card.placesLeft", { count: occurrence.placesLeft })}
            </StatusBadge>
          ) : null}
        </p>
      </div>
      {open ? (
        <div className="mt-3">
          {error ? <FormErrors errors={[error]} /> : null}
          {occurrence.mine ? (
            <div
              className="flex flex-wrap items-center gap-3"
              data-testid="my-rsvp"
              data-status={occurrence.mine.status}
            >
              <p className="text-sm font-medium">
                {occurrence.mine.status === "confirmed"
                  ? t("rsvp.youAreGoing", { count: occurrence.mine.partySize })
                  : t("rsvp.youAreWaiting", { position: occurrence.mine.position ?? 1 })}
              </p>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="withdraw" />
                <input type="hidden" name="occurrenceId" value={occurrence.id} />
                <button type="submit" className="btn-secondary" disabled={navigation.state === "submitting"}>
                  {occurrence.mine.status === "confirmed" ? t("rsvp.withdraw") : t("rsvp.withdrawWaitlist")}
                </button>
              </Form>
            </div>
          ) : event.isOrganiser ? (
            <p className="text-sm text-slate-600">{t("rsvp.ownEvent")}</p>
          ) : signedIn ? (
            <Form method="post" className="flex flex-wrap items-end gap-3" preventScrollReset data-testid="rsvp-form">
              <input type="hidden" name="intent" value="rsvp" />
              <input type="hidden" name="occurrenceId" value={occurrence.id} />
              <div>
                <label htmlFor={`${formId}-party`} className="block text-sm font-medium text-slate-800">
                  {t("rsvp.partySize")}
                </label>
                <select
                  id={`${formId}-party`}
                  name="partySize"
                  defaultValue="1"
                  className={`${inputClass} w-24 bg-white`}
                >
                  {Array.from({ length: maxParty }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
              {event.minAge ? (
                <label className="flex items-center gap-2 pb-2 text-sm">
                  <input type="checkbox" name="ageConfirmed" required className="size-4" />
                  {t("rsvp.ageConfirm", { age: event.minAge })}
                </label>
              ) : null}
              <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
                {full || occurrence.waitlisted > 0 ? t("rsvp.join") : t("rsvp.submit")}
              </button>
            </Form>
          ) : (
            <LocalizedLink
              to={`/auth?redirectTo=${encodeURIComponent(`${here}#date-${occurrence.id}`)}`}
              className="btn-secondary"
            >
              {t("rsvp.signIn")}
            </LocalizedLink>
          )}
        </div>
      ) : null}
    </li>
  );
}
