import { data, Form, redirect, useActionData, useSearchParams } from "react-router";
import { Notice } from "#app/components/accounts/fields";
import { BillingStatus, FeatureList, SinpeReceiptLink } from "#app/components/billing/plan-parts";
import { NoListingsYet } from "#app/components/owner/no-listings-yet";
import { FieldFrame, inputClass } from "#app/components/ui/form-field";
import { FieldErrors, FormErrors } from "#app/components/ui/form-message";
import { LabelledInput } from "#app/components/ui/labelled-input";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { myPlanRequests, ownedListings, requestPlan } from "#app/features/billing/grants.server";
import { mySubscriptions } from "#app/features/billing/overview.server";
import { isSellable, listPlanRows, planListingFeatures, planText } from "#app/features/billing/plans.server";
import { configuredProviders, paymentProviders } from "#app/features/billing/providers/index.server";
import {
  mySinpeTransfers,
  receiptPhotoMaxBytes,
  sinpeExpiryMs,
  sinpeNumber,
  submitSinpeReference,
} from "#app/features/billing/sinpe.server";
import { openBillingPortal } from "#app/features/billing/stripe.server";
import { formatPhone } from "#app/lib/contact-links";
import { handleAction } from "#app/lib/errors.server";
import { formatDate, formatMoney, showPrice } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteHandle } from "#app/lib/route-handle";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { redirectBackWithToast } from "#app/web/flash.server";
import { readFormData } from "#app/web/form-action.server";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/subscription";

