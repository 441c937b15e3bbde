import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { lazy, Suspense } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { Gallery } from "#app/components/directory/gallery";
import { LazyMap } from "#app/components/directory/lazy-map";
import { pinOf } from "#app/components/directory/map-pin";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { JsonLd } from "#app/components/layout/json-ld";
import { PropertyPrice } from "#app/components/realestate/property-price";
import { FormField } from "#app/components/ui/form-field";
import { FormErrors } from "#app/components/ui/form-message";
import {
  AlertTriangle,
  BadgeCheck,
  Check,
  Clock,
  Landmark,
  Mail,
  MapPin,
  Phone,
  Waves,
} from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { StatusBadge } from "#app/components/ui/status-badge";
import { serializeJsonLd } from "#app/features/directory/json-ld";
import { contactMethods, maritimeZone, priceUnit, realEstateLimits } from "#app/features/realestate/constants";
import { inquirySchema } from "#app/features/realestate/forms";
import { createInquiry } from "#app/features/realestate/leads.server";
import { getProperty, ownsProperty } from "#app/features/realestate/properties.server";
import { clientInfo } from "#app/lib/client-info.server";
import { formatPhone, telHref } from "#app/lib/contact-links";
import { env } from "#app/lib/env.server";
import { orAppError } from "#app/lib/errors.server";
import { formatNumber } from "#app/lib/format";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { requestOrigin } from "#app/lib/seo";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { redirectWithToast } from "#app/web/flash.server";
import { readFormData, submitForm } from "#app/web/form-action.server";
import { getSessionUser } from "#app/web/session.server";
import { unreadableFormReply } from "#app/web/unreadable-form.server";
import type { Route } from "./+types/$slug";

// A property's page: photos, price with its unit (colones in Spanish), the facts, Costa Rica's own
// (title type, the maritime-terrestrial zone), a map, schema.org JSON-LD, and an inquiry form that
// becomes a lead for the owner. Anonymous copies are cached; a property write bumps "properties".
export const handle = {
  i18n: ["realestate", "directory", "moderation:report", "moderation:reasons", "moderation:errors"],
  cache: { kinds: ["properties", "site"] },
} satisfies TranslationsHandle & { cache: RouteCachePolicy };

const ReportControl = lazy(() =>
  import("#app/components/moderation/report-form").then((module) => ({ default: module.ReportControl })),
);

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const user = await getSessionUser(request);
  const property = await orAppError(language, () => getProperty({ slug: params.slug, language, viewer: user }));
  const site = await getSiteConfig(language);
  const origin = requestOrigin(request, env().SITE_URL);
  const url = origin + localizePath(`/real-estate/${property.slug}`, language);
  const unit = priceUnit[property.listingType];
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    name: property.title,
    description: property.description,
    url,
    datePosted: property.publishedAt ?? undefined,
    // An empty list is invalid structured data: no photos, no image.
    ...(property.images.length
      ? { image: property.images.map((image) => `${origin}/uploads/${image.key}-${Math.max(...image.widths)}.webp`) }
      : {}),
    offers: {
      "@type": "Offer",
      price: property.priceUsd,
      priceCurrency: "USD",
      businessFunction:
        property.listingType === "sale"
          ? "http://purl.org/goodrelations/v1#Sell"
          : "http://purl.org/goodrelations/v1#LeaseOut",
      ...(unit !== "total"
        ? {
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price: property.priceUsd,
              priceCurrency: "USD",
              unitCode: unit === "month" ? "MON" : "DAY",
            },
          }
        : {}),
    },
    about: {
      "@type":
        property.propertyType === "lot"
          ? "Place"
          : property.propertyType === "house"
            ? "SingleFamilyResidence"
            : "Accommodation",
      ...(property.propertyType !== "lot"
        ? { numberOfBedrooms: property.bedrooms, numberOfBathroomsTotal: property.bathrooms }
        : {}),
      ...(property.constructionM2
        ? { floorSize: { "@type": "QuantitativeValue", value: property.constructionM2, unitCode: "MTK" } }
        : {}),
      address: {
        "@type": "PostalAddress",
        addressLocality: property.area.name,
        addressRegion: "Guanacaste",
        addressCountry: "CR",
      },
      ...(property.latitude !== null && property.longitude !== null
        ? { geo: { "@type": "GeoCoordinates", latitude: property.latitude, longitude: property.longitude } }
        : {}),
    },
  };
  return {
    head: {
      title: t("realestate:detail.metaTitle", { title: property.title, area: property.area.name }),
      description: property.description.slice(0, 160),
      image: property.images[0]
        ? `${origin}/uploads/${property.images[0].key}-${Math.max(...property.images[0].widths)}.webp`
        : undefined,
      noindex: property.status !== "published",
    },
    property: { ...property, ownerId: undefined },
    rate: site.exchangeRate,
    jsonLd: serializeJsonLd(jsonLd),
    viewer: { signedIn: Boolean(user), own: ownsProperty(user, property) },
    // A signed-in person's inquiry starts with their account's name and email (they may change them).
    sender: user ? { name: user.name, email: user.email } : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { language } = await getRequestTranslator(request);
  const user = await getSessionUser(request);
  const property = await orAppError(language, () => getProperty({ slug: params.slug, language, viewer: user }));
  const formData = await readFormData(request);
  if (!formData) return unreadableFormReply("realestate:form.errors.intent");
  return submitForm(
    formData,
    inquirySchema,
    async (value) => {
      await createInquiry({
        propertyId: property.id,
        input: value,
        language,
        sender: user,
        clientKey: user?.id ?? clientInfo(request, context).ip,
      });
      return redirectWithToast(
        request,
        `${localizePath(`/real-estate/${property.slug}`, language)}#inquiry`,
        "inquirySent",
      );
    },
    { failure: {} },
  );
}

