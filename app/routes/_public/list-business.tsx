import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { FormErrors } from "#app/components/accounts/fields";
import { type EditActionData, HoursForm, PhotoManager, resultFor } from "#app/components/directory/edit-forms";
import {
  applyEditIntent,
  editToasts,
  isEditIntent,
  unknownEditIntent,
} from "#app/components/directory/edit-forms.server";
import { AboutFields, BasicsFields, ContactFields } from "#app/components/directory/form-fields";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { Check, ChevronLeft } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { isUuid } from "#app/features/directory/constants";
import { aboutSchema, basicsSchema, contactSchema, detailsDefaultValues } from "#app/features/directory/forms";
import { createDraftBusiness, getEditableBusiness, missingForSubmission } from "#app/features/directory/manage.server";
import { handleFormAction, orAppError } from "#app/lib/errors.server";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteHandle } from "#app/lib/route-handle";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { listMyBusinesses } from "#app/platform/listings/listings.server";
import { listAreas } from "#app/platform/site/site-config.server";
import { redirectWithToast } from "#app/web/flash.server";
import { getSessionUser, requireUser } from "#app/web/session.server";
import type { Route } from "./+types/list-business";

// Photos are posted here (multipart): the larger upload body limit applies.
export const handle = { i18n: ["directory"], acceptsUploads: true } satisfies TranslationsHandle & RouteHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

// /list-business: a listing is built in steps, saved as a draft after each one, then sent to the
// admins as "pending". The draft's id and the step live in the URL (?id=…&step=…), so the back
// button, a reload and a phone that drops the connection all land on the same step.
const steps = ["basics", "about", "contact", "hours", "photos", "review"] as const;
type Step = (typeof steps)[number];
const wizardParams = { id: searchParam.nullable(), step: searchParam.oneOf(steps, "basics") };

