import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useNavigation } from "react-router";
import { FormErrors } from "#app/components/ui/form-message";
import { PageHeader } from "#app/components/ui/page-header";
import { draftRequestSchema, saveDraftSchema } from "#app/compose/concierge/forms";
import { draftListingText } from "#app/compose/concierge/writing.server";
import { writingTargets, writingTasks } from "#app/compose/concierge/writing-tasks";
import { listBusinessReviews } from "#app/features/directory/business.server";
import { getEditableBusiness, updateBusinessDetails } from "#app/features/directory/manage.server";
import { replyToReview } from "#app/features/directory/reviews.server";
import { handleAction, orAppError } from "#app/lib/errors.server";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { llmConfigured } from "#app/lib/llm.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { listMyBusinesses } from "#app/platform/listings/listings.server";
import { redirectWithToast } from "#app/web/flash.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/ai-tools";

// /dashboard/ai-tools: drafts of a listing's description, specialties or a reply to a review, in
// the other language or both. The draft comes back into editable fields; only "save" writes, through
// the directory's own functions, so the owner always reviews what is saved.
export const handle = { i18n: ["concierge"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, "read:owner-tools:any");
  const { language, t } = await getRequestTranslator(request);
  const businesses = await listMyBusinesses({ actor: user });
  const { business: wanted } = readSearchParams(request, { business: searchParam.nullable() });
  const selected = businesses.find((business) => business.id === wanted) ?? businesses[0] ?? null;
  const reviews = selected
    ? await orAppError(language, async () => {
        await getEditableBusiness({ id: selected.id, actor: user });
        return listBusinessReviews({ businessId: selected.id, limit: 30 });
      })
    : [];
  return {
    head: { title: t("concierge:aiTools.title"), description: t("concierge:aiTools.description"), noindex: true },
    configured: llmConfigured(),
    businesses: businesses.map((business) => ({ id: business.id, name: business.name })),
    selectedId: selected?.id ?? null,
    reviews: reviews
      .filter((review) => !review.ownerReply)
      .map((review) => ({ id: review.id, rating: review.rating, excerpt: review.body.slice(0, 90) })),
  };
}

/** A post the page cannot act on: its message, and no draft on screen. */
function refuse(error: string) {
  return data({ error, draft: null, request: null }, { status: 400 });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "read:owner-tools:any");
  const { language } = await getRequestTranslator(request);
  const formData = await request.formData();
  if (formData.get("intent") === "save") {
    const submission = parseWithZod(formData, { schema: saveDraftSchema });
    if (submission.status !== "success") return refuse("concierge:aiTools.errors.invalid");
    const input = submission.value;
    const reply = [input.en, input.es].filter(Boolean).join("\n\n");
    const reviewId = input.reviewId;
    if (input.task === "reviewReply" && (!reviewId || !reply)) return refuse("concierge:aiTools.errors.noReview");
    if (!input.en && !input.es) return refuse("concierge:aiTools.errors.empty");
    return handleAction(
      async () => {
        if (input.task === "reviewReply" && reviewId) {
          await replyToReview({ reviewId, actor: user, reply });
        } else if (input.task === "description") {
          await updateBusinessDetails({
            id: input.businessId,
            actor: user,
            changes: {
              ...(input.en ? { descriptionEn: input.en } : {}),
              ...(input.es ? { descriptionEs: input.es } : {}),
            },
          });
        } else {
          const list = (text?: string) =>
            (text ?? "")
              .split(/\n|,/)
              .map((item) => item.trim().slice(0, 40))
              .filter(Boolean)
              .slice(0, 10);
          await updateBusinessDetails({
            id: input.businessId,
            actor: user,
            changes: {
              ...(input.en ? { specialtiesEn: list(input.en) } : {}),
              ...(input.es ? { specialtiesEs: list(input.es) } : {}),
            },
          });
        }
        return redirectWithToast(
          request,
          localizePath(`/dashboard/ai-tools?business=${input.businessId}`, language),
          "saved",
        );
      },
      { failure: { draft: null, request: null } },
    );
  }
  const submission = parseWithZod(formData, { schema: draftRequestSchema });
  if (submission.status !== "success")
    return refuse(Object.values(submission.error ?? {}).flat()[0] ?? "concierge:aiTools.errors.invalid");
  const input = submission.value;
  return handleAction(
    async () => {
      const draft = await draftListingText({ actor: user, ...input });
      return { error: null as string | null, draft, request: input };
    },
    { failure: { draft: null, request: input } },
  );
}

