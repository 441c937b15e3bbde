import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData } from "react-router";
import { FormErrors, Notice, TextField } from "#app/components/accounts/fields";
import { grantTrustedReporter, listTrustedReporters, revokeTrustedReporter } from "#app/domain/beach/conditions.server";
import { reporterGrantSchema, reporterRevokeSchema } from "#app/domain/beach/forms";
import { handleAction, handleFormAction } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
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
  const { t } = await getRequestTranslator(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "grant") {
    const submission = parseWithZod(formData, { schema: reporterGrantSchema });
    if (submission.status !== "success")
      return data({ intent, result: submission.reply(), done: null }, { status: 400 });
    return handleFormAction(
      submission,
      async () => {
        await grantTrustedReporter({ actor: admin, email: submission.value.email });
        return {
          intent,
          result: submission.reply({ resetForm: true }),
          done: t("beach:admin.granted", { email: submission.value.email }),
        };
      },
      { failure: { intent, done: null }, field: "email" },
    );
  }
  const revoke = reporterRevokeSchema.safeParse({ intent, userId: formData.get("userId") });
  if (!revoke.success)
    return data(
      { intent: "revoke", result: null, done: null, error: "beach:admin.errors.notTrusted" },
      { status: 400 },
    );
  return handleAction(
    async () => {
      await revokeTrustedReporter({ actor: admin, userId: revoke.data.userId });
      return { intent: "revoke", result: null, done: t("beach:admin.revoked"), error: null };
    },
    { failure: { intent: "revoke", result: null, done: null } },
  );
}

export default function BeachReportersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("beach");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "beach-reporter-grant",
    lastResult: actionData?.intent === "grant" ? actionData.result : null,
    constraint: getZodConstraint(reporterGrantSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reporterGrantSchema }),
  });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("admin.title")}</h1>
      <p className="max-w-2xl text-slate-700">{t("admin.intro")}</p>
      {actionData?.done ? <Notice>{actionData.done}</Notice> : null}
      <FormErrors errors={actionData && "error" in actionData && actionData.error ? [actionData.error] : undefined} />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="grant" />
        <div className="flex-1">
          <TextField field={fields.email} label={t("admin.emailLabel")} type="email" autoComplete="off" />
        </div>
        <button type="submit" className="btn-primary">
          {t("admin.grant")}
        </button>
      </Form>
      {loaderData.reporters.length === 0 ? (
        <p className="text-slate-600">{t("admin.none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm" data-testid="beach-reporters">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("admin.name")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("admin.email")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("admin.since")}
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">{t("admin.revoke")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loaderData.reporters.map((reporter) => (
                <tr key={reporter.userId}>
                  <td className="py-2 pr-3 font-medium">{reporter.name}</td>
                  <td className="py-2 pr-3 break-all">{reporter.email}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {formatDate(new Date(reporter.grantedAt), language, { dateStyle: "medium" })}
                  </td>
                  <td className="py-2 text-right">
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="userId" value={reporter.userId} />
                      <button type="submit" className="btn-secondary">
                        {t("admin.revoke")}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
