import { data, Form } from "react-router";
import { z } from "zod";
import { formatDay } from "#app/components/guides/guide-article";
import { LocalizedLink } from "#app/components/ui/localized-link";
import {
  listContactMessagesForAdmin,
  listContactsForAdmin,
  listGuidePagesForAdmin,
  setContactMessageHandled,
} from "#app/domain/guides/admin.server";
import { orAppError } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/index";

export const handle = { i18n: ["guides"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "manage:content:any");
  const { t } = await getRequestTranslator(request);
  const [pages, contacts, messages] = await Promise.all([
    listGuidePagesForAdmin({ actor: admin }),
    listContactsForAdmin({ actor: admin }),
    listContactMessagesForAdmin({ actor: admin, limit: 30 }),
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
  };
}

const handledSchema = z.object({ id: z.coerce.number().int().positive(), handled: z.enum(["true", "false"]) });

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "manage:content:any");
  const { language } = await getRequestTranslator(request);
  const parsed = handledSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false }, { status: 400 });
  await orAppError(language, () =>
    setContactMessageHandled({ actor: admin, id: parsed.data.id, handled: parsed.data.handled === "true" }),
  );
  return { ok: true };
}

export default function ContentIndexPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("guides");
  const language = useLanguage();
  const languageName = (code: string) => t(`page.languageNames.${code}`);
  const day = (iso: string) => formatDate(new Date(iso), language, { dateStyle: "medium" });
  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("admin.index.title")}</h1>
        <p className="mt-2 text-slate-700">{t("admin.index.intro")}</p>
      </header>

      <section aria-labelledby="pages-title">
        <h2 id="pages-title" className="text-xl font-bold">
          {t("admin.index.pagesTitle")}
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("admin.index.columns.page")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("admin.index.columns.status")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("admin.index.columns.updated")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("admin.index.columns.checked")}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t("admin.index.columns.edit")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loaderData.pages.map((page) => (
                <tr key={page.slug} data-testid={`content-row-${page.slug}`}>
                  <td className="py-2 pr-3">
                    <span className="font-medium">{language === "es" ? page.titleEs : page.titleEn}</span>
                    <span className="block text-xs text-slate-600">/{page.slug}</span>
                  </td>
                  <td className="py-2 pr-3">
                    {page.translationPending ? (
                      <span
                        className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
                        data-testid="needs-translation"
                      >
                        {t("admin.index.status.needs", { language: languageName(page.translationPending) })}
                      </span>
                    ) : (
                      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                        {t("admin.index.status.upToDate")}
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-3 text-xs whitespace-nowrap">
                    {t("admin.index.updatedPair", { en: day(page.enUpdatedAt), es: day(page.esUpdatedAt) })}
                    {page.editorName ? <span className="block text-slate-600">{page.editorName}</span> : null}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {page.lastVerifiedOn ? formatDay(page.lastVerifiedOn, language) : "—"}
                  </td>
                  <td className="py-2">
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="contacts-title">
        <h2 id="contacts-title" className="text-xl font-bold">
          {t("admin.index.contactsTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t("admin.index.contactsIntro")}</p>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("admin.index.contactColumns.name")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("admin.index.contactColumns.phone")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("admin.index.contactColumns.page")}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("admin.index.contactColumns.checked")}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t("admin.index.contactColumns.edit")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loaderData.contacts.map((contact) => (
                <tr key={contact.id}>
                  <td className="py-2 pr-3">{language === "es" ? contact.nameEs : contact.name}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{contact.phone ?? t("admin.index.noPhone")}</td>
                  <td className="py-2 pr-3">/{contact.pageSlug}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {contact.lastVerifiedOn ? formatDay(contact.lastVerifiedOn, language) : "—"}
                  </td>
                  <td className="py-2">
                    <LocalizedLink
                      to={`/admin/content/contacts/${contact.id}`}
                      className="font-medium text-brand-800 underline"
                    >
                      {t("admin.index.editContact")}
                      <span className="sr-only">: {language === "es" ? contact.nameEs : contact.name}</span>
                    </LocalizedLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="messages-title">
        <h2 id="messages-title" className="text-xl font-bold">
          {t("admin.index.messagesTitle")}
        </h2>
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
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${message.handled ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}
                  >
                    {message.handled ? t("admin.index.handled") : t("admin.index.open")}
                  </span>
                </div>
                <p className="mt-2 text-sm whitespace-pre-wrap break-words">{message.message}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <a href={`mailto:${encodeURIComponent(message.email)}`} className="btn-secondary">
                    {t("admin.index.reply")}
                  </a>
                  <Form method="post">
                    <input type="hidden" name="id" value={message.id} />
                    <input type="hidden" name="handled" value={message.handled ? "false" : "true"} />
                    <button type="submit" className="btn-secondary">
                      {message.handled ? t("admin.index.markOpen") : t("admin.index.markHandled")}
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