function InquiryForm({ sender }: { sender: { name: string; email: string } | null }) {
  const { t } = useTranslation("realestate");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof inquirySchema>, z.output<typeof inquirySchema>>({
    id: "inquiry-form",
    defaultValue: sender ?? undefined,
    lastResult: actionData && "result" in actionData ? actionData.result : null,
    constraint: getZodConstraint(inquirySchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inquirySchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" data-testid="inquiry-form" preventScrollReset>
      <FormErrors id={form.errorId} errors={form.errors} />
      <FormField field={fields.name} label={t("inquiry.name")} autoComplete="name" maxLength={120} />
      <FormField field={fields.email} label={t("inquiry.email")} type="email" autoComplete="email" maxLength={200} />
      <FormField
        field={fields.phone}
        label={t("inquiry.phone")}
        type="tel"
        autoComplete="tel"
        optional
        maxLength={40}
      />
      <FormField
        field={fields.preferredContact}
        label={t("inquiry.preferredContact")}
        as="select"
        placeholder={t("form.choose")}
        options={contactMethods.map((method) => ({ value: method, label: t(`contactMethods.${method}`) }))}
      />
      <FormField
        field={fields.message}
        label={t("inquiry.message")}
        as="textarea"
        rows={4}
        maxLength={realEstateLimits.messageMax}
        hint={t("inquiry.messageHint")}
      />
      <p className="text-xs text-slate-600">{t("inquiry.privacy")}</p>
      <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
        <Mail className="mr-1.5 size-4" aria-hidden="true" />
        {t("inquiry.send")}
      </button>
    </Form>
  );
}

export default function PropertyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("realestate");
  const language = useLanguage();
  const { property, rate, viewer } = loaderData;
  const points = pinOf({ ...property, name: property.title }, localizePath(`/real-estate/${property.slug}`, language));
  const facts: { label: string; value: string }[] = [
    { label: t("detail.type"), value: t(`types.${property.propertyType}`) },
    { label: t("detail.listing"), value: t(`listing.${property.listingType}`) },
    ...(property.propertyType !== "lot"
      ? [
          { label: t("detail.bedrooms"), value: formatNumber(property.bedrooms, language) },
          { label: t("detail.bathrooms"), value: formatNumber(property.bathrooms, language) },
        ]
      : []),
    ...(property.constructionM2
      ? [
          {
            label: t("detail.construction"),
            value: t("detail.m2", { m2: formatNumber(property.constructionM2, language) }),
          },
        ]
      : []),
    ...(property.lotM2
      ? [{ label: t("detail.lot"), value: t("detail.m2", { m2: formatNumber(property.lotM2, language) }) }]
      : []),
    { label: t("detail.titleType"), value: t(`titleTypes.${property.titleType}`) },
    { label: t("detail.area"), value: property.area.name },
  ];
  return (
    <article className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <JsonLd json={loaderData.jsonLd} />
      <nav aria-label={t("detail.breadcrumb")} className="text-sm text-slate-600">
        <LocalizedLink to="/real-estate" className="text-brand-800 underline">
          ← {t("detail.back")}
        </LocalizedLink>
      </nav>
      <header className="mt-3 space-y-2">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <StatusBadge tone="info">{t(`listing.${property.listingType}`)}</StatusBadge>
          {property.agentListing ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900"
              data-testid="verified-agent"
            >
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              {t("card.verifiedAgent")}
            </span>
          ) : null}
          {property.status === "pending" ? (
            <StatusBadge tone="warning" testId="pending-badge">
              <Clock className="mr-1 size-3.5" aria-hidden="true" />
              {t("detail.pending")}
            </StatusBadge>
          ) : null}
        </p>
        <h1 className="text-2xl font-bold break-words sm:text-3xl">{property.title}</h1>
        <p className="flex items-center gap-1 text-sm text-slate-700">
          <MapPin className="size-4" aria-hidden="true" />
          {property.area.name}
        </p>
        <PropertyPrice priceUsd={property.priceUsd} listingType={property.listingType} rate={rate} size="large" />
      </header>

      {property.images.length ? (
        <Gallery images={property.images.map((image) => ({ ...image, id: image.key }))} hiddenImageCount={0} />
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="facts-title" className="rounded-xl border border-slate-200 p-4">
            <h2 id="facts-title" className="mb-2 text-lg font-semibold">
              {t("detail.facts")}
            </h2>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3" data-testid="property-facts">
              {facts.map((fact) => (
                <div key={fact.label}>
                  <dt className="text-slate-600">{fact.label}</dt>
                  <dd className="font-medium text-slate-900">{fact.value}</dd>
                </div>
              ))}
            </dl>
          </section>

          {property.inMaritimeZone || property.titleType === "concession" ? (
            <section
              aria-labelledby="zone-title"
              className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
              data-testid="maritime-zone-note"
            >
              <Waves className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <div className="space-y-1">
                <h2 id="zone-title" className="font-semibold">
                  {t("zone.title")}
                </h2>
                <p>
                  {t("zone.text", {
                    publicMeters: maritimeZone.publicMeters,
                    concessionMeters: maritimeZone.concessionMeters,
                  })}
                </p>
                <p>{property.titleType === "concession" ? t("zone.concession") : t("zone.checkTitle")}</p>
              </div>
            </section>
          ) : (
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <Landmark className="size-4" aria-hidden="true" />
              {t(`titleTypes.${property.titleType}Hint`)}
            </p>
          )}

          <section aria-labelledby="description-title" className="space-y-2">
            <h2 id="description-title" className="text-lg font-semibold">
              {t("detail.description")}
            </h2>
            <p lang={property.descriptionLanguage} className="break-words whitespace-pre-line text-slate-800">
              {property.description}
            </p>
            {property.descriptionLanguage !== language ? (
              <p className="text-xs text-slate-500 italic" data-testid="written-in">
                {t("detail.writtenIn", { language: t(`languages.${property.descriptionLanguage}`) })}
              </p>
            ) : null}
          </section>

          {property.features.length ? (
            <section aria-labelledby="features-title" className="space-y-2">
              <h2 id="features-title" className="text-lg font-semibold">
                {t("detail.features")}
              </h2>
              <ul className="grid gap-1.5 text-sm sm:grid-cols-2">
                {property.features.map((feature) => (
                  <li key={feature} className="flex items-center gap-2">
                    <Check className="size-4 text-brand-700" aria-hidden="true" />
                    {t(`features.${feature}`)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {points.length ? (
            <LazyMap
              points={points}
              title={t("detail.mapTitle", { title: property.title })}
              area={property.area.slug}
              sectionClassName=""
              className="h-64 sm:h-80"
              zoom={15}
            />
          ) : null}

          {!viewer.own ? (
            <Suspense>
              <ReportControl kind="property" itemId={property.id} signedIn={viewer.signedIn} own={false} />
            </Suspense>
          ) : null}
        </div>

        <div className="min-w-0 space-y-4 lg:row-span-2">
          <section aria-labelledby="contact-title" className="rounded-xl border border-slate-200 p-4 text-sm">
            <h2 id="contact-title" className="font-semibold">
              {t("detail.listedBy")}
            </h2>
            <p className="mt-1">{property.contactName}</p>
            <p className="mt-1 text-slate-600">
              {t("detail.prefers", { method: t(`contactMethods.${property.preferredContact}`) })}
            </p>
            {telHref(property.contactPhone) ? (
              <p className="mt-2">
                <a
                  href={telHref(property.contactPhone) ?? undefined}
                  className="inline-flex items-center gap-1 text-brand-800 underline"
                >
                  <Phone className="size-4" aria-hidden="true" />
                  {formatPhone(property.contactPhone)}
                </a>
              </p>
            ) : property.contactPhone ? (
              <p className="mt-2">{property.contactPhone}</p>
            ) : null}
          </section>
          <section
            id="inquiry"
            aria-labelledby="inquiry-title"
            className="scroll-mt-20 rounded-xl border border-slate-200 p-4"
          >
            <h2 id="inquiry-title" className="mb-1 text-lg font-semibold">
              {t("inquiry.title")}
            </h2>
            {viewer.own ? (
              <p className="text-sm text-slate-700">
                {t("inquiry.yours")}{" "}
                <LocalizedLink to="/dashboard/properties" className="text-brand-800 underline">
                  {t("inquiry.manage")}
                </LocalizedLink>
              </p>
            ) : (
              <>
                <p className="mb-3 flex gap-2 text-xs text-slate-600">
                  <AlertTriangle className="size-4 shrink-0 text-amber-700" aria-hidden="true" />
                  {t("inquiry.safety")}
                </p>
                <InquiryForm sender={loaderData.sender} />
              </>
            )}
          </section>
        </div>
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
