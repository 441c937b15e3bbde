import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { DataTable } from "#app/components/ui/data-table";
import { BilingualFields, FieldFrame, FormField, inputClass } from "#app/components/ui/form-field";
import { FieldErrors, FormErrors } from "#app/components/ui/form-message";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { useZodForm } from "#app/components/ui/use-zod-form";
import type { AlertCard } from "#app/features/alerts/alerts.server";
import { alertKinds, alertLimits, alertSeverities } from "#app/features/alerts/constants";
import { alertSchema, endAlertSchema } from "#app/features/alerts/forms";
import { formatDate } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { SeverityBadge } from "./alert-parts";

// The publishing desk, shared by /admin/alerts (admins) and /dashboard/alert-desk (people granted
// post:alert:any for areas): the alerts they manage, the form for a new alert or an update of one
// (?edit=<id>), and ending one. Plain forms that post: no JavaScript needed.

export interface DeskData {
  base: "/admin/alerts" | "/dashboard/alert-desk";
  alerts: AlertCard[];
  areas: { slug: string; name: string }[];
  /** null: every area and the whole site. */
  allowedAreas: string[] | null;
  editing:
    | (AlertCard & {
        titleEn: string;
        titleEs: string;
        bodyEn: string;
        bodyEs: string;
        startsAtWall: string;
        expiresAtWall: string;
      })
    | null;
}

export interface DeskActionData {
  intent: string;
  result?: SubmissionResult<string[]> | null;
  error?: string;
}

export function AlertDesk({ data, actionData }: { data: DeskData; actionData: DeskActionData | undefined }) {
  const { t } = useTranslation("alerts");
  const language = useLanguage();
  const editing = data.editing;
  const areaNames = new Map(data.areas.map((area) => [area.slug, area.name]));
  return (
    <div className="space-y-8">
      <PageHeader
        title={editing ? t("manage.editTitle") : t("manage.title")}
        description={t("manage.intro")}
        back={editing ? { to: data.base, label: t("manage.backToList") } : undefined}
      >
        <p className="text-sm text-slate-700" data-testid="alert-desk-areas">
          {data.allowedAreas === null
            ? t("manage.allAreas")
            : t("manage.yourAreas", { areas: data.allowedAreas.map((slug) => areaNames.get(slug) ?? slug).join(", ") })}
        </p>
      </PageHeader>
      <AlertForm key={editing?.id ?? "new"} data={data} actionData={actionData} />
      {editing && editing.state !== "ended" ? <EndAlertForm alert={editing} actionData={actionData} /> : null}
      {editing ? null : (
        <DataTable
          rows={data.alerts}
          rowKey={(alert) => String(alert.id)}
          caption={t("manage.list")}
          empty={t("manage.none")}
          testId="alert-desk-list"
          columns={[
            {
              id: "alert",
              header: t("manage.alert"),
              className: "font-medium",
              cell: (alert) => (
                <LocalizedLink to={`/alerts/${alert.id}`} className="underline">
                  {alert.title}
                </LocalizedLink>
              ),
            },
            {
              id: "severity",
              header: t("form.severity"),
              cell: (alert) => <SeverityBadge severity={alert.severity} />,
            },
            { id: "state", header: t("manage.state"), cell: (alert) => t(`states.${alert.state}`) },
            {
              id: "updated",
              header: t("manage.updated"),
              className: "sm:whitespace-nowrap",
              cell: (alert) =>
                formatDate(new Date(alert.updatedAt), language, { dateStyle: "medium", timeStyle: "short" }),
            },
            {
              id: "edit",
              header: t("manage.edit"),
              cell: (alert) =>
                alert.state === "ended" ? null : (
                  <LocalizedLink to={`${data.base}?edit=${alert.id}`} className="text-brand-800 underline">
                    {t("manage.edit")}
                  </LocalizedLink>
                ),
            },
          ]}
        />
      )}
    </div>
  );
}

