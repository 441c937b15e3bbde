import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ComponentProps, useState } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { BusinessPicker } from "#app/components/owner/business-picker";
import {
  descriptionGuide,
  LengthGuide,
  type PreviewValues,
  SearchPreview,
  SocialCardPreview,
  titleGuide,
} from "#app/components/owner/landing-previews";
import { PlanGate } from "#app/components/owner/plan-gate";
import { FormField } from "#app/components/ui/form-field";
import { FormErrors } from "#app/components/ui/form-message";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { isUuid } from "#app/features/directory/constants";
import { landingPageSchema } from "#app/features/directory/forms";
import { getLandingPage, saveLandingPage } from "#app/features/directory/landing-page.server";
import { excerpt } from "#app/features/directory/localized";
import { env } from "#app/lib/env.server";
import { handleFormAction, orAppError } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { requestOrigin } from "#app/lib/seo";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { redirectWithToast } from "#app/web/flash.server";
import { requireUser } from "#app/web/session.server";
import { pickBusiness } from "../pick-business.server";
import type { Route } from "./+types/index";

export const handle = { i18n: ["owner", "directory"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

// The landing page section: a premium listing's address (slug), search snippet, keywords and
// specialties, with previews of the search result and the share card.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  const { choices, selectedId } = await pickBusiness(request, user);
  const head = { title: t("owner:landing.title"), description: t("owner:landing.intro"), noindex: true };
  if (!selectedId) return { head, choices, page: null };
  if (!isUuid(selectedId)) throw data(t("directory:errors.notFound"), { status: 404 });
  const landing = await orAppError(language, () => getLandingPage({ actor: user, businessId: selectedId }));
  const origin = requestOrigin(request, env().SITE_URL);
  const site = await getSiteConfig(language);
  const b = landing.business;
  return {
    head,
    choices,
    page: {
      id: b.id,
      name: b.name,
      status: b.status,
      slug: b.slug,
      hasSeo: landing.hasSeo,
      origin,
      siteName: site.siteName,
      imageUrl: landing.cover
        ? `${origin}/uploads/${landing.cover.key}-${Math.max(...landing.cover.widths)}.webp`
        : null,
      // What the page says when a field is left empty (the business page's own defaults).
      fallback: {
        descriptionEn: excerpt(b.descriptionEn || b.descriptionEs, 158),
        descriptionEs: excerpt(b.descriptionEs || b.descriptionEn, 158),
      },
      defaults: {
        slug: b.slug,
        metaTitleEn: b.metaTitleEn ?? "",
        metaTitleEs: b.metaTitleEs ?? "",
        metaDescriptionEn: b.metaDescriptionEn ?? "",
        metaDescriptionEs: b.metaDescriptionEs ?? "",
        seoKeywords: b.seoKeywords.join(", "),
        specialtiesEn: b.specialtiesEn.join(", "),
        specialtiesEs: b.specialtiesEs.join(", "),
      },
      oldSlugs: landing.oldSlugs,
      language,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { business: businessId } = readSearchParams(request, { business: searchParam.text() });
  const submission = parseWithZod(await request.formData(), { schema: landingPageSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (!isUuid(businessId))
    return data({ result: submission.reply({ formErrors: ["directory:errors.notFound"] }) }, { status: 404 });
  return handleFormAction(
    submission,
    async () => {
      await saveLandingPage({ actor: user, businessId, input: submission.value });
      const url = new URL(request.url);
      return redirectWithToast(request, url.pathname + url.search, "saved");
    },
    { failure: {} },
  );
}

export default function LandingPageSection({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("owner");
  const { page } = loaderData;
  return (
    <section aria-labelledby="landing-title">
      <PageHeader
        titleId="landing-title"
        title={page ? t("landing.titleFor", { name: page.name }) : t("landing.title")}
        description={t("landing.intro")}
        actions={
          page?.status === "verified" ? (
            <LocalizedLink to={`/business/${page.slug}`} className="btn-secondary">
              {t("menu.viewPublic")}
            </LocalizedLink>
          ) : null
        }
      />
      <BusinessPicker path="/dashboard/landing-page" choices={loaderData.choices} selectedId={page?.id ?? null} />
      {!page ? (
        loaderData.choices.length ? (
          <p className="mt-6 text-slate-700">{t("picker.choose")}</p>
        ) : null
      ) : page.hasSeo ? (
        <LandingForm page={page} />
      ) : (
        <PlanGate title={t("gate.seo.title")}>{t("gate.seo.body")}</PlanGate>
      )}
    </section>
  );
}

type Page = NonNullable<Route.ComponentProps["loaderData"]["page"]>;

/** A text of the search snippet, with how its length compares with what search engines show in full. */
function SnippetField({
  kind,
  lang,
  field,
  label,
  value,
}: {
  kind: "title" | "description";
  lang: "en" | "es";
  field: ComponentProps<typeof FormField>["field"];
  label: string;
  value: string | undefined;
}) {
  return (
    <div>
      <FormField
        field={field}
        label={label}
        as={kind === "title" ? "input" : "textarea"}
        rows={3}
        optional
        maxLength={kind === "title" ? 70 : 160}
        lang={lang}
      />
      <LengthGuide
        id={`${kind}-${lang}-length`}
        length={(value ?? "").length}
        guide={kind === "title" ? titleGuide : descriptionGuide}
      />
    </div>
  );
}

function LandingForm({ page }: { page: Page }) {
  const { t } = useTranslation("owner");
  const language = useLanguage();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm(landingPageSchema, {
    id: "landing-form",
    lastResult: actionData?.result,
    defaultValue: page.defaults,
  });
  const snippetFields = [
    { kind: "title", lang: "en", field: fields.metaTitleEn, label: t("landing.fields.metaTitleEn") },
    { kind: "title", lang: "es", field: fields.metaTitleEs, label: t("landing.fields.metaTitleEs") },
    { kind: "description", lang: "en", field: fields.metaDescriptionEn, label: t("landing.fields.metaDescriptionEn") },
    { kind: "description", lang: "es", field: fields.metaDescriptionEs, label: t("landing.fields.metaDescriptionEs") },
  ] as const;
  // The previews follow the form as the owner types (hydrated); without JavaScript they show
  // what is saved, and the page after saving shows the new values.
  const [values, setValues] = useState<Record<string, string>>(page.defaults);
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const formData = new FormData(event.currentTarget);
    setValues(Object.fromEntries([...formData.entries()].map(([key, value]) => [key, String(value)])));
  };
  const preview = (lang: "en" | "es"): PreviewValues => {
    const title =
      (lang === "es" ? values.metaTitleEs || values.metaTitleEn : values.metaTitleEn || values.metaTitleEs) ||
      page.name;
    const description =
      (lang === "es"
        ? values.metaDescriptionEs || values.metaDescriptionEn
        : values.metaDescriptionEn || values.metaDescriptionEs) ||
      (lang === "es" ? page.fallback.descriptionEs : page.fallback.descriptionEn);
    return {
      title,
      description,
      url: `${page.origin}${localizePath(`/business/${values.slug || page.slug}`, lang)}`,
      siteName: page.siteName,
      imageUrl: page.imageUrl,
    };
  };
  const submitting = navigation.state === "submitting";
  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
      <Form method="post" {...getFormProps(form)} onChange={onChange} className="min-w-0 space-y-6">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset className="space-y-3">
          <legend className="text-lg font-semibold">{t("landing.address")}</legend>
          <FormField
            field={fields.slug}
            label={t("landing.fields.slug")}
            hint={t("landing.fields.slugHint", { prefix: `${page.origin}/business/` })}
            maxLength={60}
          />
          {page.oldSlugs.length ? (
            <div className="text-sm text-slate-700">
              <p>{t("landing.oldSlugs")}</p>
              <ul className="mt-1 list-inside list-disc" data-testid="old-slugs">
                {page.oldSlugs.map((old) => (
                  <li key={old.slug}>
                    /business/{old.slug}{" "}
                    <span className="text-slate-600">
                      (
                      {t("landing.since", { date: formatDate(new Date(old.since), language, { dateStyle: "medium" }) })}
                      )
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-lg font-semibold">{t("landing.snippet")}</legend>
          {snippetFields.map(({ kind, lang, field, label }) => (
            <SnippetField
              key={field.name}
              kind={kind}
              lang={lang}
              field={field}
              label={label}
              value={values[field.name]}
            />
          ))}
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-lg font-semibold">{t("landing.words")}</legend>
          <FormField
            field={fields.seoKeywords}
            label={t("landing.fields.seoKeywords")}
            hint={t("landing.fields.listHint")}
            optional
          />
          <FormField
            field={fields.specialtiesEn}
            label={t("landing.fields.specialtiesEn")}
            hint={t("landing.fields.listHint")}
            optional
            lang="en"
          />
          <FormField field={fields.specialtiesEs} label={t("landing.fields.specialtiesEs")} optional lang="es" />
        </fieldset>
        <button type="submit" className="btn-primary" disabled={submitting}>
          {t("landing.save")}
        </button>
      </Form>
      <section className="min-w-0 space-y-6" aria-label={t("landing.previews")}>
        <SearchPreview values={preview("en")} label={t("landing.searchPreview", { language: "English" })} />
        <SearchPreview values={preview("es")} label={t("landing.searchPreview", { language: "Español" })} />
        <SocialCardPreview values={preview(language)} label={t("landing.socialPreview")} />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
