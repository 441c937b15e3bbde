import type { InputHTMLAttributes } from "react";
import { data, Form, useActionData } from "react-router";
import type { FormReply } from "#app/components/bookings/public-forms";
import { statusTone } from "#app/components/bookings/status-tone";
import { PlanGate } from "#app/components/owner/plan-gate";
import { type Column, DataTable } from "#app/components/ui/data-table";
import { FieldErrors, FormErrors, inputClass } from "#app/components/ui/form-message";
import { HiddenFieldsForm } from "#app/components/ui/hidden-fields-form";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { StatusBadge } from "#app/components/ui/status-badge";
import {
  addBlackoutDay,
  assertBookingAccess,
  decideBooking,
  getBookingSetup,
  type OwnerBookingRow,
  removeBlackoutDay,
  saveBookingService,
  setBookingServiceActive,
} from "#app/features/bookings/booking-setup.server";
import type { ServiceRow } from "#app/features/bookings/bookings.server";
import { blackoutSchema, dayField, serviceSchema, uuidField } from "#app/features/bookings/forms";
import { AppError } from "#app/lib/errors";
import { handleAction, orAppError } from "#app/lib/errors.server";
import { formatDate, weekdayNames, weekStartsOn } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { redirectBackWithToast } from "#app/web/flash.server";
import { submitForm } from "#app/web/form-action.server";
import { actOnIntent } from "#app/web/intents";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/$businessId";

// /dashboard/bookings/{businessId}: the owner confirms or declines requests and sets up what can be
// booked (services with their start times, weekdays, seats per start and lead time) and the days
// closed to bookings. A listing on a free plan sees why there is nothing to set up.
export const handle = { i18n: ["bookings", "owner"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  const setup = await orAppError(language, async () => {
    if (!uuidField.safeParse(params.businessId).success) throw notFound();
    return getBookingSetup({ actor: user, businessId: params.businessId, language });
  });
  return {
    head: {
      title: t("bookings:manage.title", { name: setup.listing.name }),
      description: t("bookings:dashboard.intro"),
      noindex: true,
    },
    ...setup,
  };
}

type ActionResult = { intent: string; target: string; result?: FormReply; error?: string | null };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData().catch(() => new FormData());
  const businessId = params.businessId;
  const { language } = await getRequestTranslator(request);
  await orAppError(language, async () => {
    if (!uuidField.safeParse(businessId).success) throw notFound();
    await assertBookingAccess({ actor: user, businessId });
  });
  // A button acts on one service, day or booking (`target`); one that is not there is "not found".
  const onTarget = (intent: string, target: string, valid: boolean, run: () => Promise<Response>) =>
    handleAction(
      async () => {
        if (!valid) throw notFound();
        return run();
      },
      { failure: { intent, target } },
    );
  const decide = (intent: "confirm" | "decline") => {
    const bookingId = String(formData.get("bookingId") ?? "");
    return onTarget(intent, bookingId, uuidField.safeParse(bookingId).success, async () => {
      await decideBooking({ actor: user, bookingId, decision: intent });
      return redirectBackWithToast(request, "saved");
    });
  };

  return actOnIntent(
    formData,
    {
      service: (intent) => {
        const target = String(formData.get("serviceId") ?? "") || "new";
        return submitForm(
          formData,
          serviceSchema,
          async (input) => {
            await saveBookingService({ actor: user, businessId, input });
            return redirectBackWithToast(request, "saved");
          },
          { failure: { intent, target } },
        );
      },
      serviceActive: (intent) => {
        const serviceId = String(formData.get("serviceId") ?? "");
        return onTarget(intent, serviceId, uuidField.safeParse(serviceId).success, async () => {
          await setBookingServiceActive({ actor: user, businessId, serviceId, active: formData.get("active") === "1" });
          return redirectBackWithToast(request, "saved");
        });
      },
      blackout: (intent) =>
        submitForm(
          formData,
          blackoutSchema,
          async (value) => {
            await addBlackoutDay({ actor: user, businessId, ...value });
            return redirectBackWithToast(request, "saved");
          },
          { failure: { intent, target: "blackout" } },
        ),
      removeBlackout: (intent) => {
        const day = String(formData.get("day") ?? "");
        return onTarget(intent, day, dayField.safeParse(day).success, async () => {
          await removeBlackoutDay({ actor: user, businessId, day });
          return redirectBackWithToast(request, "saved");
        });
      },
      confirm: decide,
      decline: decide,
    },
    (intent) => data<ActionResult>({ intent, target: "", error: "bookings:errors.intent" }, { status: 400 }),
  );
}

function notFound() {
  return new AppError("not_found", "bookings:errors.notFound");
}

