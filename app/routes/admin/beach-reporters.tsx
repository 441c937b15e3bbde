import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData } from "react-router";
import { FormErrors } from "#app/components/accounts/fields";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { DataTable } from "#app/components/ui/data-table";
import { FormField } from "#app/components/ui/form-field";
import { PageHeader } from "#app/components/ui/page-header";
import { useZodForm } from "#app/components/ui/use-zod-form";
import {
  grantTrustedReporter,
  listTrustedReporters,
  revokeTrustedReporter,
} from "#app/features/beach/conditions.server";
import { reporterGrantSchema, reporterRevokeSchema } from "#app/features/beach/forms";
import { handleAction, handleFormAction } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { redirectBackWithToast } from "#app/web/flash.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/beach-reporters";

export const handle = { i18n: ["beach"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "manage:user:any");
  const { t } = await getRequestTranslator(request);
  const reporters = await listTrustedReporters({ actor: admin });
  return {
    head: { title: t("beach:admin.title"), description: t("beach:admin.intro"), noindex: true },
    reporters: reporters.map((reporter) => ({ ...reporter, grantedAt: reporter.grantedAt.toISOString() })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "manage:user:any");
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "grant") {
    const submission = parseWithZod(formData, { schema: reporterGrantSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    return handleFormAction(
      submission,
      async () => {
        await grantTrustedReporter({ actor: admin, email: submission.value.email });
        return redirectBackWithToast(request, "reporterAdded");
      },
      { failure: { intent }, field: "email" },
    );
  }
  const revoke = reporterRevokeSchema.safeParse({ intent, userId: formData.get("userId") });
  if (!revoke.success)
    return data({ intent: "revoke", result: null, error: "beach:admin.errors.notTrusted" }, { status: 400 });
  return handleAction(
    async () => {
      await revokeTrustedReporter({ actor: admin, userId: revoke.data.userId });
      return redirectBackWithToast(request, "reporterRemoved");
    },
    { failure: { intent: "revoke", result: null } },
  );
}

export default function BeachReportersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("beach");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm(reporterGrantSchema, {
    id: "beach-reporter-grant",
    lastResult: actionData?.intent === "grant" ? actionData.result : null,
    constraint: true,
    shouldRevalidate: "onBlur",
  });
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin.title")} description={t("admin.intro")} />
      <FormErrors errors={actionData && "error" in actionData && actionData.error ? [actionData.error] : undefined} />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="grant" />
        <div className="flex-1">
          <FormField field={fields.email} label={t("admin.emailLabel")} type="email" autoComplete="off" />
        </div>
        <button type="submit" className="btn-primary">
          {t("admin.grant")}
        </button>
      </Form>
      <DataTable
        rows={loaderData.reporters}
        rowKey={(reporter) => reporter.userId}
        caption={t("admin.title")}
        empty={t("admin.none")}
        testId="beach-reporters"
        columns={[
          { id: "name", header: t("admin.name"), className: "font-medium", cell: (reporter) => reporter.name },
          { id: "email", header: t("admin.email"), className: "break-all", cell: (reporter) => reporter.email },
          {
            id: "since",
            header: t("admin.since"),
            className: "sm:whitespace-nowrap",
            cell: (reporter) => formatDate(new Date(reporter.grantedAt), language, { dateStyle: "medium" }),
          },
          {
            id: "revoke",
            header: t("admin.revoke"),
            cell: (reporter) => (
              <ConfirmDialog
                trigger={t("admin.revoke")}
                title={t("admin.revokeTitle", { name: reporter.name })}
                message={t("admin.revokeMessage")}
                confirm={t("admin.revoke")}
                fields={{ intent: "revoke", userId: reporter.userId }}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
