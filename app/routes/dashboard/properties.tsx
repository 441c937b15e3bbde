import { data, Form, useActionData } from "react-router";
import { wholePrice } from "#app/components/realestate/property-price";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { FieldFrame, inputClass } from "#app/components/ui/form-field";
import { FieldErrors, FormErrors } from "#app/components/ui/form-message";
import { BadgeCheck, Bell, Camera, House, Plus, Users } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { StatusBadge, type StatusTone } from "#app/components/ui/status-badge";
import { deleteSavedSearch, listMySavedSearches } from "#app/features/realestate/alerts.server";
import { imageWidths, priceUnit } from "#app/features/realestate/constants";
import { priceSchema } from "#app/features/realestate/forms";
import { countMyLeads } from "#app/features/realestate/leads.server";
import {
  addPropertyImage,
  listingAllowance,
  listMyProperties,
  removeProperty,
  updatePropertyPrice,
} from "#app/features/realestate/properties.server";
import { handleAction } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { redirectBackWithToast } from "#app/web/flash.server";
import { readFormData } from "#app/web/form-action.server";
import { actOnIntent } from "#app/web/intents";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/properties";

// Dashboard "my properties": the person's listings (price, photos, removal), how many inquiries
// they have, their allowance and plan, and their saved searches with alerts. Photos are posted
// here as multipart, so the page takes the larger upload body.
export const handle = { i18n: ["realestate"], acceptsUploads: true } satisfies TranslationsHandle & {
  acceptsUploads: boolean;
};

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t } = await getRequestTranslator(request);
  const [properties, allowance, searches, leads] = await Promise.all([
    listMyProperties({ actor: user }),
    listingAllowance(user),
    listMySavedSearches({ actor: user }),
    countMyLeads({ actor: user }),
  ]);
  return {
    head: { title: t("realestate:dashboard.metaTitle"), description: t("realestate:dashboard.intro"), noindex: true },
    properties,
    allowance,
    searches,
    leads,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  if (!formData) return data({ propertyId: null, error: "realestate:form.errors.intent" }, { status: 400 });
  const propertyId = typeof formData.get("propertyId") === "string" ? String(formData.get("propertyId")) : null;
  const failure = { failure: { propertyId } };
  return actOnIntent(
    formData,
    {
      price: async () => {
        const parsed = priceSchema.safeParse({ intent: "price", propertyId, priceUsd: formData.get("priceUsd") });
        if (!parsed.success)
          return data(
            { propertyId, error: parsed.error.issues[0]?.message ?? "realestate:form.errors.price" },
            { status: 400 },
          );
        return handleAction(async () => {
          await updatePropertyPrice({
            actor: user,
            propertyId: parsed.data.propertyId,
            priceUsd: parsed.data.priceUsd,
          });
          return redirectBackWithToast(request, "priceSaved");
        }, failure);
      },
      photo: async () => {
        const file = formData.get("photo");
        const alt = String(formData.get("alt") ?? "")
          .trim()
          .slice(0, 200);
        // A refused photo answers at its field, with the description typed kept.
        const photoFailure = { propertyId, intent: "photo" as const, alt };
        if (!(file instanceof File) || file.size === 0)
          return data({ ...photoFailure, error: "realestate:errors.image.size" }, { status: 400 });
        const bytes = new Uint8Array(await file.arrayBuffer());
        return handleAction(
          async () => {
            await addPropertyImage({ actor: user, propertyId: propertyId ?? "", bytes, alt });
            return redirectBackWithToast(request, "photoAdded");
          },
          { failure: photoFailure },
        );
      },
      remove: () =>
        handleAction(async () => {
          await removeProperty({ actor: user, propertyId: propertyId ?? "" });
          return redirectBackWithToast(request, "propertyRemoved");
        }, failure),
      "delete-search": () => {
        const searchId = String(formData.get("searchId") ?? "");
        return handleAction(async () => {
          await deleteSavedSearch({ actor: user, searchId });
          return redirectBackWithToast(request, "searchDeleted");
        }, failure);
      },
    },
    () => data({ propertyId: null, error: "realestate:form.errors.intent" }, { status: 400 }),
  );
}

const statusTone: Record<string, StatusTone> = { published: "success", pending: "warning", hidden: "danger" };