// The owner's plans: what each listing is on, until when, what it unlocks; and the way up: the
// payment providers that are on (providers/index.server.ts: ONVO Pay in colones, Stripe's Checkout
// and Billing Portal, SINPE Móvil to the site's number), or, with no online provider, a request an
// admin answers by granting the plan.
// The SINPE reference form may carry a photo of the bank's receipt.
export const handle = { i18n: ["billing"], acceptsUploads: true } satisfies TranslationsHandle & RouteHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t, language } = await getRequestTranslator(request);
  const [subscriptions, plans, listings, requests, site, transfers] = await Promise.all([
    mySubscriptions({ actor: user }),
    listPlanRows({ all: true }),
    ownedListings(user),
    myPlanRequests({ actor: user }),
    getSiteConfig(language),
    mySinpeTransfers({ actor: user }),
  ]);
  const sinpe = sinpeNumber();
  const rate = site.exchangeRate;
  const providers = configuredProviders().map((provider) => provider.id);
  const price = (cents: number | null) =>
    cents == null ? null : showPrice({ amountMinor: cents, currency: "USD", language, rate }).text;
  const byId = new Map(plans.map((plan) => [plan.id, plan]));
  const nameOf = (id: string) => {
    const plan = byId.get(id);
    return plan ? planText(plan, language).name : id;
  };
  return {
    head: { title: t("billing:subscription.title"), description: t("billing:subscription.intro"), noindex: true },
    receiptMaxMb: receiptPhotoMaxBytes / 1024 / 1024,
    stripe: providers.includes("stripe"),
    // ONVO's amount is in colones at the site's dated rate: without a rate it cannot be offered.
    onvo: providers.includes("onvo") && rate !== null,
    hasStripeCustomer: subscriptions.some((row) => row.source === "stripe"),
    subscriptions: subscriptions.map((row) => {
      const plan = byId.get(row.planId);
      return {
        ...row,
        planName: nameOf(row.planId),
        // A listing's plan shows what the listing gets; a person's plan (the agent's) its own keys.
        features: plan ? (row.businessId ? planListingFeatures(plan) : plan.features) : [],
      };
    }),
    offers: plans.filter(isSellable).map((plan) => ({
      id: plan.id,
      ...planText(plan, language),
      monthly: price(plan.monthlyPriceUsdCents),
      yearly: price(plan.yearlyPriceUsdCents),
      features: planListingFeatures(plan),
      listingLimit: plan.listingLimit,
      // Listings already on this plan: shown, but not offered it again.
      currentFor: subscriptions
        .filter((row) => row.live && row.planId === plan.id && row.businessId)
        .map((row) => row.businessId as string),
    })),
    listings: listings.map((listing) => ({ id: listing.id, name: listing.name })),
    // SINPE Móvil needs the site's number and a dated rate to say the amount in colones.
    sinpe: sinpe && rate ? { number: formatPhone(sinpe) } : null,
    transfers: transfers.map((row) => ({
      id: row.id,
      status: row.status,
      code: row.code,
      plan: nameOf(row.planId),
      business: listings.find((listing) => listing.id === row.businessId)?.name ?? "",
      amountCrc: formatMoney(row.amountCrc, language, "CRC"),
      amountUsd: formatMoney(row.amountUsdCents / 100, language, "USD"),
      rate: row.crcPerUsd.toLocaleString(language === "es" ? "es-CR" : "en-US", { maximumFractionDigits: 2 }),
      rateOn: row.rateOn,
      reference: row.bankReference,
      hasReceiptPhoto: Boolean(row.receiptPhotoKey),
      reason: row.reason,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      expiresAt: new Date(row.createdAt.getTime() + sinpeExpiryMs).toISOString(),
    })),
    requests: requests.map((row) => ({
      id: row.id,
      plan: nameOf(row.planId),
      business: listings.find((listing) => listing.id === row.businessId)?.name ?? "",
    })),
  };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { language } = await getRequestTranslator(request);
  const form = await readFormData(request);
  if (!form) return data({ error: "billing:errors.intent", note: "" }, { status: 400 });
  const text = (name: string, max: number) => String(form.get(name) ?? "").slice(0, max);
  const intent = text("intent", 20);
  if (intent === "portal")
    return handleAction(async () => redirect(await openBillingPortal({ actor: user, language })), {
      failure: { note: "" },
    });
  if (intent === "sinpe-reference") {
    const transferId = Number.parseInt(text("transferId", 20), 10);
    const reference = text("reference", 60).trim();
    if (!Number.isSafeInteger(transferId) || transferId < 1)
      return data({ error: "billing:errors.sinpeNoTransfer", note: "", reference }, { status: 400 });
    const file = form.get("receipt");
    const photo = file instanceof File && file.size > 0 ? { bytes: new Uint8Array(await file.arrayBuffer()) } : null;
    return handleAction(
      async () => {
        await submitSinpeReference({ actor: user, transferId, reference, photo });
        return redirectBackWithToast(request, "sinpeSubmitted");
      },
      { failure: { note: "", reference, transferId } },
    );
  }
  const planId = text("planId", 40);
  const businessId = text("businessId", 40);
  const note = text("note", 2000).trim();
  if (!uuid.test(businessId)) return data({ error: "billing:errors.noBusiness", note }, { status: 400 });
  if (!/^[a-z0-9-]{1,40}$/.test(planId)) return data({ error: "billing:errors.noPlan", note }, { status: 400 });
  const provider = paymentProviders.find((candidate) => candidate.intent === intent);
  if (provider) {
    const interval = text("interval", 10) === "year" ? "year" : "month";
    return handleAction(
      async () => {
        const started = await provider.start({ actor: user, planId, businessId, interval, language });
        return "redirect" in started ? redirect(started.redirect) : redirectBackWithToast(request, started.toast);
      },
      { failure: { note } },
    );
  }
  if (intent === "request") {
    if (note.length > 500) return data({ error: "billing:errors.noteTooLong", note }, { status: 400 });
    return handleAction(
      async () => {
        await requestPlan({ actor: user, planId, businessId, note });
        return redirectBackWithToast(request, "planRequested");
      },
      { failure: { note } },
    );
  }
  return data({ error: "billing:errors.intent", note }, { status: 400 });
}

