import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormField } from "#app/components/ui/form-field";
import { FormErrors } from "#app/components/ui/form-message";
import { PostButton } from "#app/components/ui/post-button";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { proofNoteMax } from "#app/features/groups/constants";
import { memberCountSchema, verifyGroupSchema } from "#app/features/groups/forms";
import { formatDate } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

// What an admin sees under each group on /groups: the verification on record, the link checker's
// last word, and the forms to verify the group and to record its member count. Loaded on demand.

export interface GroupAdminDetails {
  verification: { by: string | null; at: string; proof: string } | null;
  link: { checkedAt: string | null; result: string | null };
}

export function GroupAdminTools({
  groupId,
  today,
  details,
  lastResult,
}: {
  groupId: string;
  today: string;
  details: GroupAdminDetails;
  lastResult?: { intent: string; result: SubmissionResult<string[]> } | null;
}) {
  const { t } = useTranslation("groups");
  const language = useLanguage();
  const navigation = useNavigation();
  const [verifyForm, verifyFields] = useZodForm(verifyGroupSchema, {
    id: `verify-group-${groupId}`,
    lastResult: lastResult?.intent === "verify" ? lastResult.result : undefined,
  });
  const [countForm, countFields] = useZodForm(memberCountSchema, {
    id: `count-group-${groupId}`,
    lastResult: lastResult?.intent === "count" ? lastResult.result : undefined,
    defaultValue: { countedOn: today },
  });
  const { verification, link } = details;
  return (
    <details
      className="rounded-xl border border-amber-200 bg-amber-50/60 p-3 text-sm"
      open={Boolean(lastResult)}
      data-testid="group-admin-tools"
    >
      <summary className="cursor-pointer font-semibold text-amber-950">{t("admin.title")}</summary>
      <div className="mt-3 space-y-4">
        <ul className="space-y-1 text-slate-700">
          {verification ? (
            <li data-testid="verification-record">
              {t("admin.verifiedRecord", {
                date: formatDate(new Date(verification.at), language, { dateStyle: "medium" }),
                name: verification.by ?? t("admin.someone"),
                proof: verification.proof,
              })}
            </li>
          ) : null}
          <li>
            {link.checkedAt && link.result
              ? t("admin.linkChecked", {
                  date: formatDate(new Date(link.checkedAt), language, { dateStyle: "medium" }),
                  result: t(`admin.results.${link.result}`),
                })
              : t("admin.linkNotChecked")}
          </li>
        </ul>

        {verification ? (
          <PostButton fields={{ intent: "unverify", groupId }}>{t("admin.unverify")}</PostButton>
        ) : (
          <Form method="post" {...getFormProps(verifyForm)} className="space-y-2" preventScrollReset>
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="groupId" value={groupId} />
            <FormErrors id={verifyForm.errorId} errors={verifyForm.errors} />
            <FormField
              field={verifyFields.proofNote}
              label={t("admin.verify.proof")}
              hint={t("admin.verify.proofHint")}
              as="textarea"
              rows={2}
              maxLength={proofNoteMax}
            />
            <button type="submit" className="btn-secondary" disabled={navigation.state === "submitting"}>
              {t("admin.verify.submit")}
            </button>
          </Form>
        )}

        <Form method="post" {...getFormProps(countForm)} className="space-y-2" preventScrollReset>
          <input type="hidden" name="intent" value="count" />
          <input type="hidden" name="groupId" value={groupId} />
          <p className="font-medium text-slate-800">{t("admin.count.title")}</p>
          <FormErrors id={countForm.errorId} errors={countForm.errors} />
          <div className="grid gap-2 sm:grid-cols-2">
            <FormField field={countFields.memberCount} label={t("admin.count.memberCount")} inputMode="numeric" />
            <FormField field={countFields.countedOn} label={t("admin.count.countedOn")} type="date" />
          </div>
          <button type="submit" className="btn-secondary" disabled={navigation.state === "submitting"}>
            {t("admin.count.submit")}
          </button>
        </Form>
      </div>
    </details>
  );
}