export default function DashboardProperties({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("realestate");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const { properties, allowance, searches, leads } = loaderData;
  const answered = (propertyId: string | null) =>
    actionData && "error" in actionData && actionData.propertyId === propertyId ? actionData : null;
  const photoAnswer = (propertyId: string) => {
    const answer = answered(propertyId);
    return answer && "intent" in answer && answer.intent === "photo" && "alt" in answer ? answer : null;
  };
  const errorFor = (propertyId: string | null) => {
    const answer = answered(propertyId);
    return answer && !(propertyId && photoAnswer(propertyId)) ? [answer.error as string] : null;
  };
  const describeSearch = (filters: (typeof searches)[number]["filters"]) => {
    const parts = [
      filters.listing ? (filters.listing === "rent" ? t("filters.anyRent") : t(`listing.${filters.listing}`)) : null,
      filters.type ? t(`types.${filters.type}`) : null,
      filters.minPrice !== undefined
        ? t("dashboard.from", { price: wholePrice(filters.minPrice, language, null).text })
        : null,
      filters.maxPrice !== undefined
        ? t("dashboard.upTo", { price: wholePrice(filters.maxPrice, language, null).text })
        : null,
      filters.beds !== undefined ? t("dashboard.beds", { count: filters.beds }) : null,
      filters.baths !== undefined ? t("dashboard.baths", { count: filters.baths }) : null,
      filters.area ?? null,
    ].filter(Boolean);
    return parts.length ? parts.join(" · ") : t("dashboard.everything");
  };
  return (
    <div className="space-y-8">
      <PageHeader
        title={t("dashboard.title")}
        description={t("dashboard.intro")}
        actions={
          allowance.used < allowance.limit ? (
            <LocalizedLink to="/real-estate/new" className="btn-primary">
              <Plus className="mr-1.5 size-4" aria-hidden="true" />
              {t("page.listProperty")}
            </LocalizedLink>
          ) : null
        }
      >
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="plan-line">
          {allowance.agent ? (
            <StatusBadge tone="success">
              <BadgeCheck className="mr-1 size-3.5" aria-hidden="true" />
              {t("card.verifiedAgent")}
            </StatusBadge>
          ) : null}
          <span>{t("new.allowance", { used: allowance.used, limit: allowance.limit })}</span>
          {!allowance.agent ? (
            <LocalizedLink to="/real-estate/upgrade" className="text-brand-800 underline">
              {t("dashboard.upgrade")}
            </LocalizedLink>
          ) : null}
        </p>
      </PageHeader>
      <FormErrors errors={errorFor(null)} />

      {leads.total ? (
        <p className="flex items-center gap-2 rounded-xl bg-brand-50 p-4 text-sm" data-testid="leads-summary">
          <Users className="size-5 text-brand-700" aria-hidden="true" />
          <span>
            {t("dashboard.leadsSummary", { count: leads.total, fresh: leads.fresh })}{" "}
            {allowance.agent ? (
              <LocalizedLink to="/dashboard/leads" className="text-brand-800 underline">
                {t("dashboard.openLeads")}
              </LocalizedLink>
            ) : (
              t("dashboard.leadsByEmail")
            )}
          </span>
        </p>
      ) : null}

      <PageSection id="my-properties" title={t("dashboard.listings")}>
        {properties.length ? (
          <ul className="space-y-4" data-testid="my-properties">
            {properties.map((property) => (
              <li key={property.id} className="space-y-3 rounded-xl border border-slate-200 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <LocalizedLink
                    to={`/real-estate/${property.slug}`}
                    className="font-semibold text-brand-800 underline"
                  >
                    {property.title}
                  </LocalizedLink>
                  <StatusBadge tone={statusTone[property.status] ?? "neutral"}>
                    {t(`statuses.${property.status}`)}
                  </StatusBadge>
                  <span className="text-sm text-slate-600">
                    {wholePrice(property.priceUsd, language, null).text}
                    {priceUnit[property.listingType] !== "total"
                      ? ` ${t(`price.per.${priceUnit[property.listingType]}`)}`
                      : ""}
                  </span>
                  <span className="text-xs text-slate-500">
                    {t("dashboard.listedOn", {
                      date: formatDate(new Date(property.createdAt), language, { dateStyle: "medium" }),
                    })}
                  </span>
                </div>
                <FormErrors errors={errorFor(property.id)} />
                <div className="grid gap-4 md:grid-cols-2">
                  <Form method="post" className="flex items-end gap-2" preventScrollReset>
                    <input type="hidden" name="intent" value="price" />
                    <input type="hidden" name="propertyId" value={property.id} />
                    <div className="flex-1">
                      <FieldFrame id={`price-${property.id}`} label={t("dashboard.price")}>
                        <input
                          id={`price-${property.id}`}
                          name="priceUsd"
                          inputMode="numeric"
                          defaultValue={String(property.priceUsd)}
                          maxLength={14}
                          className={inputClass}
                        />
                      </FieldFrame>
                    </div>
                    <button type="submit" className="btn-secondary">
                      {t("dashboard.savePrice")}
                    </button>
                  </Form>
                  <Form method="post" encType="multipart/form-data" className="space-y-2" preventScrollReset>
                    <input type="hidden" name="intent" value="photo" />
                    <input type="hidden" name="propertyId" value={property.id} />
                    <FieldFrame
                      id={`photo-${property.id}`}
                      label={t("dashboard.addPhoto", { count: property.photoCount })}
                      hint={t("dashboard.photoHint", { widths: imageWidths.length })}
                    >
                      <input
                        id={`photo-${property.id}`}
                        name="photo"
                        type="file"
                        accept="image/jpeg,image/png,image/webp"
                        aria-describedby={`photo-${property.id}-hint${photoAnswer(property.id) ? ` photo-${property.id}-error` : ""}`}
                        aria-invalid={photoAnswer(property.id) ? true : undefined}
                        className="mt-1 block w-full text-sm"
                      />
                      <FieldErrors
                        id={`photo-${property.id}-error`}
                        errors={photoAnswer(property.id) ? [photoAnswer(property.id)?.error as string] : undefined}
                      />
                    </FieldFrame>
                    <FieldFrame id={`alt-${property.id}`} label={t("dashboard.photoAlt")} optional>
                      <input
                        id={`alt-${property.id}`}
                        name="alt"
                        maxLength={200}
                        defaultValue={String(photoAnswer(property.id)?.alt ?? "")}
                        key={photoAnswer(property.id) ? "kept" : "empty"}
                        className={inputClass}
                      />
                    </FieldFrame>
                    <button type="submit" className="btn-secondary">
                      <Camera className="mr-1.5 size-4" aria-hidden="true" />
                      {t("dashboard.upload")}
                    </button>
                  </Form>
                </div>
                <ConfirmDialog
                  trigger={t("dashboard.remove")}
                  title={t("dashboard.removeTitle")}
                  message={t("dashboard.removeText")}
                  confirm={t("dashboard.remove")}
                  fields={{ intent: "remove", propertyId: property.id }}
                />
              </li>
            ))}
          </ul>
        ) : (
          <div
            className="rounded-2xl border border-dashed border-slate-300 p-6 text-center"
            data-testid="no-properties"
          >
            <House className="mx-auto size-8 text-slate-400" aria-hidden="true" />
            <p className="mt-2 font-semibold">{t("dashboard.emptyTitle")}</p>
            <p className="mt-1 text-sm text-slate-600">{t("dashboard.emptyText")}</p>
          </div>
        )}
      </PageSection>

      <PageSection id="saved-searches" title={t("dashboard.searches")} testId="saved-searches">
        {searches.length ? (
          <ul className="space-y-2">
            {searches.map((search) => (
              <li
                key={search.id}
                className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3 text-sm"
              >
                <Bell className="size-4 text-brand-700" aria-hidden="true" />
                <LocalizedLink
                  to={`/real-estate${search.query ? `?${search.query}` : ""}`}
                  className="text-brand-800 underline"
                >
                  {describeSearch(search.filters)}
                </LocalizedLink>
                <StatusBadge tone="info">{t(`alerts.frequencies.${search.frequency}`)}</StatusBadge>
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="intent" value="delete-search" />
                  <input type="hidden" name="searchId" value={search.id} />
                  <button type="submit" className="text-sm text-red-800 underline">
                    {t("dashboard.deleteSearch")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">
            {t("dashboard.noSearches")}{" "}
            <LocalizedLink to="/real-estate" className="text-brand-800 underline">
              {t("dashboard.browse")}
            </LocalizedLink>
          </p>
        )}
      </PageSection>
    </div>
  );
}
