import { Form, useActionData } from "react-router";
import type { FormReply } from "#app/components/bookings/public-forms";
import { FieldErrors, FormErrors, inputClass } from "#app/components/ui/form-message";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { replySchema } from "#app/features/messages/forms";
import { assertThreadAccess, openThread, replyToThread } from "#app/features/messages/messages.server";
import { AppError } from "#app/lib/errors";
import { orAppError } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { redirectBackWithToast } from "#app/web/flash.server";
import { submitForm } from "#app/web/form-action.server";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/$threadId";

// /dashboard/messages/{threadId}: one conversation (opening it marks it read) and the reply form;
// the reply is emailed to the visitor.
export const handle = { i18n: ["messages"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkedId(threadId: string) {
  if (!uuidPattern.test(threadId)) throw new AppError("not_found", "messages:errors.notFound");
  return threadId;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  const { thread, messages } = await orAppError(language, () =>
    openThread({ actor: user, threadId: checkedId(params.threadId) }),
  );
  return {
    head: {
      title: t("messages:thread.title", { name: thread.visitorName }),
      description: t("messages:inbox.intro"),
      noindex: true,
    },
    thread,
    messages: messages.map((message) => ({ ...message })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { language } = await getRequestTranslator(request);
  await orAppError(language, () => assertThreadAccess({ actor: user, threadId: checkedId(params.threadId) }));
  const formData = await request.formData().catch(() => new FormData());
  return submitForm(formData, replySchema, async (value) => {
    await replyToThread({ actor: user, threadId: checkedId(params.threadId), body: value.body });
    return redirectBackWithToast(request, "saved");
  });
}

export default function Thread({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("messages");
  const language = useLanguage();
  const actionData = useActionData<typeof action>() as { result?: FormReply } | undefined;
  const { thread } = loaderData;
  const errors = actionData?.result?.error?.body ?? undefined;
  const kept = actionData?.result?.initialValue?.body;
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("thread.title", { name: thread.visitorName })}
        description={t("thread.about", { business: thread.businessName, email: thread.visitorEmail })}
        back={{ to: "/dashboard/messages", label: t("inbox.title") }}
      />
      <ol className="space-y-3" data-testid="thread-messages">
        {loaderData.messages.map((message) => (
          <li
            key={message.id}
            className={`max-w-2xl rounded-xl p-4 ${message.sender === "owner" ? "ml-auto bg-brand-50" : "bg-slate-100"}`}
            data-testid="thread-message"
          >
            <p className="text-xs text-slate-600">
              {message.sender === "owner" ? t("thread.you") : thread.visitorName} ·{" "}
              {formatDate(new Date(message.createdAt), language, { dateStyle: "medium", timeStyle: "short" })}
            </p>
            <p className="mt-1 whitespace-pre-line text-slate-900">{message.body}</p>
          </li>
        ))}
      </ol>
      <Form method="post" className="max-w-2xl space-y-3" data-testid="reply-form">
        <FormErrors errors={actionData?.result?.error?.[""] ?? null} />
        <label htmlFor="reply-body" className="block text-sm font-medium text-slate-800">
          {t("thread.reply")}
        </label>
        <p id="reply-hint" className="text-xs text-slate-600">
          {t("thread.replyHint", { email: thread.visitorEmail })}
        </p>
        <textarea
          id="reply-body"
          name="body"
          rows={5}
          required
          maxLength={2000}
          defaultValue={typeof kept === "string" ? kept : ""}
          className={inputClass}
          aria-describedby={errors?.length ? "reply-hint reply-error" : "reply-hint"}
          {...(errors?.length ? { "aria-invalid": true } : {})}
        />
        <FieldErrors id="reply-error" errors={errors} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" data-testid="reply-submit">
            {t("thread.send")}
          </button>
          <LocalizedLink to={`/business/${thread.businessSlug}`} className="btn-secondary">
            {t("thread.viewPage")}
          </LocalizedLink>
        </div>
      </Form>
    </div>
  );
}