export default function AiToolsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("concierge");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const draft = actionData?.draft ?? null;
  const asked = actionData?.request ?? null;
  return (
    <div className="space-y-6">
      <PageHeader title={t("aiTools.title")} description={t("aiTools.description")} />
      {!loaderData.configured ? (
        <p
          className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900"
          data-testid="ai-tools-not-configured"
        >
          {t("aiTools.notConfigured")}
        </p>
      ) : loaderData.businesses.length === 0 || !loaderData.selectedId ? (
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-6">{t("aiTools.noBusinesses")}</p>
      ) : (
        <>
          {loaderData.businesses.length > 1 ? (
            <Form method="get" className="flex flex-wrap items-end gap-2">
              <div>
                <label htmlFor="ai-business" className="block text-sm font-medium">
                  {t("aiTools.business")}
                </label>
                <select
                  id="ai-business"
                  name="business"
                  defaultValue={loaderData.selectedId}
                  className="rounded-md border border-slate-300 px-3 py-2"
                >
                  {loaderData.businesses.map((business) => (
                    <option key={business.id} value={business.id}>
                      {business.name}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn-secondary">
                {t("aiTools.business")}
              </button>
            </Form>
          ) : null}
          <Form method="post" className="space-y-4 rounded-xl border border-slate-200 p-4 sm:p-6">
            <input type="hidden" name="intent" value="draft" />
            <input type="hidden" name="businessId" value={loaderData.selectedId} />
            {actionData?.error && !draft ? <FormErrors errors={[actionData.error]} /> : null}
            <RadioChoice
              legend={t("aiTools.task")}
              name="task"
              choices={writingTasks.map((task) => ({ value: task, label: t(`aiTools.tasks.${task}`) }))}
              chosen={asked?.task ?? "description"}
            />
            <RadioChoice
              legend={t("aiTools.target")}
              name="target"
              choices={writingTargets.map((target) => ({ value: target, label: t(`aiTools.targets.${target}`) }))}
              chosen={asked?.target ?? "both"}
            />
            <div>
              <label htmlFor="ai-review" className="block text-sm font-medium">
                {t("aiTools.review")}
              </label>
              {loaderData.reviews.length ? (
                <select
                  id="ai-review"
                  name="reviewId"
                  defaultValue={asked?.reviewId ?? ""}
                  className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
                >
                  <option value="">—</option>
                  {loaderData.reviews.map((review) => (
                    <option key={review.id} value={review.id}>
                      {`${review.rating}/5 · ${review.excerpt}`}
                    </option>
                  ))}
                </select>
              ) : (
                <p id="ai-review" className="text-sm text-slate-600">
                  {t("aiTools.noReviews")}
                </p>
              )}
            </div>
            <div>
              <label htmlFor="ai-notes" className="block text-sm font-medium">
                {t("aiTools.notes")}
              </label>
              <textarea
                id="ai-notes"
                name="notes"
                rows={2}
                maxLength={500}
                defaultValue={asked?.notes ?? ""}
                aria-describedby="ai-notes-hint"
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
              />
              <p id="ai-notes-hint" className="mt-1 text-xs text-slate-600">
                {t("aiTools.notesHint")}
              </p>
            </div>
            <button type="submit" className="btn-primary" disabled={busy}>
              {t("aiTools.draft")}
            </button>
          </Form>
          {draft && asked ? (
            <Form
              method="post"
              className="space-y-4 rounded-xl border border-brand-200 bg-brand-50/40 p-4 sm:p-6"
              aria-labelledby="ai-draft-title"
              data-testid="ai-draft"
            >
              <h2 id="ai-draft-title" className="text-lg font-semibold">
                {t("aiTools.draftTitle")}
              </h2>
              <p className="text-sm text-slate-700">{t("aiTools.draftHint")}</p>
              <input type="hidden" name="intent" value="save" />
              <input type="hidden" name="businessId" value={asked.businessId} />
              <input type="hidden" name="task" value={asked.task} />
              {asked.reviewId ? <input type="hidden" name="reviewId" value={asked.reviewId} /> : null}
              {(["en", "es"] as const).map((language) =>
                draft[language] !== null ? (
                  <div key={language}>
                    <label htmlFor={`ai-draft-${language}`} className="block text-sm font-medium">
                      {t(language === "en" ? "aiTools.english" : "aiTools.spanish")}
                    </label>
                    <textarea
                      id={`ai-draft-${language}`}
                      name={language}
                      rows={asked.task === "description" ? 6 : 4}
                      defaultValue={draft[language] ?? ""}
                      className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
                    />
                    {asked.task === "specialties" ? (
                      <p className="mt-1 text-xs text-slate-600">{t("aiTools.specialtiesHint")}</p>
                    ) : null}
                  </div>
                ) : null,
              )}
              <button type="submit" className="btn-primary">
                {asked.task === "reviewReply" ? t("aiTools.saveReply") : t("aiTools.save")}
              </button>
            </Form>
          ) : null}
        </>
      )}
    </div>
  );
}

/** What to write, or in which language: a row of radio buttons under its legend. */
function RadioChoice({
  legend,
  name,
  choices,
  chosen,
}: {
  legend: string;
  name: string;
  choices: { value: string; label: string }[];
  chosen: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-4">
        {choices.map((choice) => (
          <label key={choice.value} className="inline-flex items-center gap-2">
            <input type="radio" name={name} value={choice.value} defaultChecked={chosen === choice.value} />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