export default function SubscriptionPage({ loaderData }: Route.ComponentProps) {
  const receiptMaxMb = loaderData.receiptMaxMb;
  const { t } = useTranslation("billing");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const checkout = params.get("checkout");
  const live = loaderData.subscriptions.filter((row) => row.live);
  const past = loaderData.subscriptions.filter((row) => !row.live);
  const date = (iso: string) => formatDate(new Date(iso), language, { dateStyle: "medium" });
  return (
    <section aria-labelledby="subscription-title" className="space-y-8">
      <PageHeader
        titleId="subscription-title"
        title={t("subscription.title")}
        description={t("subscription.intro")}
        actions={
          loaderData.stripe && loaderData.hasStripeCustomer ? (
            <Form method="post">
              <input type="hidden" name="intent" value="portal" />
              <button type="submit" className="btn-secondary" data-testid="billing-portal">
                {t("subscription.portal")}
              </button>
            </Form>
          ) : null
        }
      />
      {checkout === "done" ? <Notice>{t("subscription.checkoutDone")}</Notice> : null}
      {checkout === "cancelled" ? <Notice>{t("subscription.checkoutCancelled")}</Notice> : null}
      <FormErrors
        errors={
          actionData && "error" in actionData && !String(actionData.error).startsWith("billing:errors.receipt.")
            ? [actionData.error as string]
            : null
        }
      />

      <PageSection id="current-plans" title={t("subscription.current")}>
        {live.length ? (
          <ul className="space-y-3">
            {live.map((row) => (
              <li
                key={row.id}
                className="space-y-3 rounded-xl border border-slate-200 p-4"
                data-testid="current-plan"
                data-plan={row.planId}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold">{row.planName}</h3>
                  <BillingStatus status={row.status} />
                  {row.business ? <span className="text-sm text-slate-600">· {row.business}</span> : null}
                </div>
                <p className="text-sm text-slate-700">
                  {row.periodEnd
                    ? row.source === "stripe" && !row.cancelAtPeriodEnd
                      ? t("subscription.renews", { date: date(row.periodEnd) })
                      : t("subscription.ends", { date: date(row.periodEnd) })
                    : row.source === "stripe"
                      ? t("subscription.paid")
                      : t("subscription.noEnd")}
                  {" · "}
                  {t(`source.${row.source}`)}
                </p>
                <FeatureList features={row.features} />
              </li>
            ))}
          </ul>
        ) : (
          <p
            className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600"
            data-testid="no-plan"
          >
            {t("subscription.none")}
          </p>
        )}
      </PageSection>

      {loaderData.requests.length ? (
        <PageSection id="open-requests" title={t("subscription.requests")}>
          <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="my-requests">
            {loaderData.requests.map((row) => (
              <li key={row.id}>{t("subscription.requestWaiting", { plan: row.plan, business: row.business })}</li>
            ))}
          </ul>
        </PageSection>
      ) : null}

      {loaderData.transfers.length ? (
        <PageSection id="sinpe-payments" title={t("subscription.sinpe.title")}>
          <ul className="space-y-3">
            {loaderData.transfers.map((row) => {
              const open = row.status === "awaiting" || row.status === "submitted";
              const failed = actionData && "transferId" in actionData && actionData.transferId === row.id;
              // A refused photo's message belongs at its field, not at the top of the page.
              const receiptError =
                failed && "error" in actionData && String(actionData.error).startsWith("billing:errors.receipt.");
              return (
                <li
                  key={row.id}
                  className="space-y-2 rounded-xl border border-slate-200 p-4 text-sm"
                  data-testid="sinpe-transfer"
                  data-status={row.status}
                >
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">
                      {t("subscription.sinpe.forPlan", { plan: row.plan, business: row.business })}
                    </span>
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                      {t(`subscription.sinpe.status.${row.status}`)}
                    </span>
                  </p>
                  {open && loaderData.sinpe ? (
                    <>
                      <p className="text-base font-semibold" data-testid="sinpe-instructions">
                        {t("subscription.sinpe.send", { amount: row.amountCrc, number: loaderData.sinpe.number })}
                      </p>
                      <p className="text-slate-600">
                        {t("subscription.sinpe.rate", {
                          usd: row.amountUsd,
                          rate: row.rate,
                          date: date(`${row.rateOn}T12:00:00Z`),
                        })}
                      </p>
                      <p>
                        {t("subscription.sinpe.code", { code: "" })}
                        <strong className="font-mono text-base tracking-wider" data-testid="sinpe-code">
                          {row.code}
                        </strong>
                      </p>
                    </>
                  ) : null}
                  {row.status === "submitted" && row.submittedAt ? (
                    <p className="text-slate-700">
                      {t("subscription.sinpe.submitted", { reference: row.reference, date: date(row.submittedAt) })}
                    </p>
                  ) : null}
                  {row.status === "rejected" && row.reason ? (
                    <p className="text-red-800">{t("subscription.sinpe.rejectedReason", { reason: row.reason })}</p>
                  ) : null}
                  {row.hasReceiptPhoto ? (
                    <SinpeReceiptLink transferId={row.id} label={t("subscription.sinpe.receiptView")} />
                  ) : null}
                  {open ? (
                    <>
                      <Form
                        method="post"
                        encType="multipart/form-data"
                        className="flex flex-wrap items-end gap-2"
                        data-testid="sinpe-reference-form"
                      >
                        <input type="hidden" name="intent" value="sinpe-reference" />
                        <input type="hidden" name="transferId" value={row.id} />
                        <LabelledInput
                          id={`reference-${row.id}`}
                          label={t("subscription.sinpe.reference")}
                          hint={t("subscription.sinpe.referenceHelp")}
                          name="reference"
                          autoComplete="off"
                          maxLength={60}
                          required
                          defaultValue={
                            failed && "reference" in actionData ? String(actionData.reference) : (row.reference ?? "")
                          }
                        />
                        <FieldFrame
                          id={`receipt-${row.id}`}
                          label={t("subscription.sinpe.receipt")}
                          hint={t("subscription.sinpe.receiptHint", { maxMb: receiptMaxMb })}
                          optional
                        >
                          <input
                            id={`receipt-${row.id}`}
                            name="receipt"
                            type="file"
                            accept="image/jpeg,image/png,image/webp"
                            aria-describedby={receiptError ? `receipt-${row.id}-error` : `receipt-${row.id}-hint`}
                            className="block text-sm"
                          />
                          {failed && receiptError ? (
                            <FieldErrors id={`receipt-${row.id}-error`} errors={[String(actionData.error)]} />
                          ) : null}
                        </FieldFrame>
                        <button type="submit" className="btn-primary" data-testid="sinpe-submit">
                          {row.status === "submitted"
                            ? t("subscription.sinpe.correct")
                            : t("subscription.sinpe.submit")}
                        </button>
                      </Form>
                      <p className="text-xs text-slate-600">
                        {t("subscription.sinpe.expires", { date: date(row.expiresAt) })}
                      </p>
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </PageSection>
      ) : null}

      <PageSection id="upgrade" title={t("subscription.upgrade")}>
        {loaderData.listings.length ? (
          <div className="grid gap-4 lg:grid-cols-3">
            {loaderData.offers.map((offer) => (
              <Form
                key={offer.id}
                method="post"
                className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4"
                data-testid="plan-offer"
                data-plan={offer.id}
              >
                <h3 className="text-lg font-semibold">{offer.name}</h3>
                <p className="text-sm text-slate-700">{offer.description}</p>
                <p className="text-sm">
                  {offer.monthly ? (
                    <span className="font-semibold">{t("subscription.perMonth", { price: offer.monthly })}</span>
                  ) : null}
                  {offer.yearly ? (
                    <span className="block text-slate-600">{t("subscription.perYear", { price: offer.yearly })}</span>
                  ) : null}
                </p>
                <FeatureList features={offer.features} narrow />
                <input type="hidden" name="planId" value={offer.id} />
                {loaderData.listings.every((listing) => offer.currentFor.includes(listing.id)) ? (
                  <p
                    className="mt-auto rounded-md bg-emerald-50 p-3 text-sm text-emerald-900"
                    data-testid="plan-current"
                  >
                    {t("subscription.allOnPlan", { count: loaderData.listings.length })}
                  </p>
                ) : (
                  <>
                    <FieldFrame id={`listing-${offer.id}`} label={t("subscription.forListing")}>
                      <select
                        id={`listing-${offer.id}`}
                        name="businessId"
                        className={`${inputClass} bg-white`}
                        defaultValue={loaderData.listings.find((listing) => !offer.currentFor.includes(listing.id))?.id}
                      >
                        {loaderData.listings.map((listing) => (
                          <option key={listing.id} value={listing.id} disabled={offer.currentFor.includes(listing.id)}>
                            {offer.currentFor.includes(listing.id)
                              ? t("subscription.listingOnPlan", { name: listing.name })
                              : listing.name}
                          </option>
                        ))}
                      </select>
                    </FieldFrame>
                    {loaderData.onvo || loaderData.stripe ? (
                      <>
                        <IntervalChoice yearly={offer.yearly !== null} />
                        {loaderData.onvo ? (
                          <button
                            type="submit"
                            name="intent"
                            value="onvo"
                            className="btn-primary mt-auto"
                            data-testid="onvo-pay"
                          >
                            {t("subscription.onvo.pay")}
                          </button>
                        ) : null}
                        {loaderData.stripe ? (
                          <button
                            type="submit"
                            name="intent"
                            value="checkout"
                            className={loaderData.onvo ? "btn-secondary" : "btn-primary mt-auto"}
                            data-testid="checkout"
                          >
                            {loaderData.onvo ? t("subscription.onvo.cardInDollars") : t("subscription.checkout")}
                          </button>
                        ) : null}
                      </>
                    ) : (
                      <>
                        <LabelledInput
                          id={`note-${offer.id}`}
                          label={t("subscription.note")}
                          optional
                          multiline
                          name="note"
                          rows={2}
                          maxLength={500}
                          defaultValue={actionData && "note" in actionData ? actionData.note : ""}
                        />
                        <button
                          type="submit"
                          name="intent"
                          value="request"
                          className="btn-primary mt-auto"
                          data-testid="request-plan"
                        >
                          {t("subscription.request")}
                        </button>
                      </>
                    )}
                    {loaderData.sinpe ? (
                      <>
                        {/* With an online provider on the card, its choice of interval serves every button. */}
                        {!loaderData.stripe && !loaderData.onvo && offer.yearly ? <IntervalChoice yearly /> : null}
                        <button
                          type="submit"
                          name="intent"
                          value="sinpe"
                          className="btn-secondary"
                          data-testid="sinpe-pay"
                        >
                          {t("subscription.sinpe.pay")}
                        </button>
                      </>
                    ) : null}
                  </>
                )}
              </Form>
            ))}
          </div>
        ) : (
          <NoListingsYet text={t("subscription.noListings")} />
        )}
        {!loaderData.stripe && !loaderData.onvo && loaderData.listings.length ? (
          <p className="text-xs text-slate-600">{t("subscription.requestHelp")}</p>
        ) : null}
      </PageSection>

      {past.length ? (
        <PageSection id="past-plans" title={t("subscription.past")}>
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm">
            {past.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center gap-2 p-3" data-testid="past-plan">
                <span className="font-medium">{row.planName}</span>
                <BillingStatus status={row.status} />
                {row.business ? <span className="text-slate-600">{row.business}</span> : null}
                {row.endedAt ? (
                  <span className="text-slate-600">{t("subscription.endedOn", { date: date(row.endedAt) })}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}
    </section>
  );
}

/** Monthly or yearly, for the plan card's payment buttons (Checkout and SINPE Móvil). */
function IntervalChoice({ yearly }: { yearly: boolean }) {
  const { t } = useTranslation("billing");
  return (
    <fieldset className="text-sm">
      <legend className="font-medium">{t("subscription.interval")}</legend>
      <label className="mr-4 inline-flex items-center gap-1">
        <input type="radio" name="interval" value="month" defaultChecked /> {t("subscription.monthly")}
      </label>
      {yearly ? (
        <label className="inline-flex items-center gap-1">
          <input type="radio" name="interval" value="year" /> {t("subscription.yearly")}
        </label>
      ) : null}
    </fieldset>
  );
}
