import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useNavigation } from "react-router";
import { FormErrors } from "#app/components/accounts/fields";
import { EditorField } from "#app/components/guides/editor-field";
import { type Column, DataTable } from "#app/components/ui/data-table";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { PostButton } from "#app/components/ui/post-button";
import { StatusBadge } from "#app/components/ui/status-badge";
import { useZodForm } from "#app/components/ui/use-zod-form";
import {
  listContactMessagesForAdmin,
  listContactsForAdmin,
  listGuidePagesForAdmin,
  setContactMessageHandled,
} from "#app/features/guides/admin.server";
import { contactHandledSchema } from "#app/features/guides/forms";
import { orAppError } from "#app/lib/errors.server";
import { formatDate, formatDay } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { exchangeRateSchema } from "#app/platform/site/forms";
import { getSiteConfig, setExchangeRate } from "#app/platform/site/site-config.server";
import { redirectBackWithToast } from "#app/web/flash.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/index";

export const handle = { i18n: ["guides"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "manage:content:any");
  const { t, language } = await getRequestTranslator(request);
  const [pages, contacts, messages, site] = await Promise.all([
    listGuidePagesForAdmin({ actor: admin }),
    listContactsForAdmin({ actor: admin }),
    listContactMessagesForAdmin({ actor: admin, limit: 30 }),
    getSiteConfig(language),
  ]);
  return {
    head: { title: t("guides:admin.index.title"), description: t("guides:admin.index.intro"), noindex: true },
    pages: pages.map((page) => ({
      ...page,
      enUpdatedAt: page.enUpdatedAt.toISOString(),
      esUpdatedAt: page.esUpdatedAt.toISOString(),
    })),
    contacts: contacts.map((contact) => ({
      id: contact.id,
      name: contact.nameEn,
      nameEs: contact.nameEs,
      phone: contact.phone,
      pageSlug: contact.pageSlug,
      lastVerifiedOn: contact.lastVerifiedOn,
    })),
    messages: messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() })),
    exchangeRate: site.exchangeRate,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "manage:content:any");
  const { language } = await getRequestTranslator(request);
  const formData = await request.formData();
  if (formData.get("intent") === "rate") {
    const submission = parseWithZod(formData, { schema: exchangeRateSchema });
    if (submission.status !== "success") return data({ rate: submission.reply(), ok: false }, { status: 400 });
    const { crcPerUsd, on } = submission.value;
    await orAppError(language, () => setExchangeRate({ actor: admin, crcPerUsd, on }));
    return redirectBackWithToast(request, "rateSaved");
  }
  const parsed = contactHandledSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data({ ok: false }, { status: 400 });
  const handled = parsed.data.handled === "true";
  await orAppError(language, () => setContactMessageHandled({ actor: admin, id: parsed.data.id, handled }));
  return redirectBackWithToast(request, handled ? "messageHandled" : "messageReopened");
}

