import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, useActionData, useNavigation } from "react-router";
import { LanguageMarker } from "#app/components/community/discussion-list";
import { BilingualFields, FormField, inputClass } from "#app/components/ui/form-field";
import { FormErrors } from "#app/components/ui/form-message";
import { ChevronLeft, ChevronRight, Lock, Pin } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { PostButton } from "#app/components/ui/post-button";
import { StatusBadge } from "#app/components/ui/status-badge";
import { useZodForm } from "#app/components/ui/use-zod-form";
import { categorySchema, forumLimits } from "#app/features/community/forms";
import {
  listDiscussionsForAdmin,
  moveDiscussion,
  setLocked,
  setPinned,
} from "#app/features/community/forum-admin.server";
import {
  createCategory,
  listCategoriesForAdmin,
  moveCategory,
  updateCategory,
} from "#app/features/community/forum-categories.server";
import { handleAction } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { redirectBackWithToast } from "#app/web/flash.server";
import { submitForm } from "#app/web/form-action.server";
import { actOnIntent } from "#app/web/intents";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/forums";

// The admin section "forum moderation": the categories (both languages, their order), and the
// threads: pin, lock, move. Every decision is audit-logged by the domain.
export const handle = { i18n: ["community"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

const filters = ["all", "pinned", "locked"] as const;
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "manage:forum:any");
  const { language, t } = await getRequestTranslator(request);
  const { filter } = readSearchParams(request, { filter: searchParam.oneOf(filters, "all") });
  const [categories, threads] = await Promise.all([
    listCategoriesForAdmin({ actor: admin }),
    listDiscussionsForAdmin({ actor: admin, language, filter }),
  ]);
  return {
    head: { title: t("community:admin.metaTitle"), description: t("community:admin.intro"), noindex: true },
    categories,
    threads,
    filter,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "manage:forum:any");
  const formData = await request.formData();
  const id = String(formData.get("id") ?? "");
  const unknownAction = (intent: string) =>
    data({ intent, id, error: "community:errors.unknownAction" }, { status: 400 });
  const saveCategory = (intent: "category-create" | "category-update") => {
    const categoryId = String(formData.get("categoryId") ?? "");
    return submitForm(
      formData,
      categorySchema,
      async ({ intent: _intent, categoryId: _id, ...input }) => {
        if (intent === "category-create") await createCategory({ actor: admin, input });
        else {
          if (!isUuid(categoryId))
            return data({ intent, categoryId, error: "community:category.notFound" }, { status: 404 });
          await updateCategory({ actor: admin, id: categoryId, input });
        }
        return redirectBackWithToast(request, "categorySaved");
      },
      { failure: { intent, categoryId } },
    );
  };
  // The other buttons act on the category or thread `id` names; without one they are unknown.
  const onItem = <T,>(intent: string, run: () => Promise<T>) =>
    isUuid(id) ? handleAction(run, { failure: { intent, id } }) : unknownAction(intent);
  const moveUpOrDown = (intent: "category-up" | "category-down") =>
    onItem(intent, async () => {
      await moveCategory({ actor: admin, id, direction: intent === "category-up" ? "up" : "down" });
      return redirectBackWithToast(request, "categorySaved");
    });
  const pin = (intent: "pin" | "unpin") =>
    onItem(intent, async () => {
      await setPinned({ actor: admin, id, pinned: intent === "pin" });
      return redirectBackWithToast(request, "threadUpdated");
    });
  const lock = (intent: "lock" | "unlock") =>
    onItem(intent, async () => {
      await setLocked({ actor: admin, id, locked: intent === "lock" });
      return redirectBackWithToast(request, "threadUpdated");
    });
  const move = (intent: "move") =>
    onItem(intent, async () => {
      const categoryId = String(formData.get("categoryId") ?? "");
      if (!isUuid(categoryId)) return data({ intent, id, error: "community:errors.categoryRequired" }, { status: 400 });
      await moveDiscussion({ actor: admin, id, categoryId });
      return redirectBackWithToast(request, "threadUpdated");
    });
  return actOnIntent(
    formData,
    {
      "category-create": saveCategory,
      "category-update": saveCategory,
      "category-up": moveUpOrDown,
      "category-down": moveUpOrDown,
      pin,
      unpin: pin,
      lock,
      unlock: lock,
      move,
    },
    unknownAction,
  );
}