function ServiceForm({ service, reply }: { service: ServiceRow | null; reply?: FormReply }) {
  const { t } = useTranslation("bookings");
  const language = useLanguage();
  const names = weekdayNames(language, "long");
  // In the language's week order; stored as 0 = Sunday.
  const order = Array.from({ length: 7 }, (_, index) => (index + weekStartsOn[language]) % 7);
  const prefix = service ? `service-${service.id}` : "service-new";
  const keptDays = reply?.initialValue?.weekdays;
  const checkedDays = new Set(
    keptDays !== undefined
      ? (Array.isArray(keptDays) ? keptDays : [keptDays]).map(String)
      : (service?.weekdays ?? [0, 1, 2, 3, 4, 5, 6]).map(String),
  );
  const text = (name: string, label: string, fallback: string, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <ReplyInput id={`${prefix}-${name}`} name={name} label={label} reply={reply} fallback={fallback} {...extra} />
  );
  const dayErrors = reply?.error?.weekdays ?? undefined;
  return (
    <Form
      method="post"
      className="grid gap-4 sm:grid-cols-2"
      data-testid={service ? "service-form" : "new-service-form"}
    >
      <input type="hidden" name="intent" value="service" />
      <input type="hidden" name="serviceId" value={service?.id ?? ""} />
      <div className="sm:col-span-2">
        <FormErrors errors={reply?.error?.[""] ?? null} />
      </div>
      {text("nameEn", t("service.nameEn"), service?.nameEn ?? "", { maxLength: 80, lang: "en" })}
      {text("nameEs", t("service.nameEs"), service?.nameEs ?? "", { maxLength: 80, lang: "es" })}
      <div className="sm:col-span-2">
        {text("slotTimes", t("service.slotTimes"), service?.slotTimes.join(", ") ?? "", {
          placeholder: "18:00, 19:30",
          maxLength: 400,
        })}
        <p className="mt-1 text-xs text-slate-600">{t("service.slotTimesHint")}</p>
      </div>
      <fieldset
        className="sm:col-span-2"
        {...(dayErrors?.length ? { "aria-invalid": true, "aria-describedby": `${prefix}-weekdays-error` } : {})}
      >
        <legend className="text-sm font-medium text-slate-800">{t("service.weekdays")}</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {order.map((day) => (
            <label key={day} className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="weekdays"
                value={String(day)}
                defaultChecked={checkedDays.has(String(day))}
              />
              {names[(day - weekStartsOn[language] + 7) % 7]}
            </label>
          ))}
        </div>
        <FieldErrors id={`${prefix}-weekdays-error`} errors={dayErrors} />
      </fieldset>
      {text("capacity", t("service.capacity"), String(service?.capacity ?? 4), {
        type: "number",
        min: 1,
        max: 500,
        inputMode: "numeric",
      })}
      {text("durationMinutes", t("service.duration"), String(service?.durationMinutes ?? 90), {
        type: "number",
        min: 15,
        max: 1440,
        inputMode: "numeric",
      })}
      {text("leadTimeHours", t("service.leadTime"), String(service?.leadTimeHours ?? 2), {
        type: "number",
        min: 0,
        max: 720,
        inputMode: "numeric",
      })}
      <div className="flex items-end sm:col-span-2">
        <button type="submit" className="btn-primary" data-testid="service-save">
          {service ? t("service.save") : t("service.add")}
        </button>
      </div>
    </Form>
  );
}

