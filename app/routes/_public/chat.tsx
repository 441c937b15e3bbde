import { data, Form, useActionData, useNavigation } from "react-router";
import { ConciergeAnswer } from "#app/components/concierge/answer";
import { submitOnEnter } from "#app/components/concierge/submit-on-enter";
import { useFormMessage } from "#app/components/ui/form-message";
import { PageHeader } from "#app/components/ui/page-header";
import { maxQuestionLength } from "#app/compose/concierge/intents";
import { handleAction } from "#app/lib/errors.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { askForRequest } from "#app/web/concierge.server";
import type { Route } from "./+types/chat";

// /chat: a plain form that posts the question and renders the answer, so it works without
// JavaScript. The GET is the same for everyone (cacheable, docs/decisions/004); answers are
// per visitor and only ever come from the POST, which is never cached.
export const handle = {
  i18n: ["concierge"],
  cache: { kinds: ["site"] },
} satisfies TranslationsHandle & { cache: RouteCachePolicy };

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await getRequestTranslator(request);
  return { head: { title: t("concierge:meta.title"), description: t("concierge:meta.description") } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { language } = await getRequestTranslator(request);
  let question = "";
  try {
    const value = (await request.formData()).get("question");
    question = typeof value === "string" ? value : "";
  } catch {
    return data({ question: "", error: "concierge:errors.invalid", answer: null }, { status: 400 });
  }
  return handleAction(
    async () => {
      const { answer, headers } = await askForRequest({ request, context, question, language });
      return data(
        {
          question,
          error: null as string | null,
          answer: { question, html: answer.html, citations: answer.citations, intent: answer.intent },
        },
        { headers },
      );
    },
    { failure: { question, answer: null } },
  );
}

export default function ChatPage() {
  const { t } = useTranslation("concierge");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const message = useFormMessage({ max: maxQuestionLength });
  const error = actionData?.error ? message(actionData.error) : null;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <PageHeader title={t("page.title")} description={t("page.intro")} />
      <Form
        method="post"
        className="space-y-3 rounded-xl border border-slate-200 p-4 sm:p-6"
        aria-label={t("page.title")}
      >
        <label htmlFor="concierge-question" className="block text-sm font-medium text-slate-800">
          {t("page.label")}
        </label>
        <textarea
          id="concierge-question"
          name="question"
          onKeyDown={submitOnEnter}
          rows={3}
          required
          maxLength={maxQuestionLength}
          defaultValue={actionData?.answer ? "" : (actionData?.question ?? "")}
          key={actionData?.answer ? actionData.question : "ask"}
          aria-describedby={error ? "concierge-question-error concierge-question-hint" : "concierge-question-hint"}
          aria-invalid={error ? true : undefined}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
        />
        <p id="concierge-question-hint" className="text-xs text-slate-600">
          {t("page.hint", { max: maxQuestionLength })}
        </p>
        {error ? (
          <p
            id="concierge-question-error"
            className="text-sm font-medium text-red-700"
            role="alert"
            data-form-message
            tabIndex={-1}
          >
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? t("widget.loading") : t("page.submit")}
        </button>
      </Form>
      <div aria-live="polite">
        {actionData?.answer ? (
          <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
            <ConciergeAnswer answer={actionData.answer} />
          </div>
        ) : null}
      </div>
      <section aria-labelledby="concierge-examples" className="space-y-2">
        <h2 id="concierge-examples" className="text-lg font-semibold">
          {t("page.examplesTitle")}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {(["seafood", "open", "tides", "events"] as const).map((key) => (
            <li key={key}>
              <Form method="post">
                <input type="hidden" name="question" value={t(`page.examples.${key}`)} />
                <button type="submit" className="btn-secondary text-sm" disabled={busy}>
                  {t(`page.examples.${key}`)}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
      <p className="text-sm text-slate-600">{t("page.aiNote")}</p>
    </div>
  );
}
