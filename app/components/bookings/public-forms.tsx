import type { ReactNode } from "react";
import { Form } from "react-router";
import { FieldErrors, FormErrors, inputClass } from "#app/components/ui/form-message";
import { LocalizedLink } from "#app/components/ui/localized-link";
import type { PublicBookingForm } from "#app/features/bookings/bookings.server";
import { weekdayNames, weekStartsOn } from "#app/lib/format";
import { localizePath } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

// The booking and message forms of a business page. Plain forms that post to their own routes
// (/business/{slug}/book and /message), so they work without JavaScript and add no form library to
// the page; after a failed post those routes show the same form with the messages and what was typed.

/** What an action answers after a failed post: Conform's reply shape, read without Conform. */
export interface FormReply {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
}

function keptValue(reply: FormReply | undefined, name: string, fallback = ""): string {
  const value = reply?.initialValue?.[name];
  return typeof value === "string" ? value : fallback;
}

function Field({
  id,
  name,
  label,
  reply,
  hint,
  children,
}: {
  id: string;
  name: string;
  label: string;
  reply?: FormReply;
  hint?: string;
  children: (props: {
    id: string;
    name: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
  }) => React.ReactNode;
}) {
  const errors = reply?.error?.[name] ?? undefined;
  const describedBy = [hint ? `${id}-hint` : null, errors?.length ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        name,
        ...(errors?.length ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

interface VisitorField {
  id: string;
  label: string;
  hint?: string;
  reply?: FormReply;
  /** The signed-in visitor's name and email. */
  defaults?: { name: string; email: string };
}

/** The visitor's name: what they typed before a failed post, else their account's. */
function NameField({ id, label, reply, defaults }: VisitorField) {
  return (
    <Field id={id} name="name" label={label} reply={reply}>
      {(props) => (
        <input
          {...props}
          required
          maxLength={100}
          autoComplete="name"
          defaultValue={keptValue(reply, "name", defaults?.name ?? "")}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/** The visitor's email: what they typed before a failed post, else their account's. */
function EmailField({ id, label, hint, reply, defaults }: VisitorField) {
  return (
    <Field id={id} name="email" label={label} reply={reply} hint={hint}>
      {(props) => (
        <input
          {...props}
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={keptValue(reply, "email", defaults?.email ?? "")}
          className={inputClass}
        />
      )}
    </Field>
  );
}

export function BookingRequestForm({
  slug,
  form,
  reply,
  defaults,
}: {
  slug: string;
  form: PublicBookingForm;
  reply?: FormReply;
  defaults?: { name: string; email: string };
}) {
  const { t } = useTranslation("bookings");
  const language = useLanguage();
  // The names come in the language's week order; the services store 0 = Sunday.
  const names = weekdayNames(language, "short");
  const dayName = (day: number) => names[(day - weekStartsOn[language] + 7) % 7];
  const times = [...new Set(form.services.flatMap((service) => service.slotTimes))].sort();
  const one = form.services.length === 1 ? form.services[0] : null;
  return (
    <Form
      method="post"
      action={localizePath(`/business/${slug}/book`, language)}
      className="mt-4 grid gap-4 sm:grid-cols-2"
      data-testid="booking-form"
    >
      <div className="sm:col-span-2">
        <FormErrors errors={reply?.error?.[""] ?? null} />
      </div>
      <div className="sm:col-span-2">
        <Field id="booking-service" name="serviceId" label={t("form.service")} reply={reply}>
          {(props) => (
            <select
              {...props}
              defaultValue={keptValue(reply, "serviceId", one?.id ?? "")}
              className={`${inputClass} bg-white`}
            >
              {one ? null : <option value="">{t("form.chooseService")}</option>}
              {form.services.map((service) => (
                <option key={service.id} value={service.id}>
                  {service.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ul className="mt-2 space-y-1 text-xs text-slate-600" data-testid="service-schedule">
          {form.services.map((service) => (
            <li key={service.id}>
              {t("form.schedule", {
                service: service.name,
                days: service.weekdays.map(dayName).join(", "),
                times: service.slotTimes.join(", "),
              })}
              {service.leadTimeHours ? ` ${t("form.leadTime", { count: service.leadTimeHours })}` : ""}
            </li>
          ))}
        </ul>
      </div>
      <Field id="booking-date" name="date" label={t("form.date")} reply={reply}>
        {(props) => (
          <input
            {...props}
            type="date"
            required
            min={form.minDay}
            max={form.maxDay}
            defaultValue={keptValue(reply, "date")}
            className={inputClass}
          />
        )}
      </Field>
      <Field id="booking-time" name="time" label={t("form.time")} reply={reply}>
        {(props) => (
          <select {...props} required defaultValue={keptValue(reply, "time")} className={`${inputClass} bg-white`}>
            <option value="">{t("form.chooseTime")}</option>
            {times.map((time) => (
              <option key={time} value={time}>
                {time}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="booking-party" name="partySize" label={t("form.partySize")} reply={reply}>
        {(props) => (
          <input
            {...props}
            type="number"
            inputMode="numeric"
            required
            min={1}
            max={form.partySizeMax}
            defaultValue={keptValue(reply, "partySize", "2")}
            className={inputClass}
          />
        )}
      </Field>
      <NameField id="booking-name" label={t("form.name")} reply={reply} defaults={defaults} />
      <div className="sm:col-span-2">
        <EmailField
          id="booking-email"
          label={t("form.email")}
          hint={t("form.emailHint")}
          reply={reply}
          defaults={defaults}
        />
      </div>
      <div className="sm:col-span-2">
        <Field id="booking-requests" name="specialRequests" label={t("form.specialRequests")} reply={reply}>
          {(props) => (
            <textarea
              {...props}
              rows={3}
              maxLength={1000}
              defaultValue={keptValue(reply, "specialRequests")}
              className={inputClass}
            />
          )}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" data-testid="booking-submit">
          {t("form.submit")}
        </button>
        <p className="mt-2 text-xs text-slate-600">{t("form.pendingNote")}</p>
      </div>
    </Form>
  );
}

export function VisitorMessageForm({
  slug,
  reply,
  defaults,
}: {
  slug: string;
  reply?: FormReply;
  defaults?: { name: string; email: string };
}) {
  const { t } = useTranslation("bookings");
  const language = useLanguage();
  return (
    <Form
      method="post"
      action={localizePath(`/business/${slug}/message`, language)}
      className="mt-4 grid gap-4 sm:grid-cols-2"
      data-testid="message-form"
    >
      <div className="sm:col-span-2">
        <FormErrors errors={reply?.error?.[""] ?? null} />
      </div>
      <NameField id="message-name" label={t("message.name")} reply={reply} defaults={defaults} />
      <EmailField id="message-email" label={t("message.email")} reply={reply} defaults={defaults} />
      <div className="sm:col-span-2">
        <Field id="message-body" name="body" label={t("message.body")} reply={reply}>
          {(props) => (
            <textarea
              {...props}
              rows={4}
              required
              maxLength={2000}
              defaultValue={keptValue(reply, "body")}
              className={inputClass}
            />
          )}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" data-testid="message-submit">
          {t("message.submit")}
        </button>
        <p className="mt-2 text-xs text-slate-600">{t("message.note")}</p>
      </div>
    </Form>
  );
}

/**
 * The page each form posts to (/business/{slug}/book and /message): a way back to the business, the
 * title, then what was sent, the form, or why the business takes none.
 */
export function VisitorFormPage({
  business,
  title,
  sent,
  intro,
  form,
  unavailable,
}: {
  business: { name: string; slug: string };
  title: string;
  /** Shown instead of the form once a post went through. */
  sent: { title: string; text: string; testId: string } | null;
  intro: string;
  /** null when the business takes no such requests. */
  form: ReactNode;
  unavailable: { text: string; testId?: string };
}) {
  const { t } = useTranslation("bookings");
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <p className="text-sm">
        <LocalizedLink to={`/business/${business.slug}`} className="text-brand-800 hover:underline">
          ← {business.name}
        </LocalizedLink>
      </p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">{title}</h1>
      {sent ? (
        <div
          className="mt-6 rounded-xl border border-green-200 bg-green-50 p-5"
          role="status"
          data-testid={sent.testId}
        >
          <h2 className="text-lg font-semibold text-green-900">{sent.title}</h2>
          <p className="mt-2 text-green-900">{sent.text}</p>
          <LocalizedLink to={`/business/${business.slug}`} className="btn-secondary mt-4">
            {t("page.back", { name: business.name })}
          </LocalizedLink>
        </div>
      ) : form ? (
        <>
          <p className="mt-2 text-slate-700">{intro}</p>
          {form}
        </>
      ) : (
        <p className="mt-6 rounded-xl bg-slate-50 p-5 text-slate-700" data-testid={unavailable.testId}>
          {unavailable.text}
        </p>
      )}
    </div>
  );
}
