import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormField } from "#app/components/ui/form-field";
import { FormErrors } from "#app/components/ui/form-message";
import { useZodForm } from "#app/components/ui/use-zod-form";
import {
  discussionSchema,
  editDiscussionSchema,
  editReplySchema,
  forumLimits,
  replySchema,
} from "#app/features/community/forms";
import type { Language } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

// The forum's forms. They post without JavaScript; Conform adds checks as you type when it runs.
// After a refusal (a closed edit window, a locked thread, a suspended account) the server answers
// the form's own reply, so what was typed stays in the box.

type Result = SubmissionResult<string[]> | undefined;

function useLanguageOptions() {
  const { t } = useTranslation("community");
  return [
    { value: "en", label: t("form.languages.en") },
    { value: "es", label: t("form.languages.es") },
  ];
}

function SubmitButton({ label, busyLabel }: { label: string; busyLabel: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

export function NewDiscussionForm({
  categories,
  defaultCategoryId,
  lastResult,
}: {
  categories: { id: string; name: string }[];
  defaultCategoryId?: string;
  lastResult: Result;
}) {
  const { t } = useTranslation("community");
  const languageOptions = useLanguageOptions();
  const language = useLanguage();
  const [form, fields] = useZodForm(discussionSchema, {
    id: "new-discussion",
    lastResult,
    defaultValue: { categoryId: defaultCategoryId ?? "", language },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5" data-testid="new-discussion-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <FormField
        field={fields.categoryId}
        label={t("form.category")}
        as="select"
        placeholder={t("form.chooseCategory")}
        options={categories.map((category) => ({ value: category.id, label: category.name }))}
      />
      <FormField
        field={fields.title}
        label={t("form.title")}
        hint={t("form.titleHint")}
        maxLength={forumLimits.title}
      />
      <FormField
        field={fields.body}
        label={t("form.body")}
        hint={t("form.markdownHint")}
        as="textarea"
        rows={10}
        maxLength={forumLimits.body}
      />
      <FormField
        field={fields.language}
        label={t("form.language")}
        hint={t("form.languageHint")}
        as="select"
        options={languageOptions}
      />
      <SubmitButton label={t("form.publish")} busyLabel={t("form.publishing")} />
    </Form>
  );
}

export function ReplyForm({
  lastResult,
  quote,
  quoteLabel,
}: {
  lastResult: Result;
  quote?: string;
  quoteLabel?: string | null;
}) {
  const { t } = useTranslation("community");
  const languageOptions = useLanguageOptions();
  const language = useLanguage();
  const [form, fields] = useZodForm(replySchema, {
    id: "reply",
    lastResult,
    defaultValue: { language, quote: quote ?? "" },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="reply-form" preventScrollReset>
      <input type="hidden" name="intent" value="reply" />
      {quote ? <input type="hidden" name={fields.quote.name} value={quote} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      {quote && quoteLabel ? (
        <p
          className="rounded-md border-l-4 border-brand-600 bg-brand-50 px-3 py-2 text-sm text-slate-700"
          data-testid="quoting"
        >
          {quoteLabel}
        </p>
      ) : null}
      <FormField
        field={fields.body}
        label={t("form.reply")}
        hint={t("form.markdownHint")}
        as="textarea"
        rows={6}
        maxLength={forumLimits.body}
      />
      <FormField field={fields.language} label={t("form.language")} as="select" options={languageOptions} />
      <SubmitButton label={t("form.postReply")} busyLabel={t("form.publishing")} />
    </Form>
  );
}

export function EditPostForm({
  defaults,
  lastResult,
}: {
  defaults: { title: string; body: string; language: Language };
  lastResult: Result;
}) {
  const { t } = useTranslation("community");
  const languageOptions = useLanguageOptions();
  const [form, fields] = useZodForm(editDiscussionSchema, {
    id: "edit-post",
    lastResult,
    defaultValue: defaults,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="edit-post" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <FormField field={fields.title} label={t("form.title")} maxLength={forumLimits.title} />
      <FormField
        field={fields.body}
        label={t("form.body")}
        hint={t("form.markdownHint")}
        as="textarea"
        rows={8}
        maxLength={forumLimits.body}
      />
      <FormField field={fields.language} label={t("form.language")} as="select" options={languageOptions} />
      <SubmitButton label={t("form.save")} busyLabel={t("form.saving")} />
    </Form>
  );
}

export function EditReplyForm({
  replyId,
  defaults,
  lastResult,
}: {
  replyId: string;
  defaults: { body: string; language: Language };
  lastResult: Result;
}) {
  const { t } = useTranslation("community");
  const languageOptions = useLanguageOptions();
  const [form, fields] = useZodForm(editReplySchema, {
    id: `edit-reply-${replyId}`,
    lastResult,
    defaultValue: { ...defaults, replyId },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="edit-reply" />
      <input type="hidden" name="replyId" value={replyId} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <FormField
        field={fields.body}
        label={t("form.reply")}
        hint={t("form.markdownHint")}
        as="textarea"
        rows={6}
        maxLength={forumLimits.body}
      />
      <FormField field={fields.language} label={t("form.language")} as="select" options={languageOptions} />
      <SubmitButton label={t("form.save")} busyLabel={t("form.saving")} />
    </Form>
  );
}
