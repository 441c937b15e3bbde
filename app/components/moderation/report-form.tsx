import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { type FormProps, Form as RouterForm, useFetcher, useLocation } from "react-router";
import { FieldErrors, FormErrors, inputClass } from "#app/components/accounts/fields";
import { Flag } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { localizePath } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { reportSchema } from "#app/platform/moderation/forms";
import { type ModeratedKind, reportReasons } from "#app/platform/moderation/kinds";

// The "Report" control any feature drops under an item (docs/moderation.md). It posts to
// /moderation/report, which comes back here with a "Report sent" toast; with JavaScript a failed
// report shows its message in place and keeps what was typed, without it the report page does.
// Signed-out visitors get a sign-in link instead, and an item's author sees nothing.

type ReportResult = SubmissionResult<string[]> | undefined;

/** The form itself: the reason, an optional note, and where to come back to. */
export function ReportFormFields({
  kind,
  itemId,
  returnTo,
  lastResult,
  Form = RouterForm,
}: {
  kind: ModeratedKind;
  itemId: string;
  returnTo: string;
  lastResult?: ReportResult;
  Form?: (props: FormProps) => React.ReactNode;
}) {
  const { t } = useTranslation("moderation");
  const language = useLanguage();
  const [form, fields] = useZodForm(reportSchema, {
    id: `report-${kind}-${itemId}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  return (
    <Form
      method="post"
      action={localizePath("/moderation/report", language)}
      {...getFormProps(form)}
      className="mt-2 max-w-md space-y-2"
      preventScrollReset
    >
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div>
        <label htmlFor={fields.reason.id} className="block text-sm font-medium text-slate-800">
          {t("report.reason")}
        </label>
        <select
          {...getSelectProps(fields.reason)}
          key={fields.reason.key}
          required
          className={`${inputClass} bg-white`}
        >
          <option value="">{t("report.choose")}</option>
          {reportReasons.map((reason) => (
            <option key={reason} value={reason}>
              {t(`reasons.${reason}`)}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
      </div>
      <div>
        <label htmlFor={fields.note.id} className="block text-sm font-medium text-slate-800">
          {t("report.note")}
        </label>
        <textarea
          {...getTextareaProps(fields.note)}
          key={fields.note.key}
          rows={2}
          maxLength={1000}
          className={inputClass}
        />
        <FieldErrors id={fields.note.errorId} errors={fields.note.errors} />
      </div>
      <button type="submit" className="btn-secondary">
        {t("report.submit")}
      </button>
    </Form>
  );
}

/**
 * The report control for one item. `signedIn`: whether someone is signed in; `own`: whether they
 * wrote the item (viewer id === author id). Anonymous HTML only ever holds the sign-in link, the
 * same for everyone, so a page that shows it stays cacheable.
 */
export function ReportControl({
  kind,
  itemId,
  signedIn,
  own,
}: {
  kind: ModeratedKind;
  itemId: string;
  signedIn: boolean;
  own: boolean;
}) {
  const { t } = useTranslation("moderation");
  const location = useLocation();
  const fetcher = useFetcher<{ result?: ReportResult }>();
  const here = `${location.pathname}${location.search}`;
  if (signedIn && own) return null;
  if (!signedIn) {
    return (
      <LocalizedLink
        to={`/auth?${new URLSearchParams({ redirectTo: here })}`}
        className="inline-flex min-h-9 items-center gap-1 text-xs text-slate-600 underline"
      >
        <Flag className="size-3.5" aria-hidden="true" />
        {t("report.signIn")}
      </LocalizedLink>
    );
  }
  const failed = Boolean(fetcher.data?.result);
  return (
    <details className="mt-2" open={failed || undefined} data-testid="report-control">
      <summary className="inline-flex min-h-9 cursor-pointer items-center gap-1 text-xs text-slate-600">
        <Flag className="size-3.5" aria-hidden="true" />
        {t("report.open")}
      </summary>
      <ReportFormFields
        kind={kind}
        itemId={itemId}
        returnTo={here}
        lastResult={fetcher.data?.result}
        Form={fetcher.Form}
      />
    </details>
  );
}
