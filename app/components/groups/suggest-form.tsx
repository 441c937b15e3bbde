import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { BilingualFields, FormField } from "#app/components/ui/form-field";
import { FormErrors } from "#app/components/ui/form-message";
import { useZodForm } from "#app/components/ui/use-zod-form";
import {
  groupDescriptionMax,
  groupLanguages,
  groupLinkMax,
  groupNameMax,
  groupTopics,
} from "#app/features/groups/constants";
import { suggestGroupSchema } from "#app/features/groups/forms";
import { useTranslation } from "#app/lib/translations";

// Only signed-in visitors see this form, so /groups loads it (with Conform and Zod) on demand.

export function SuggestGroupForm({
  areas,
  lastResult,
}: {
  areas: { slug: string; name: string }[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("groups");
  const navigation = useNavigation();
  const [form, fields] = useZodForm(suggestGroupSchema, {
    id: "suggest-group-form",
    lastResult,
    constraint: true,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-4"
      data-testid="suggest-group-form"
      preventScrollReset
    >
      <input type="hidden" name="intent" value="suggest" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <FormField
        field={fields.inviteUrl}
        label={t("suggest.link")}
        hint={t("suggest.linkHint")}
        type="url"
        inputMode="url"
        maxLength={groupLinkMax}
        placeholder="https://chat.whatsapp.com/…"
      />
      <FormField field={fields.name} label={t("suggest.name")} maxLength={groupNameMax} />
      <div className="grid gap-4 sm:grid-cols-2">
        <BilingualFields
          en={fields.descriptionEn}
          es={fields.descriptionEs}
          labels={{ en: t("suggest.descriptionEn"), es: t("suggest.descriptionEs") }}
          hint={t("suggest.descriptionHint")}
          as="textarea"
          rows={3}
          maxLength={groupDescriptionMax}
          optional
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          field={fields.topic}
          label={t("suggest.topic")}
          as="select"
          placeholder={t("suggest.chooseTopic")}
          options={groupTopics.map((topic) => ({ value: topic, label: t(`topics.${topic}`) }))}
        />
        <FormField
          field={fields.area}
          label={t("suggest.area")}
          as="select"
          placeholder={t("suggest.chooseArea")}
          options={areas.map((area) => ({ value: area.slug, label: area.name }))}
        />
        <FormField
          field={fields.language}
          label={t("suggest.language")}
          as="select"
          placeholder={t("suggest.chooseLanguage")}
          options={groupLanguages.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
        />
      </div>
      <div className="sm:max-w-xs">
        <FormField
          field={fields.memberCount}
          label={t("suggest.memberCount")}
          hint={t("suggest.memberCountHint")}
          inputMode="numeric"
          optional
        />
      </div>
      <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
        {t("suggest.submit")}
      </button>
    </Form>
  );
}