export default function ManageBookings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("bookings");
  const language = useLanguage();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const { listing } = loaderData;
  const replyFor = (intent: string, target: string) =>
    actionData?.intent === intent && actionData.target === target ? actionData.result : undefined;
  const errorFor = (target: string) => (actionData?.target === target ? actionData.error : null);
  const columns: Column<OwnerBookingRow>[] = [
    {
      id: "when",
      header: t("columns.when"),
      cell: (row) => formatDate(new Date(row.startsAt), language, { dateStyle: "medium", timeStyle: "short" }),
    },
    { id: "service", header: t("columns.service"), cell: (row) => row.service },
    { id: "party", header: t("columns.party"), cell: (row) => row.partySize },
    {
      id: "guest",
      header: t("columns.guest"),
      cell: (row) => (
        <div>
          <p className="font-medium">{row.name}</p>
          <a href={`mailto:${row.email}`} className="break-all text-sm text-brand-800 underline">
            {row.email}
          </a>
          {row.specialRequests ? (
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{row.specialRequests}</p>
          ) : null}
        </div>
      ),
    },
    {
      id: "status",
      header: t("columns.status"),
      cell: (row) => (
        <div className="space-y-2">
          <StatusBadge tone={statusTone(row.status)}>{t(`status.${row.status}`)}</StatusBadge>
          {row.status === "pending" ? (
            <div className="flex flex-wrap gap-2">
              <HiddenFieldsForm fields={{ intent: "confirm", bookingId: row.id }}>
                <button type="submit" className="btn-primary" data-testid="booking-confirm">
                  {t("manage.confirm")}
                </button>
              </HiddenFieldsForm>
              <HiddenFieldsForm fields={{ intent: "decline", bookingId: row.id }}>
                <button type="submit" className="btn-secondary text-red-800" data-testid="booking-decline">
                  {t("manage.decline")}
                </button>
              </HiddenFieldsForm>
            </div>
          ) : null}
          {errorFor(row.id) ? <FormErrors errors={[errorFor(row.id)]} /> : null}
        </div>
      ),
    },
  ];
  return (
    <div className="space-y-8">
      <PageHeader
        title={t("manage.title", { name: listing.name })}
        back={{ to: "/dashboard/bookings", label: t("dashboard.title") }}
        actions={
          <LocalizedLink to={`/business/${listing.slug}`} className="btn-secondary">
            {t("manage.viewPage")}
          </LocalizedLink>
        }
      />
      {actionData?.error && !actionData.target ? <FormErrors errors={[actionData.error]} /> : null}
      {!listing.isPremium ? (
        <PlanGate title={t("gate.title")} testId="booking-gate">
          {t("gate.text")}
        </PlanGate>
      ) : null}
      <PageSection id="requests" title={t("manage.requestsTitle")} framed testId="booking-requests">
        <DataTable
          rows={loaderData.bookings}
          columns={columns}
          rowKey={(row) => row.id}
          caption={t("manage.requestsTitle")}
          empty={<p className="text-sm text-slate-600">{t("empty")}</p>}
          rowTestId="booking-row"
        />
      </PageSection>
      {listing.isPremium ? (
        <>
          <PageSection id="services" title={t("manage.servicesTitle")} framed testId="booking-services">
            <p className="text-sm text-slate-600">{t("manage.servicesIntro")}</p>
            {loaderData.services.map((service) => (
              <details
                key={service.id}
                className="rounded-lg border border-slate-200 p-4"
                open={Boolean(replyFor("service", service.id))}
              >
                <summary className="cursor-pointer font-medium">
                  {language === "es" ? service.nameEs || service.nameEn : service.nameEn || service.nameEs}{" "}
                  <span className="text-sm font-normal text-slate-600">
                    · {service.slotTimes.join(", ")} · {t("service.seats", { count: service.capacity })}
                  </span>{" "}
                  {service.active ? null : <StatusBadge>{t("service.paused")}</StatusBadge>}
                </summary>
                <div className="mt-4 space-y-4">
                  <ServiceForm service={service} reply={replyFor("service", service.id)} />
                  <HiddenFieldsForm
                    fields={{ intent: "serviceActive", serviceId: service.id, active: service.active ? "0" : "1" }}
                  >
                    <button type="submit" className="btn-secondary">
                      {service.active ? t("service.pause") : t("service.resume")}
                    </button>
                  </HiddenFieldsForm>
                </div>
              </details>
            ))}
            <h3 className="pt-2 font-semibold">{t("service.newTitle")}</h3>
            <ServiceForm service={null} reply={replyFor("service", "new")} />
          </PageSection>
          <PageSection id="blackouts" title={t("manage.blackoutsTitle")} framed testId="booking-blackouts">
            <p className="text-sm text-slate-600">{t("manage.blackoutsIntro")}</p>
            {loaderData.blackouts.length ? (
              <ul className="divide-y divide-slate-200">
                {loaderData.blackouts.map((blackout) => (
                  <li key={blackout.day} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span>
                      {formatDate(new Date(`${blackout.day}T12:00:00Z`), language, {
                        dateStyle: "full",
                        timeZone: "UTC",
                      })}
                      {blackout.reason ? <span className="text-slate-600"> · {blackout.reason}</span> : null}
                    </span>
                    <HiddenFieldsForm fields={{ intent: "removeBlackout", day: blackout.day }}>
                      <button type="submit" className="btn-secondary">
                        {t("manage.removeBlackout")}
                      </button>
                    </HiddenFieldsForm>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">{t("manage.noBlackouts")}</p>
            )}
            <BlackoutForm reply={replyFor("blackout", "blackout")} />
          </PageSection>
        </>
      ) : null}
    </div>
  );
}

function BlackoutForm({ reply }: { reply?: FormReply }) {
  const { t } = useTranslation("bookings");
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-[auto_1fr_auto] sm:items-end" data-testid="blackout-form">
      <input type="hidden" name="intent" value="blackout" />
      {[
        { name: "day", label: t("manage.blackoutDay"), type: "date", required: true },
        { name: "reason", label: t("manage.blackoutReason"), maxLength: 120 },
      ].map(({ name, ...extra }) => (
        <ReplyInput key={name} id={`blackout-${name}`} name={name} reply={reply} fallback="" {...extra} />
      ))}
      <button type="submit" className="btn-primary">
        {t("manage.addBlackout")}
      </button>
    </Form>
  );
}

/**
 * A plain input with its label and the errors the action's reply gave it; after a refused post it
 * shows what was typed, otherwise `fallback`.
 */
function ReplyInput({
  id,
  name,
  label,
  reply,
  fallback,
  ...extra
}: {
  id: string;
  name: string;
  label: string;
  reply?: FormReply;
  fallback: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const errors = reply?.error?.[name] ?? undefined;
  const kept = reply?.initialValue?.[name];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={typeof kept === "string" ? kept : fallback}
        className={inputClass}
        {...(errors?.length ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {})}
        {...extra}
      />
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}
