import { data } from "react-router";
import { getHouseAd } from "#app/features/ads/house-ads.server";
import { adBreakdown, previewCreative } from "#app/features/ads/placement.server";
import { isUuid } from "#app/features/directory/constants";
import type { Actor } from "#app/lib/authorization";
import { orAppError } from "#app/lib/errors.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { listAreas } from "#app/platform/site/site-config.server";
import { saveHouseAdForm } from "./house-ad-form.server";

// One ad's page, for the admin (/admin/ads/:id) and for the owner of its listing
// (/dashboard/ads/:id): getHouseAd decides who may see it.

/** The form's day in Costa Rica (UTC-6 all year). */
function dayString(value: Date | null) {
  return value ? new Date(value.getTime() - 6 * 3600_000).toISOString().slice(0, 10) : "";
}

export async function loadAdPage(request: Request, adId: string, actor: Actor) {
  const { t, language } = await getRequestTranslator(request);
  if (!isUuid(adId)) throw data(t("ads:errors.notFound"), { status: 404 });
  const ad = await orAppError(language, () => getHouseAd({ actor, id: adId }));
  const [breakdown, areas] = await Promise.all([adBreakdown({ adId: ad.id, days: 30 }), listAreas(language)]);
  const image = (key: string | null, widths: number[] | null) => (key && widths?.length ? { key, widths } : null);
  return {
    head: { title: t("ads:admin.detailTitle", { headline: ad.headlineEn }), description: "", noindex: true },
    ad: {
      id: ad.id,
      status: ad.status,
      source: ad.source,
      reviewNote: ad.reviewNote,
      businessName: ad.businessName,
      headline: language === "es" ? ad.headlineEs : ad.headlineEn,
    },
    previews: { en: previewCreative(ad, "en"), es: previewCreative(ad, "es") },
    images: { en: image(ad.imageEnKey, ad.imageEnWidths), es: image(ad.imageEsKey, ad.imageEsWidths) },
    values: {
      headlineEn: ad.headlineEn,
      headlineEs: ad.headlineEs,
      bodyEn: ad.bodyEn,
      bodyEs: ad.bodyEs,
      targetUrl: ad.targetUrl,
      altEn: ad.altEn,
      altEs: ad.altEs,
      pageKinds: ad.pageKinds,
      languages: ad.languages,
      areas: ad.areas,
      startsOn: dayString(ad.startsAt),
      endsOn: dayString(ad.endsAt),
      businessSlug: ad.businessSlug ?? "",
    },
    breakdown,
    areas: areas.map((area) => ({ slug: area.slug, name: area.name })),
  };
}

/**
 * The start of both ad pages' actions: an ad the actor may not see is "not found" before anything
 * posted is read; a save of the ad's form is answered here; any other intent's form comes back.
 */
export async function startAdAction(request: Request, adId: string, actor: Actor) {
  const { t, language } = await getRequestTranslator(request);
  if (!isUuid(adId)) throw data(t("ads:errors.notFound"), { status: 404 });
  await orAppError(language, () => getHouseAd({ actor, id: adId }));
  const formData = await request.formData();
  if (formData.get("intent") === "save")
    return {
      answer: await saveHouseAdForm({ request, formData, actor, adId, to: () => new URL(request.url).pathname }),
    };
  return { formData };
}