type ActionData = {
  intent?: string;
  categoryId?: string;
  id?: string;
  error?: string;
  result?: SubmissionResult<string[]>;
};

function CategoryForm({
  category,
  lastResult,
}: {
  category?: { id: string; slug: string; nameEn: string; nameEs: string; descriptionEn: string; descriptionEs: string };
  lastResult: ActionData["result"];
}) {
  const { t } = useTranslation("community");
  const navigation = useNavigation();
  const intent = category ? "category-update" : "category-create";
  const [form, fields] = useZodForm(categorySchema, {
    id: category ? `category-${category.id}` : "category-new",
    lastResult,
    defaultValue: category
      ? {
          slug: category.slug,
          nameEn: category.nameEn,
          nameEs: category.nameEs,
          descriptionEn: category.descriptionEn,
          descriptionEs: category.descriptionEs,
        }
      : undefined,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {category ? <input type="hidden" name="categoryId" value={category.id} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <FormField field={fields.slug} label={t("admin.slug")} hint={t("admin.slugHint")} maxLength={forumLimits.slug} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField field={fields.nameEn} label={t("admin.nameEn")} maxLength={forumLimits.categoryName} lang="en" />
        <FormField field={fields.nameEs} label={t("admin.nameEs")} maxLength={forumLimits.categoryName} lang="es" />
        <BilingualFields
          en={fields.descriptionEn}
          es={fields.descriptionEs}
          labels={{ en: t("admin.descriptionEn"), es: t("admin.descriptionEs") }}
          as="textarea"
          rows={3}
          optional
          maxLength={forumLimits.categoryDescription}
        />
      </div>
      <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
        {category ? t("admin.saveCategory") : t("admin.createCategory")}
      </button>
    </Form>
  );
}

export default function AdminForums({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("community");
  const language = useLanguage();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const { categories, threads, filter } = loaderData;
  const errorFor = (id: string) => (actionData?.error && actionData.id === id ? [actionData.error] : null);
  return (
    <div className="space-y-10">
      <PageHeader title={t("admin.title")} description={t("admin.intro")} />

      <PageSection id="admin-categories" title={t("admin.categories")}>
        <ol className="space-y-3" data-testid="admin-categories">
          {categories.map((category, index) => (
            <li key={category.id} className="rounded-card border border-slate-200 p-4">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div>
                  <p className="font-semibold">
                    {language === "es" ? category.nameEs : category.nameEn}{" "}
                    <span className="text-sm font-normal text-slate-600">/{category.slug}</span>
                  </p>
                  <p className="text-sm text-slate-600" lang={language === "es" ? "en" : "es"}>
                    {language === "es" ? category.nameEn : category.nameEs}
                  </p>
                </div>
                <div className="flex gap-2">
                  {index > 0 ? (
                    <PostButton fields={{ intent: "category-up", id: category.id }}>
                      <ChevronLeft className="size-4 rotate-90" aria-hidden="true" />
                      {t("admin.moveUp")}
                      <span className="sr-only">: {category.slug}</span>
                    </PostButton>
                  ) : null}
                  {index < categories.length - 1 ? (
                    <PostButton fields={{ intent: "category-down", id: category.id }}>
                      <ChevronRight className="size-4 rotate-90" aria-hidden="true" />
                      {t("admin.moveDown")}
                      <span className="sr-only">: {category.slug}</span>
                    </PostButton>
                  ) : null}
                </div>
              </div>
              <FormErrors errors={errorFor(category.id)} />
              <details
                className="mt-3"
                open={actionData?.intent === "category-update" && actionData.categoryId === category.id}
              >
                <summary className="cursor-pointer text-sm font-medium text-brand-800">
                  {t("admin.editCategory")}
                </summary>
                <div className="mt-3">
                  <CategoryForm
                    category={category}
                    lastResult={
                      actionData?.intent === "category-update" && actionData.categoryId === category.id
                        ? actionData.result
                        : undefined
                    }
                  />
                </div>
              </details>
            </li>
          ))}
        </ol>
        <details
          className="rounded-card border border-dashed border-slate-300 p-4"
          open={actionData?.intent === "category-create"}
        >
          <summary className="cursor-pointer font-medium text-brand-800">{t("admin.newCategory")}</summary>
          <div className="mt-3">
            <CategoryForm lastResult={actionData?.intent === "category-create" ? actionData.result : undefined} />
          </div>
        </details>
      </PageSection>

      <PageSection id="admin-threads" title={t("admin.threads")}>
        <nav aria-label={t("admin.filterLabel")} className="flex flex-wrap gap-2">
          {filters.map((name) => (
            <LocalizedLink
              key={name}
              to={`/admin/forums${name === "all" ? "" : `?filter=${name}`}`}
              aria-current={filter === name ? "page" : undefined}
              className={filter === name ? "btn-primary" : "btn-secondary"}
            >
              {t(`admin.filters.${name}`)}
            </LocalizedLink>
          ))}
        </nav>
        {threads.length ? (
          <ul className="space-y-3" data-testid="admin-threads">
            {threads.map((thread) => (
              <li key={thread.id} className="rounded-card border border-slate-200 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  {thread.pinned ? <Pin className="size-4 text-brand-800" aria-label={t("post.pinned")} /> : null}
                  {thread.locked ? <Lock className="size-4 text-slate-700" aria-label={t("post.locked")} /> : null}
                  <LocalizedLink
                    to={`/forums/post/${thread.id}`}
                    className="font-semibold text-brand-800 hover:underline"
                    lang={thread.language}
                  >
                    {thread.title}
                  </LocalizedLink>
                  <LanguageMarker language={thread.language} />
                  {thread.status !== "published" ? (
                    <StatusBadge tone="warning">{t(`post.status.${thread.status}`)}</StatusBadge>
                  ) : null}
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  {thread.category.name} · {thread.author ?? t("post.formerMember")} ·{" "}
                  {formatDate(new Date(thread.lastActivityAt), language, { dateStyle: "medium" })}
                </p>
                <div className="mt-3 flex flex-wrap items-end gap-2">
                  <PostButton fields={{ intent: thread.pinned ? "unpin" : "pin", id: thread.id }}>
                    {thread.pinned ? t("admin.unpin") : t("admin.pin")}
                  </PostButton>
                  <PostButton fields={{ intent: thread.locked ? "unlock" : "lock", id: thread.id }}>
                    {thread.locked ? t("admin.unlock") : t("admin.lock")}
                  </PostButton>
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="move" />
                    <input type="hidden" name="id" value={thread.id} />
                    <label className="text-sm">
                      <span className="block font-medium text-slate-800">{t("admin.moveTo")}</span>
                      <select
                        name="categoryId"
                        defaultValue={thread.categoryId}
                        className={`${inputClass} mt-1 bg-white`}
                      >
                        {categories.map((category) => (
                          <option key={category.id} value={category.id}>
                            {language === "es" ? category.nameEs : category.nameEn}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button type="submit" className="btn-secondary" disabled={navigation.state === "submitting"}>
                      {t("admin.move")}
                    </button>
                  </Form>
                </div>
                <FormErrors errors={errorFor(thread.id)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-card border border-slate-200 bg-slate-50 p-5">{t("admin.noThreads")}</p>
        )}
      </PageSection>
    </div>
  );
}