function stepUrl(language: "en" | "es", id: string, step: Step) {
  return `${localizePath("/list-business", language)}?${new URLSearchParams({ id, step })}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const { id, step } = readSearchParams(request, wizardParams);
  const head = { title: t("directory:list.metaTitle"), description: t("directory:list.intro"), noindex: Boolean(id) };
  // /list-business is a public page: a visitor reads what listing involves and
  // is asked to sign in to start; a draft's steps need an account.
  if (!id && !(await getSessionUser(request))) {
    return { head, mode: "signed-out" as const, areas: [], drafts: [], edit: null };
  }
  const user = await requireUser(request);
  const areas = (await listAreas(language)).map((area) => ({ slug: area.slug, name: area.name }));
  if (!id) {
    const mine = await listMyBusinesses({ actor: user });
    return {
      head,
      mode: "start" as const,
      areas,
      drafts: mine
        .filter((row) => row.status === "draft" && !row.ownerId)
        .map((row) => ({ id: row.id, name: row.name })),
      edit: null,
    };
  }
  if (!isUuid(id)) throw data(t("directory:errors.notFound"), { status: 404 });
  const editable = await orAppError(language, () => getEditableBusiness({ id, actor: user }));
  const { business } = editable;
  // Published or waiting listings are edited from the dashboard, not through the wizard again.
  if (business.status !== "draft") throw redirect(localizePath(`/dashboard/business/${business.id}`, language));
  return {
    head,
    mode: "edit" as const,
    areas,
    drafts: [],
    edit: {
      id: business.id,
      name: business.name,
      slug: business.slug,
      step,
      defaults: detailsDefaultValues(business),
      hours: editable.hours,
      images: editable.images,
      missing: missingForSubmission(business),
      areaName: areas.find((area) => area.slug === business.areaSlug)?.name ?? business.areaSlug,
      category: business.category,
      hasHours: editable.hours.length > 0,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { language } = await getRequestTranslator(request);
  const { id } = readSearchParams(request, wizardParams);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (!id) {
    const submission = parseWithZod(formData, { schema: basicsSchema });
    if (submission.status !== "success")
      return data({ intent: "basics", result: submission.reply(), ok: false }, { status: 400 });
    return handleFormAction(
      submission,
      async () => {
        const created = await createDraftBusiness({ actor: user, basics: submission.value });
        return redirect(stepUrl(language, created.id, "about"));
      },
      { failure: { intent: "basics", ok: false } },
    );
  }

  if (!isUuid(id) || !isEditIntent(intent)) return data(unknownEditIntent, { status: 400 });
  const outcome = await applyEditIntent({ intent, formData, businessId: id, actor: user });
  if (!outcome.ok) return data(outcome, { status: outcome.status });
  const next: Partial<Record<string, Step>> = { basics: "about", about: "contact", contact: "hours", hours: "photos" };
  if (intent === "submit") return redirect(`${localizePath("/dashboard/business", language)}?submitted=1`);
  const nextStep = next[intent];
  if (nextStep) return redirect(stepUrl(language, id, nextStep));
  // Edits within a step (a photo, a menu item) stay on it, with their toast.
  const toast = editToasts[intent];
  if (toast) {
    const url = new URL(request.url);
    return redirectWithToast(request, url.pathname + url.search, toast);
  }
  return outcome;
}

function Progress({ current, id }: { current: Step; id: string | null }) {
  const { t } = useTranslation("directory");
  const index = steps.indexOf(current);
  return (
    <ol className="mt-6 flex gap-1 overflow-x-auto pb-1 text-xs sm:text-sm" aria-label={t("list.progress")}>
      {steps.map((step, position) => {
        const done = position < index;
        const label = `${position + 1}. ${t(`list.steps.${step}`)}`;
        const body = (
          <span
            className={`inline-flex min-h-9 items-center gap-1 rounded-full px-3 whitespace-nowrap ${
              position === index
                ? "bg-brand-800 font-semibold text-white"
                : done
                  ? "bg-brand-50 text-brand-900"
                  : "bg-slate-100 text-slate-600"
            }`}
          >
            {done ? <Check className="size-3.5" aria-hidden="true" /> : null}
            {label}
          </span>
        );
        return (
          <li key={step} aria-current={position === index ? "step" : undefined}>
            {id && position !== index ? (
              <LocalizedLink to={`/list-business?${new URLSearchParams({ id, step })}`}>{body}</LocalizedLink>
            ) : (
              body
            )}
          </li>
        );
      })}
    </ol>
  );
}

function BackLink({ to, spaced = false }: { to: string | null; spaced?: boolean }) {
  const { t } = useTranslation("directory");
  if (!to) return null;
  return (
    <LocalizedLink
      to={to}
      className={`${spaced ? "mt-3 " : ""}inline-flex min-h-11 items-center gap-1 text-sm text-slate-700 underline`}
    >
      <ChevronLeft className="size-4" aria-hidden="true" />
      {t("list.back")}
    </LocalizedLink>
  );
}

function StepForm({
  intent,
  schema,
  defaults,
  actionData,
  children,
  back,
}: {
  intent: "basics" | "about" | "contact";
  schema: typeof basicsSchema | typeof aboutSchema | typeof contactSchema;
  defaults: Record<string, string | string[]> | undefined;
  actionData: EditActionData;
  // biome-ignore lint/suspicious/noExplicitAny: each step's fields are typed by its own field component.
  children: (fields: any) => React.ReactNode;
  back: string | null;
}) {
  const { t } = useTranslation("directory");
  const navigation = useNavigation();
  const answer = resultFor(actionData, intent);
  const [form, fields] = useZodForm(schema, {
    id: `list-${intent}`,
    lastResult: answer?.result,
    defaultValue: defaults,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={form.errorId} errors={form.errors} />
      {children(fields as never)}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          {t("list.saveContinue")}
        </button>
        <BackLink to={back} />
      </div>
    </Form>
  );
}

export default function ListBusiness({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  const actionData = useActionData<typeof action>() as EditActionData;
  const navigation = useNavigation();
  const { edit, areas } = loaderData;
  const slugPrefix = "/business/";
  const step = edit?.step ?? "basics";
  const back =
    edit && steps.indexOf(step) > 0
      ? `/list-business?${new URLSearchParams({ id: edit.id, step: steps[steps.indexOf(step) - 1] })}`
      : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">
        {edit ? t("list.editingTitle", { name: edit.name }) : t("list.title")}
      </h1>
      <p className="mt-2 text-slate-700">{t("list.intro")}</p>
      {loaderData.mode === "signed-out" ? (
        <div className="mt-8 rounded-xl border border-slate-200 p-6" data-testid="list-signed-out">
          <h2 className="text-xl font-semibold">{t("list.howTitle")}</h2>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-slate-700">
            {steps.map((name) => (
              <li key={name}>{t(`list.steps.${name}`)}</li>
            ))}
          </ol>
          <p className="mt-4 text-slate-700">{t("list.signInFirst")}</p>
          <p className="mt-4 flex flex-wrap gap-3">
            <LocalizedLink
              to={`/auth?${new URLSearchParams({ mode: "signup", redirectTo: "/list-business" })}`}
              className="btn-primary"
            >
              {t("list.createAccount")}
            </LocalizedLink>
            <LocalizedLink
              to={`/auth?${new URLSearchParams({ redirectTo: "/list-business" })}`}
              className="btn-secondary"
            >
              {t("list.signIn")}
            </LocalizedLink>
          </p>
        </div>
      ) : (
        <Progress current={step} id={edit?.id ?? null} />
      )}

      {loaderData.mode === "start" && loaderData.drafts.length ? (
        <div className="mt-6 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm">
          <p className="font-semibold">{t("list.continueDraft")}</p>
          <ul className="mt-2 space-y-1">
            {loaderData.drafts.map((draft) => (
              <li key={draft.id}>
                <LocalizedLink
                  to={`/list-business?${new URLSearchParams({ id: draft.id, step: "about" })}`}
                  className="text-brand-800 underline"
                >
                  {draft.name}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {loaderData.mode !== "signed-out" ? (
        <>
          <h2 className="mt-8 text-xl font-semibold">{t(`list.steps.${step}`)}</h2>
          <p className="mt-1 text-sm text-slate-700">{t(`list.stepIntro.${step}`)}</p>
        </>
      ) : null}

      {loaderData.mode !== "signed-out" && step === "basics" ? (
        <StepForm intent="basics" schema={basicsSchema} defaults={edit?.defaults} actionData={actionData} back={null}>
          {(fields) => <BasicsFields fields={fields} areas={areas} slugPrefix={slugPrefix} />}
        </StepForm>
      ) : null}
      {edit && step === "about" ? (
        <StepForm intent="about" schema={aboutSchema} defaults={edit.defaults} actionData={actionData} back={back}>
          {(fields) => <AboutFields fields={fields} />}
        </StepForm>
      ) : null}
      {edit && step === "contact" ? (
        <StepForm intent="contact" schema={contactSchema} defaults={edit.defaults} actionData={actionData} back={back}>
          {(fields) => <ContactFields fields={fields} />}
        </StepForm>
      ) : null}
      {edit && step === "hours" ? (
        <div className="mt-6">
          <HoursForm hours={edit.hours} actionData={actionData} submitLabel={t("list.saveContinue")} />
          <BackLink to={back} spaced />
        </div>
      ) : null}
      {edit && step === "photos" ? (
        <div className="mt-6">
          <PhotoManager images={edit.images} actionData={actionData} />
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <LocalizedLink
              to={`/list-business?${new URLSearchParams({ id: edit.id, step: "review" })}`}
              className="btn-primary"
            >
              {t("list.continue")}
            </LocalizedLink>
            <BackLink to={back} />
          </div>
        </div>
      ) : null}
      {edit && step === "review" ? (
        <div className="mt-6 space-y-4">
          <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
            {[
              [t("form.name"), edit.name],
              [t("form.category"), t(`categories.${edit.category}`)],
              [t("form.area"), edit.areaName],
              [t("form.slug"), `/business/${edit.slug}`],
              [t("list.hoursSet"), edit.hasHours ? t("list.yes") : t("list.no")],
              [t("list.photoCount"), String(edit.images.length)],
            ].map(([label, value]) => (
              <div key={label} className="grid gap-1 p-3 sm:grid-cols-3">
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-medium break-words sm:col-span-2">{value}</dd>
              </div>
            ))}
          </dl>
          {edit.missing.length ? (
            <div role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
              <p className="font-semibold">{t("list.missingTitle")}</p>
              <ul className="mt-1 list-disc pl-5">
                {edit.missing.map((field) => (
                  <li key={field}>{t(`list.missing.${field}`)}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <p className="text-sm text-slate-700">{t("list.reviewNote")}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="submit" />
            <FormErrors errors={resultFor(actionData, "submit")?.result.error?.[""] ?? undefined} />
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <button
                type="submit"
                className="btn-primary"
                disabled={navigation.state === "submitting" || edit.missing.length > 0}
              >
                {t("list.submit")}
              </button>
              <BackLink to={back} />
            </div>
          </Form>
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
