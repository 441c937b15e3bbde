import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, useActionData } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { DataTable } from "#app/components/ui/data-table";
import { FormField } from "#app/components/ui/form-field";
import { FormErrors } from "#app/components/ui/form-message";
import { PageHeader } from "#app/components/ui/page-header";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { alertPosterGrantSchema, alertPosterRevokeSchema } from "#app/features/alerts/forms";
import { grantAlertPoster, listAlertPosters, revokeAlertPoster } from "#app/features/alerts/posters.server";
import { handleAction } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { listAreas } from "#app/platform/site/site-config.server";
import { redirectBackWithToast } from "#app/web/flash.server";
import { readFormData, submitForm } from "#app/web/form-action.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/alert-posters";

// /admin/alert-posters: who may post local alerts, per area (post:alert:any grants).
export const handle = { i18n: ["alerts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "manage:user:any");
  const { language, t } = await getRequestTranslator(request);
  const [posters, areas] = await Promise.all([listAlertPosters({ actor: admin }), listAreas(language)]);
  return {
    head: { title: t("alerts:admin.title"), description: t("alerts:admin.intro"), noindex: true },
    posters: posters.map((poster) => ({ ...poster, grantedAt: poster.grantedAt.toISOString() })),
    areas: areas.map((area) => ({ slug: area.slug, name: area.name })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "manage:user:any");
  const formData = await readFormData(request);
  if (!formData) return data({ intent: "", result: null, error: "common:errors.form.invalid" }, { status: 400 });
  if (formData.get("intent") === "grant") {
    return submitForm(
      formData,
      alertPosterGrantSchema,
      async (value) => {
        await grantAlertPoster({ actor: admin, email: value.email, area: value.area });
        return redirectBackWithToast(request, "alertPosterAdded");
      },
      { failure: { intent: "grant" } },
    );
  }
  const revoke = alertPosterRevokeSchema.safeParse(Object.fromEntries(formData));
  if (!revoke.success)
    return data({ intent: "revoke", result: null, error: "alerts:admin.errors.notPoster" }, { status: 400 });
  return handleAction(
    async () => {
      await revokeAlertPoster({ actor: admin, userId: revoke.data.userId, area: revoke.data.area });
      return redirectBackWithToast(request, "alertPosterRemoved");
    },
    { failure: { intent: "revoke", result: null } },
  );
}

export default function AlertPostersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("alerts");
  const language = useLanguage();
  const actionData = useActionData() as
    | { intent: string; result?: SubmissionResult<string[]> | null; error?: string }
    | undefined;
  const [form, fields] = useZodForm(alertPosterGrantSchema, {
    id: "alert-poster-grant",
    lastResult: actionData?.intent === "grant" ? actionData.result : null,
    defaultValue: { area: "*" },
    constraint: true,
    shouldRevalidate: "onBlur",
  });
  const areaName = (slug: string | null) =>
    slug === null ? t("admin.everyArea") : (loaderData.areas.find((area) => area.slug === slug)?.name ?? slug);
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin.title")} description={t("admin.intro")} />
      <FormErrors errors={actionData?.error ? [actionData.error] : form.errors} />
      <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-3 sm:items-end">
        <input type="hidden" name="intent" value="grant" />
        <FormField field={fields.email} label={t("admin.emailLabel")} type="email" autoComplete="off" />
        <FormField
          field={fields.area}
          label={t("admin.areaLabel")}
          as="select"
          options={[
            { value: "*", label: t("admin.everyArea") },
            ...loaderData.areas.map((area) => ({ value: area.slug, label: area.name })),
          ]}
        />
        <button type="submit" className="btn-primary">
          {t("admin.grant")}
        </button>
      </Form>
      <DataTable
        rows={loaderData.posters}
        rowKey={(poster) => `${poster.userId}:${poster.area ?? "*"}`}
        caption={t("admin.title")}
        empty={t("admin.none")}
        testId="alert-posters"
        columns={[
          { id: "name", header: t("admin.name"), className: "font-medium", cell: (poster) => poster.name },
          { id: "email", header: t("admin.email"), className: "break-all", cell: (poster) => poster.email },
          { id: "area", header: t("admin.area"), cell: (poster) => areaName(poster.area) },
          {
            id: "since",
            header: t("admin.since"),
            className: "sm:whitespace-nowrap",
            cell: (poster) => formatDate(new Date(poster.grantedAt), language, { dateStyle: "medium" }),
          },
          {
            id: "revoke",
            header: t("admin.revoke"),
            cell: (poster) => (
              <ConfirmDialog
                trigger={t("admin.revoke")}
                title={t("admin.revokeTitle", { name: poster.name })}
                message={t("admin.revokeMessage")}
                confirm={t("admin.revoke")}
                fields={{ intent: "revoke", userId: poster.userId, area: poster.area ?? "*" }}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