export default function ContentIndexPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("guides");
  const language = useLanguage();
  const languageName = (code: string) => t(`page.languageNames.${code}`);
  const day = (iso: string) => formatDate(new Date(iso), language, { dateStyle: "medium" });
  // Pages and contacts both carry the day someone last checked them against their sources.
  const checkedColumn = (header: string): Column<{ lastVerifiedOn: string | null }> => ({
    id: "checked",
    header,
    className: "sm:whitespace-nowrap",
    cell: (row) => (row.lastVerifiedOn ? formatDay(row.lastVerifiedOn, language) : "—"),
  });
  return (
    <div className="space-y-10">
      <PageHeader title={t("admin.index.title")} description={t("admin.index.intro")} />

      <PageSection id="pages-title" title={t("admin.index.pagesTitle")}>
        <div className="mt-3">
          <DataTable
            rows={loaderData.pages}
            rowKey={(page) => page.slug}
            caption={t("admin.index.pagesTitle")}
            empty={t("admin.index.pagesEmpty")}
            rowTestId={(page) => `content-row-${page.slug}`}
            columns={[
              {
                id: "page",
                header: t("admin.index.columns.page"),
                cell: (page) => (
                  <>
                    <span className="font-medium">{language === "es" ? page.titleEs : page.titleEn}</span>
                    <span className="block text-xs text-slate-600">/{page.slug}</span>
                  </>
                ),
              },
              {
                id: "status",
                header: t("admin.index.columns.status"),
                cell: (page) =>
                  page.translationPending ? (
                    <StatusBadge tone="warning" testId="needs-translation">
                      {t("admin.index.status.needs", { language: languageName(page.translationPending) })}
                    </StatusBadge>
                  ) : (
                    <StatusBadge tone="success">{t("admin.index.status.upToDate")}</StatusBadge>
                  ),
              },
              {
                id: "updated",
                header: t("admin.index.columns.updated"),
                className: "text-xs sm:whitespace-nowrap",
                cell: (page) => (
                  <>
                    {t("admin.index.updatedPair", { en: day(page.enUpdatedAt), es: day(page.esUpdatedAt) })}
                    {page.editorName ? <span className="block text-slate-600">{page.editorName}</span> : null}
                  </>
                ),
              },
              checkedColumn(t("admin.index.columns.checked")),
              {
                id: "edit",
                header: t("admin.index.columns.edit"),
                cell: (page) => (
                  <span className="flex flex-wrap gap-x-3 gap-y-1">
                    {(["en", "es"] as const).map((code) => (
                      <LocalizedLink
                        key={code}
                        to={`/admin/content/${page.slug}?lang=${code}`}
                        className="font-medium text-brand-800 underline"
                      >
                        {t("admin.index.edit", { language: languageName(code) })}
                      </LocalizedLink>
                    ))}
                    <LocalizedLink to={`/${page.slug}`} className="text-slate-700 underline">
                      {t("admin.index.view")}
                    </LocalizedLink>
                  </span>
                ),
              },
            ]}
          />
        </div>
      </PageSection>

      <PageSection id="contacts-title" title={t("admin.index.contactsTitle")}>
        <p className="mt-1 text-sm text-slate-700">{t("admin.index.contactsIntro")}</p>
        <div className="mt-3">
          <DataTable
            rows={loaderData.contacts}
            rowKey={(contact) => contact.id}
            caption={t("admin.index.contactsTitle")}
            empty={t("admin.index.contactsEmpty")}
            columns={[
              {
                id: "name",
                header: t("admin.index.contactColumns.name"),
                cell: (contact) => (language === "es" ? contact.nameEs : contact.name),
              },
              {
                id: "phone",
                header: t("admin.index.contactColumns.phone"),
                className: "sm:whitespace-nowrap",
                cell: (contact) => contact.phone ?? t("admin.index.noPhone"),
              },
              {
                id: "page",
                header: t("admin.index.contactColumns.page"),
                cell: (contact) => `/${contact.pageSlug}`,
              },
              checkedColumn(t("admin.index.contactColumns.checked")),
              {
                id: "edit",
                header: t("admin.index.contactColumns.edit"),
                cell: (contact) => (
                  <LocalizedLink
                    to={`/admin/content/contacts/${contact.id}`}
                    className="font-medium text-brand-800 underline"
                  >
                    {t("admin.index.editContact")}
                    <span className="sr-only">: {language === "es" ? contact.nameEs : contact.name}</span>
                  </LocalizedLink>
                ),
              },
            ]}
          />
        </div>
      </PageSection>

      <ExchangeRateForm rate={loaderData.exchangeRate} />

      <PageSection id="messages-title" title={t("admin.index.messagesTitle")}>
        {loaderData.messages.length === 0 ? (
          <p className="mt-2 text-slate-600">{t("admin.index.messagesEmpty")}</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {loaderData.messages.map((message) => (
              <li key={message.id} className="rounded-lg border border-slate-200 p-4" data-testid="contact-message">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h3 className="font-semibold break-words">{message.subject}</h3>
                    <p className="text-sm text-slate-700 break-all">
                      {t("admin.index.from")}: {message.name} &lt;{message.email}&gt; · {message.language.toUpperCase()}
                    </p>
                    <p className="text-xs text-slate-600">
                      {t("admin.index.received", { date: day(message.createdAt) })}
                    </p>
                  </div>
                  <StatusBadge tone={message.handled ? "success" : "warning"}>
                    {message.handled ? t("admin.index.handled") : t("admin.index.open")}
                  </StatusBadge>
                </div>
                <p className="mt-2 text-sm whitespace-pre-wrap break-words">{message.message}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <a href={`mailto:${encodeURIComponent(message.email)}`} className="btn-secondary">
                    {t("admin.index.reply")}
                  </a>
                  <PostButton fields={{ id: String(message.id), handled: message.handled ? "false" : "true" }}>
                    {message.handled ? t("admin.index.markOpen") : t("admin.index.markHandled")}
                  </PostButton>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PageSection>
    </div>
  );
}

function ExchangeRateForm({ rate }: { rate: { crcPerUsd: number; on: string } | null }) {
  const { t } = useTranslation("guides");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // Only a refused rate comes back here; a saved one redirects with a toast.
  const answer = actionData && "rate" in actionData ? (actionData as { rate: SubmissionResult<string[]> }) : undefined;
  const [form, fields] = useZodForm(exchangeRateSchema, {
    id: "exchange-rate",
    lastResult: answer?.rate,
    defaultValue: rate ? { crcPerUsd: String(rate.crcPerUsd), on: rate.on } : undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <PageSection id="rate-title" title={t("admin.rate.title")}>
      <p className="mt-2 text-slate-700">{t("admin.rate.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-3 max-w-xl space-y-4">
        <input type="hidden" name="intent" value="rate" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <EditorField
            field={fields.crcPerUsd}
            label={t("admin.rate.crcPerUsd")}
            hint={t("admin.rate.crcPerUsdHint")}
          />
          <EditorField field={fields.on} label={t("admin.rate.on")} type="date" />
        </div>
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          {t("admin.rate.save")}
        </button>
      </Form>
    </PageSection>
  );
}
