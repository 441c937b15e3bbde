import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useNavigation } from "react-router";
import { FormErrors } from "#app/components/accounts/fields";
import { EditorField } from "#app/components/guides/editor-field";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { getContactForEdit, updatePublicContact } from "#app/features/guides/admin.server";
import { publicContactEditSchema } from "#app/features/guides/forms";
import { orAppError } from "#app/lib/errors.server";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { redirectWithToast } from "#app/web/flash.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/$contactId";

export const handle = { i18n: ["guides"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "manage:content:any");
  const { language, t } = await getRequestTranslator(request);
  const contact = await orAppError(language, () => getContactForEdit({ actor: admin, id: params.contactId }));
  return {
    head: {
      title: t("guides:admin.contactEditor.metaTitle"),
      description: t("guides:admin.contactEditor.metaTitle"),
      noindex: true,
    },
    id: contact.id,
    pageSlug: contact.pageSlug,
    nameEn: contact.nameEn,
    nameEs: contact.nameEs,
    form: {
      nameEn: contact.nameEn,
      nameEs: contact.nameEs,
      descriptionEn: contact.descriptionEn,
      descriptionEs: contact.descriptionEs,
      phone: contact.phone ?? "",
      website: contact.website ?? "",
      placeEn: contact.placeEn ?? "",
      placeEs: contact.placeEs ?? "",
      businessSlug: contact.businessSlug ?? "",
      lastVerifiedOn: contact.lastVerifiedOn ?? "",
      sourceLabel: contact.sourceLabel ?? "",
      sourceUrl: contact.sourceUrl ?? "",
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requirePermission(request, "manage:content:any");
  const { language } = await getRequestTranslator(request);
  const submission = parseWithZod(await request.formData(), { schema: publicContactEditSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await orAppError(language, () =>
    updatePublicContact({ actor: admin, id: params.contactId, input: submission.value }),
  );
  return redirectWithToast(
    request,
    localizePath(`/admin/content/contacts/${params.contactId}`, language),
    saved.changed ? "contactSaved" : "noChanges",
  );
}

export default function EditContactPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("guides");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(publicContactEditSchema, {
    id: `contact-${loaderData.id}`,
    lastResult: actionData?.result,
    defaultValue: loaderData.form,
  });
  const f = (key: string) => t(`admin.contactEditor.fields.${key}`);
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <LocalizedLink to="/admin/content" className="text-sm text-brand-800 underline">
          {t("admin.editor.back")}
        </LocalizedLink>
        <h1 className="text-2xl font-bold sm:text-3xl">
          {t("admin.contactEditor.title", { name: language === "es" ? loaderData.nameEs : loaderData.nameEn })}
        </h1>
        <p className="text-slate-700">{t("admin.contactEditor.intro")}</p>
        <LocalizedLink
          to={`/${loaderData.pageSlug}#contact-${loaderData.id}`}
          className="text-sm text-slate-700 underline"
        >
          {t("admin.editor.viewPage")}
        </LocalizedLink>
      </header>
      <Form method="post" {...getFormProps(form)} className="space-y-4" aria-label={t("admin.contactEditor.metaTitle")}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <EditorField field={fields.nameEn} label={f("nameEn")} />
          <EditorField field={fields.nameEs} label={f("nameEs")} />
          <EditorField field={fields.descriptionEn} label={f("descriptionEn")} />
          <EditorField field={fields.descriptionEs} label={f("descriptionEs")} />
          <EditorField field={fields.phone} label={f("phone")} hint={f("phoneHint")} type="tel" />
          <EditorField field={fields.website} label={f("website")} type="url" />
          <EditorField field={fields.placeEn} label={f("placeEn")} />
          <EditorField field={fields.placeEs} label={f("placeEs")} />
          <EditorField field={fields.businessSlug} label={f("businessSlug")} hint={f("businessSlugHint")} />
          <EditorField field={fields.lastVerifiedOn} label={f("lastVerifiedOn")} type="date" />
          <EditorField field={fields.sourceLabel} label={f("sourceLabel")} />
          <EditorField field={fields.sourceUrl} label={f("sourceUrl")} type="url" />
        </div>
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          {t("admin.contactEditor.save")}
        </button>
      </Form>
    </div>
  );
}
