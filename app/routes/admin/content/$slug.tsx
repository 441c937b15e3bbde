import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ComponentProps } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import { FormErrors } from "#app/components/accounts/fields";
import { EditorField } from "#app/components/guides/editor-field";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { proseClass } from "#app/components/ui/prose";
import {
  getGuidePageForEdit,
  listGuideRevisions,
  previewGuidePage,
  updateGuidePage,
} from "#app/features/guides/admin.server";
import { formatSourceLines, guidePageEditSchema } from "#app/features/guides/forms";
import { handleFormAction, orAppError } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { type Language, languages, localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { redirectWithToast } from "#app/web/flash.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/$slug";

export const handle = { i18n: ["guides"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

function contentLanguage(request: Request): Language {
  return readSearchParams(request, { lang: searchParam.oneOf(languages, "en") }).lang;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "manage:content:any");
  const { language, t } = await getRequestTranslator(request);
  const editing = contentLanguage(request);
  const [page, revisions] = await orAppError(language, () =>
    Promise.all([
      getGuidePageForEdit({ actor: admin, slug: params.slug }),
      listGuideRevisions({ actor: admin, slug: params.slug }),
    ]),
  );
  const pick = <T,>(en: T, es: T, which: Language = editing) => (which === "es" ? es : en);
  const other: Language = editing === "en" ? "es" : "en";
  return {
    head: { title: t("guides:admin.editor.metaTitle"), description: t("guides:admin.editor.metaTitle"), noindex: true },
    slug: page.slug,
    editing,
    other,
    translationPending: page.translationPending,
    otherUpdatedAt: pick(page.enUpdatedAt, page.esUpdatedAt, other).toISOString(),
    publicTitle: pick(page.titleEn, page.titleEs),
    form: {
      language: editing,
      version: page.version,
      title: pick(page.titleEn, page.titleEs),
      summary: pick(page.summaryEn, page.summaryEs),
      intro: pick(page.introEn, page.introEs),
      lastVerifiedOn: page.lastVerifiedOn ?? "",
      sources: formatSourceLines(page.sources),
      // Saving the language that was behind is usually its translation: unchecked by default then.
      otherNeedsUpdate: page.translationPending !== editing,
      sections: page.sections.map((section) => ({
        id: section.id,
        title: pick(section.titleEn, section.titleEs),
        body: pick(section.bodyEn, section.bodyEs),
        lastVerifiedOn: section.lastVerifiedOn ?? "",
        sources: formatSourceLines(section.sources),
        remove: false,
      })),
      newAnchor: "",
      newTitle: "",
      newBody: "",
    },
    reference: {
      intro: pick(page.introEn, page.introEs, other),
      sections: Object.fromEntries(
        page.sections.map((section) => [
          section.id,
          {
            anchor: section.anchor,
            title: pick(section.titleEn, section.titleEs, other),
            body: pick(section.bodyEn, section.bodyEs, other),
          },
        ]),
      ),
    },
    revisions: revisions.map((revision) => ({ ...revision, createdAt: revision.createdAt.toISOString() })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requirePermission(request, "manage:content:any");
  const { language } = await getRequestTranslator(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: guidePageEditSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), preview: null }, { status: 400 });
  }
  if (submission.value.intent === "preview") {
    const preview = previewGuidePage({ actor: admin, input: submission.value });
    return { result: submission.reply(), preview };
  }
  return handleFormAction(
    submission,
    async () => {
      const saved = await updateGuidePage({ actor: admin, slug: params.slug, input: submission.value });
      const query = new URLSearchParams({ lang: submission.value.language });
      return redirectWithToast(
        request,
        `${localizePath(`/admin/content/${params.slug}`, language)}?${query}`,
        saved.changed ? "pageSaved" : "noChanges",
      );
    },
    { failure: { preview: null }, pageErrors: { language, codes: ["forbidden", "not_found"] } },
  );
}

/** The other language's text beside the one being edited, folded away: what to translate from. */
function OtherLanguageText({ label, title, body }: { label: string; title?: string; body: string }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-brand-800">{label}</summary>
      {title ? <p className="mt-2 font-semibold">{title}</p> : null}
      <pre className="mt-2 overflow-x-auto rounded bg-slate-50 p-3 text-xs whitespace-pre-wrap">{body}</pre>
    </details>
  );
}

