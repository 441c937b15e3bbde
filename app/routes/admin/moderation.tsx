import { getFormProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useNavigation } from "react-router";
import { FieldErrors, FormErrors, inputClass } from "#app/components/accounts/fields";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { StatusBadge, type StatusTone } from "#app/components/ui/status-badge";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { handleFormAction } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import type { ToastName } from "#app/manifests";
import { decisionSchema } from "#app/platform/moderation/forms";
import { type ModerationDecision, moderationDecisions, suspensionDays } from "#app/platform/moderation/kinds";
import { decideItem, listModerationQueue, type QueueEntry } from "#app/platform/moderation/moderation.server";
import { redirectBackWithToast } from "#app/web/flash.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/moderation";

// The moderation queue (docs/moderation.md): reported items and items waiting as 'pending',
// across kinds, oldest first. Each decision is one plain form post, so it works without JavaScript.

export const handle = { i18n: ["moderation"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "moderate:content:any");
  const { t } = await getRequestTranslator(request);
  return {
    head: { title: t("moderation:admin.metaTitle"), description: t("moderation:admin.intro"), noindex: true },
    queue: await listModerationQueue({ actor: admin }),
  };
}

const toastFor: Record<ModerationDecision, ToastName> = {
  approve: "itemApproved",
  hide: "itemHidden",
  delete: "itemDeleted",
  warn: "authorWarned",
  suspend: "authorSuspended",
};

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "moderate:content:any");
  const formData = await request.formData();
  const key = `${formData.get("kind") ?? ""}:${formData.get("itemId") ?? ""}`;
  const submission = parseWithZod(formData, { schema: decisionSchema });
  if (submission.status !== "success") return data({ key, result: submission.reply() }, { status: 400 });
  const { kind, itemId, decision, reason, days } = submission.value;
  return handleFormAction(
    submission,
    async () => {
      await decideItem({ kind, itemId, actor: admin, decision, reason, days });
      return redirectBackWithToast(request, toastFor[decision]);
    },
    { failure: { key } },
  );
}

const statusTone: Record<string, StatusTone> = {
  published: "success",
  pending: "warning",
  hidden: "neutral",
  deleted: "danger",
};

function DecisionForm({ entry }: { entry: QueueEntry }) {
  const { t } = useTranslation("moderation");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const key = `${entry.kind}:${entry.item.id}`;
  const mine = actionData?.key === key ? actionData : undefined;
  const [form, fields] = useZodForm(decisionSchema, {
    id: `decide-${entry.kind}-${entry.item.id}`,
    lastResult: mine?.result,
    defaultValue: { decision: "hide", days: "7" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-4 space-y-3 border-t border-slate-200 pt-4"
      preventScrollReset
    >
      <input type="hidden" name="kind" value={entry.kind} />
      <input type="hidden" name="itemId" value={entry.item.id} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset>
        <legend className="text-sm font-medium">{t("admin.decision")}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {moderationDecisions
            .filter((decision) => entry.author || (decision !== "warn" && decision !== "suspend"))
            .map((decision) => (
              <label
                key={decision}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name={fields.decision.name}
                  value={decision}
                  defaultChecked={(fields.decision.initialValue ?? "hide") === decision}
                />
                {t(`admin.decisions.${decision}`)}
              </label>
            ))}
        </div>
        <FieldErrors id={fields.decision.errorId} errors={fields.decision.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.reason.id} className="block text-sm font-medium">
          {t("admin.reason")}
        </label>
        <p id={`${fields.reason.id}-hint`} className="text-xs text-slate-600">
          {t("admin.reasonHint")}
        </p>
        <textarea
          {...getTextareaProps(fields.reason, { ariaDescribedBy: `${fields.reason.id}-hint` })}
          key={fields.reason.key}
          rows={2}
          maxLength={1000}
          className={inputClass}
        />
        <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
      </div>
      {entry.author ? (
        <div className="max-w-xs">
          <label htmlFor={fields.days.id} className="block text-sm font-medium">
            {t("admin.days")}
          </label>
          <select {...getSelectProps(fields.days)} key={fields.days.key} className={`${inputClass} bg-white`}>
            {suspensionDays.map((days) => (
              <option key={days} value={String(days)}>
                {t("admin.daysOption", { count: days })}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.days.errorId} errors={fields.days.errors} />
        </div>
      ) : null}
      <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
        {t("admin.submit")}
      </button>
    </Form>
  );
}

function QueueItem({ entry }: { entry: QueueEntry }) {
  const { t } = useTranslation("moderation");
  const language = useLanguage();
  const date = (iso: string) => formatDate(new Date(iso), language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="moderation-item">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge tone="info">{t(`kinds.${entry.kind}`)}</StatusBadge>
        <StatusBadge tone={statusTone[entry.item.status] ?? "neutral"}>
          {t(`admin.status.${entry.item.status}`)}
        </StatusBadge>
        <span className="text-slate-600">{t("admin.waiting", { date: date(entry.waitingSince) })}</span>
      </div>
      <h2 className="mt-2 text-lg font-semibold break-words">
        <LocalizedLink to={entry.item.href} className="text-brand-800 hover:underline">
          {entry.item.title}
        </LocalizedLink>
      </h2>
      <p className="text-sm text-slate-600">
        {entry.author ? (
          <LocalizedLink to={`/admin/users/${entry.author.id}`} className="underline">
            {t("admin.by", { name: entry.author.name })}
          </LocalizedLink>
        ) : (
          t("admin.by", { name: t("admin.formerMember") })
        )}{" "}
        · {t("admin.posted", { date: date(entry.item.createdAt) })}
      </p>
      <blockquote className="mt-3 border-l-4 border-slate-200 pl-3 whitespace-pre-line break-words text-slate-800">
        {entry.item.excerpt}
      </blockquote>
      <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
        {entry.reportCount ? (
          <>
            <p className="font-semibold">{t("admin.reports", { count: entry.reportCount })}</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {entry.reports.map((report, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: reports are shown once, never reordered
                <li key={index} className="break-words">
                  <span className="font-medium">{t(`reasons.${report.reason}`)}</span>
                  {report.note ? `: ${report.note}` : null}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t("admin.noReports")}</p>
        )}
      </div>
      <DecisionForm entry={entry} />
    </li>
  );
}

export default function AdminModeration({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("moderation");
  const actionData = useActionData<typeof action>();
  const orphan = actionData && !loaderData.queue.some((entry) => `${entry.kind}:${entry.item.id}` === actionData.key);
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin.title")} description={t("admin.intro")} />
      {orphan ? <FormErrors errors={actionData.result.error?.[""] ?? [t("errors.notFound")]} /> : null}
      {loaderData.queue.length ? (
        <ul className="space-y-4">
          {loaderData.queue.map((entry) => (
            <QueueItem key={`${entry.kind}:${entry.item.id}`} entry={entry} />
          ))}
        </ul>
      ) : (
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-6" data-testid="moderation-empty">
          <p className="font-semibold">{t("admin.emptyTitle")}</p>
          <p className="mt-1 text-slate-700">{t("admin.empty")}</p>
        </div>
      )}
    </div>
  );
}