function AlertForm({ data, actionData }: { data: DeskData; actionData: DeskActionData | undefined }) {
  const { t } = useTranslation("alerts");
  const editing = data.editing;
  const intent = editing ? "update" : "publish";
  const [form, fields] = useZodForm(alertSchema, {
    id: `alert-${intent}`,
    lastResult: actionData?.intent === intent ? actionData.result : null,
    constraint: true,
    shouldRevalidate: "onBlur",
    // The areas field is a list the schema reads from checkboxes; Conform types it as one string.
    defaultValue: (editing
      ? {
          kind: editing.kind,
          severity: editing.severity,
          areas: editing.areaSlugs,
          titleEn: editing.titleEn,
          titleEs: editing.titleEs,
          bodyEn: editing.bodyEn,
          bodyEs: editing.bodyEs,
          sourceName: editing.sourceName,
          sourceUrl: editing.sourceUrl ?? "",
          startsAt: editing.startsAtWall,
          expiresAt: editing.expiresAtWall,
        }
      : { kind: "other", severity: "advisory" }) as never,
  });
  const selectable =
    data.allowedAreas === null ? data.areas : data.areas.filter((area) => data.allowedAreas?.includes(area.slug));
  const chosen = new Set((fields.areas.initialValue as string[] | string | undefined) ?? []);
  return (
    <section aria-labelledby="alert-form-title" className="space-y-4 rounded-xl border border-slate-200 p-5">
      <h2 id="alert-form-title" className="text-xl font-semibold">
        {editing ? t("manage.editTitle") : t("manage.newAlert")}
      </h2>
      <FormErrors errors={actionData?.intent === intent && actionData.error ? [actionData.error] : form.errors} />
      <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="alert-form">
        <input type="hidden" name="intent" value={intent} />
        {editing ? <input type="hidden" name="alertId" value={editing.id} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            field={fields.kind}
            label={t("form.kind")}
            as="select"
            options={alertKinds.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          />
          <FormField
            field={fields.severity}
            label={t("form.severity")}
            hint={t("form.severityHint")}
            as="select"
            options={alertSeverities.map((value) => ({ value, label: t(`severities.${value}`) }))}
          />
        </div>
        <fieldset className="space-y-2" aria-describedby="alert-areas-hint">
          <legend className="text-sm font-medium">{t("form.areas")}</legend>
          <p id="alert-areas-hint" className="text-sm text-slate-600">
            {t("form.areasHint")}
          </p>
          <div className="grid gap-2 sm:grid-cols-3">
            {selectable.map((area) => (
              <label key={area.slug} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={fields.areas.name}
                  value={area.slug}
                  defaultChecked={chosen.has(area.slug)}
                />
                {area.name}
              </label>
            ))}
          </div>
          <FieldErrors id={fields.areas.errorId} errors={fields.areas.errors} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField field={fields.titleEn} label={t("form.titleEn")} maxLength={alertLimits.titleMax} lang="en" />
          <FormField field={fields.titleEs} label={t("form.titleEs")} maxLength={alertLimits.titleMax} lang="es" />
          <BilingualFields
            en={fields.bodyEn}
            es={fields.bodyEs}
            labels={{ en: t("form.bodyEn"), es: t("form.bodyEs") }}
            as="textarea"
            optional
            maxLength={alertLimits.bodyMax}
          />
          <FormField
            field={fields.sourceName}
            label={t("form.sourceName")}
            hint={t("form.sourceNameHint")}
            maxLength={alertLimits.sourceNameMax}
          />
          <FormField
            field={fields.sourceUrl}
            label={t("form.sourceUrl")}
            type="url"
            optional
            maxLength={alertLimits.sourceUrlMax}
          />
          <WallTimeField field={fields.startsAt} label={t("form.startsAt")} hint={t("form.startsAtHint")} optional />
          <WallTimeField field={fields.expiresAt} label={t("form.expiresAt")} />
        </div>
        {editing ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField field={fields.noteEn} label={t("form.noteEn")} as="textarea" rows={2} optional lang="en" />
            <FormField field={fields.noteEs} label={t("form.noteEs")} as="textarea" rows={2} optional lang="es" />
          </div>
        ) : null}
        <button type="submit" className="btn-primary">
          {editing ? t("manage.update") : t("manage.publish")}
        </button>
      </Form>
    </section>
  );
}

function WallTimeField({
  field,
  label,
  hint,
  optional,
}: {
  field: Parameters<typeof getInputProps>[0];
  label: string;
  hint?: string;
  optional?: boolean;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getInputProps(field, { type: "datetime-local", ariaDescribedBy: hintId });
  return (
    <FieldFrame id={field.id} label={label} optional={optional} hint={hint} hintId={hintId}>
      <input {...props} key={props.key} className={inputClass} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </FieldFrame>
  );
}

function EndAlertForm({
  alert,
  actionData,
}: {
  alert: { id: number; title: string };
  actionData: DeskActionData | undefined;
}) {
  const { t } = useTranslation("alerts");
  const [form, fields] = useZodForm(endAlertSchema, {
    id: "alert-end",
    lastResult: actionData?.intent === "end" ? actionData.result : null,
    constraint: true,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  return (
    <section aria-labelledby="alert-end-title" className="space-y-3 rounded-xl border border-red-200 p-5">
      <h2 id="alert-end-title" className="text-xl font-semibold">
        {t("manage.endTitle", { title: alert.title })}
      </h2>
      <p className="text-sm text-slate-700">{t("manage.endMessage")}</p>
      <FormErrors errors={actionData?.intent === "end" && actionData.error ? [actionData.error] : form.errors} />
      <Form method="post" {...getFormProps(form)} className="space-y-3" data-testid="alert-end-form">
        <input type="hidden" name="intent" value="end" />
        <input type="hidden" name="alertId" value={alert.id} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField field={fields.noteEn} label={t("form.noteEn")} as="textarea" rows={2} optional lang="en" />
          <FormField field={fields.noteEs} label={t("form.noteEs")} as="textarea" rows={2} optional lang="es" />
        </div>
        <button type="submit" className="btn-secondary">
          {t("manage.end")}
        </button>
      </Form>
    </section>
  );
}