/** When a page or a section was last checked, and against which sources. */
function VerificationFields({
  lastVerifiedOn,
  sources,
  labels,
}: {
  lastVerifiedOn: ComponentProps<typeof EditorField>["field"];
  sources: ComponentProps<typeof EditorField>["field"];
  labels: { lastVerifiedOn: string; lastVerifiedHint?: string; sources: string };
}) {
  const { t } = useTranslation("guides");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <EditorField field={lastVerifiedOn} label={labels.lastVerifiedOn} hint={labels.lastVerifiedHint} type="date" />
      <EditorField
        field={sources}
        label={labels.sources}
        hint={t("admin.editor.fields.sourcesHint")}
        multiline
        rows={3}
      />
    </div>
  );
}

export default function EditGuidePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("guides");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const languageName = (code: string) => t(`page.languageNames.${code}`);
  const showOther = t("admin.editor.showOther", { language: languageName(loaderData.other) });
  const [form, fields] = useForm({
    id: `edit-${loaderData.slug}-${loaderData.editing}-${loaderData.form.version}`,
    lastResult: actionData?.result,
    defaultValue: loaderData.form,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: guidePageEditSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const sections = fields.sections.getFieldList();
  const busy = navigation.state === "submitting";
  const otherNeedsUpdate = getInputProps(fields.otherNeedsUpdate, {
    type: "checkbox",
    ariaDescribedBy: "other-needs-update-hint",
  });
  return (
    <div className="space-y-8">
      <PageHeader
        title={t("admin.editor.title", { title: loaderData.publicTitle })}
        back={{ to: "/admin/content", label: t("admin.editor.back") }}
        description={t("admin.editor.editing", { language: languageName(loaderData.editing) })}
      >
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <LocalizedLink
            to={`/admin/content/${loaderData.slug}?lang=${loaderData.other}`}
            className="font-medium text-brand-800 underline"
          >
            {t("admin.editor.switchLanguage", { language: languageName(loaderData.other) })}
          </LocalizedLink>
          <a href={localizePath(`/${loaderData.slug}`, loaderData.editing)} className="text-slate-700 underline">
            {t("admin.editor.viewPage")}
          </a>
        </p>
        {loaderData.translationPending === loaderData.editing ? (
          <p
            role="note"
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="translation-status"
          >
            {t("admin.editor.thisBehind", {
              language: languageName(loaderData.editing),
              other: languageName(loaderData.other),
              date: formatDate(new Date(loaderData.otherUpdatedAt), language, {
                dateStyle: "medium",
                timeStyle: "short",
              }),
            })}
          </p>
        ) : loaderData.translationPending === loaderData.other ? (
          <p
            role="note"
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="translation-status"
          >
            {t("admin.editor.otherBehind", { other: languageName(loaderData.other) })}
          </p>
        ) : null}
      </PageHeader>

      {actionData?.preview ? (
        <section
          aria-labelledby="preview-title"
          className="rounded-xl border-2 border-dashed border-brand-600 p-4 sm:p-6"
          data-testid="preview"
        >
          <h2 id="preview-title" className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
            {t("admin.editor.previewTitle")}
          </h2>
          <p className="mt-3 text-2xl font-bold">{actionData.preview.title}</p>
          <p className="mt-2 text-slate-700">{actionData.preview.summary}</p>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitized on the server exactly like the public page */}
          <div className={`mt-4 ${proseClass}`} dangerouslySetInnerHTML={{ __html: actionData.preview.introHtml }} />
          {actionData.preview.sections.map((section) => (
            <div key={section.key} className="mt-6">
              <p className="text-xl font-bold">{section.title}</p>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitized on the server exactly like the public page */}
              <div className={`mt-2 ${proseClass}`} dangerouslySetInnerHTML={{ __html: section.html }} />
            </div>
          ))}
        </section>
      ) : null}

      <Form method="post" {...getFormProps(form)} className="space-y-6" aria-labelledby="editor-title">
        <h2 id="editor-title" className="sr-only">
          {t("admin.editor.editing", { language: languageName(loaderData.editing) })}
        </h2>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="language" value={loaderData.editing} />
        <input type="hidden" name="version" value={loaderData.form.version} />
        <p className="text-xs text-slate-600">{t("admin.editor.markdownHint")}</p>
        <EditorField field={fields.title} label={t("admin.editor.fields.title")} />
        <EditorField
          field={fields.summary}
          label={t("admin.editor.fields.summary")}
          hint={t("admin.editor.fields.summaryHint")}
          multiline
          rows={2}
        />
        <EditorField field={fields.intro} label={t("admin.editor.fields.intro")} multiline rows={5} />
        {loaderData.reference.intro ? <OtherLanguageText label={showOther} body={loaderData.reference.intro} /> : null}
        <VerificationFields
          lastVerifiedOn={fields.lastVerifiedOn}
          sources={fields.sources}
          labels={{
            lastVerifiedOn: t("admin.editor.fields.lastVerifiedOn"),
            lastVerifiedHint: t("admin.editor.fields.lastVerifiedHint"),
            sources: t("admin.editor.fields.sources"),
          }}
        />

        <h2 className="text-xl font-bold">{t("admin.editor.sectionsTitle")}</h2>
        {sections.map((sectionField) => {
          const section = sectionField.getFieldset();
          const id = Number(section.id.initialValue ?? section.id.value);
          const reference = loaderData.reference.sections[id];
          const remove = getInputProps(section.remove, { type: "checkbox" });
          return (
            <fieldset key={sectionField.key} className="space-y-4 rounded-xl border border-slate-200 p-4">
              <legend className="px-1 text-sm font-semibold text-slate-700">
                {t("admin.editor.fields.anchor", { anchor: reference?.anchor ?? id })}
              </legend>
              <input {...getInputProps(section.id, { type: "hidden" })} key={section.id.key} />
              <EditorField field={section.title} label={t("admin.editor.fields.sectionTitle")} />
              <EditorField field={section.body} label={t("admin.editor.fields.sectionBody")} multiline rows={10} />
              {reference ? <OtherLanguageText label={showOther} title={reference.title} body={reference.body} /> : null}
              <VerificationFields
                lastVerifiedOn={section.lastVerifiedOn}
                sources={section.sources}
                labels={{
                  lastVerifiedOn: t("admin.editor.fields.sectionLastVerified"),
                  sources: t("admin.editor.fields.sectionSources"),
                }}
              />
              <label className="flex items-center gap-2 text-sm text-red-800">
                <input {...remove} key={remove.key} className="size-4" />
                {t("admin.editor.fields.remove")}
              </label>
            </fieldset>
          );
        })}

        <fieldset className="space-y-4 rounded-xl border border-dashed border-slate-300 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-700">{t("admin.editor.fields.newSection")}</legend>
          <p className="text-xs text-slate-600">{t("admin.editor.fields.newSectionHint")}</p>
          <EditorField
            field={fields.newAnchor}
            label={t("admin.editor.fields.newAnchor")}
            hint={t("admin.editor.fields.newAnchorHint")}
          />
          <EditorField field={fields.newTitle} label={t("admin.editor.fields.newTitle")} />
          <EditorField field={fields.newBody} label={t("admin.editor.fields.newBody")} multiline rows={6} />
        </fieldset>

        <div className="rounded-xl bg-slate-50 p-4">
          <label className="flex items-start gap-2 text-sm font-medium">
            <input {...otherNeedsUpdate} key={otherNeedsUpdate.key} className="mt-0.5 size-4" />
            {t("admin.editor.fields.otherNeedsUpdate", { other: languageName(loaderData.other) })}
          </label>
          <p id="other-needs-update-hint" className="mt-1 ml-6 text-xs text-slate-600">
            {t("admin.editor.fields.otherNeedsUpdateHint")}
          </p>
        </div>

        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="preview" className="btn-secondary" disabled={busy}>
            {t("admin.editor.preview")}
          </button>
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
            {t("admin.editor.save")}
          </button>
        </div>
      </Form>

      <PageSection id="revisions-title" title={t("admin.revisions.title")}>
        {loaderData.revisions.length === 0 ? (
          <p className="mt-2 text-slate-600">{t("admin.revisions.empty")}</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm" data-testid="revisions">
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("admin.revisions.columns.when")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("admin.revisions.columns.who")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("admin.revisions.columns.language")}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t("admin.revisions.columns.what")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {loaderData.revisions.map((revision) => (
                  <tr key={revision.id}>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      {formatDate(new Date(revision.createdAt), language, { dateStyle: "medium", timeStyle: "short" })}
                    </td>
                    <td className="py-2 pr-3">{revision.editorName ?? t("admin.revisions.deletedAccount")}</td>
                    <td className="py-2 pr-3">{t(`admin.revisions.languages.${revision.language}`)}</td>
                    <td className="py-2 text-xs break-words">
                      {revision.targetType === "contact"
                        ? `${t("admin.revisions.contact", { id: revision.targetId })}: `
                        : null}
                      {revision.changedFields.join(", ")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PageSection>
    </div>
  );
}
