import { AdSlot } from "#app/components/ads/ad-slot";
import { GuideArticle } from "#app/components/guides/guide-article";
import { metaFromHead } from "#app/lib/page-meta";
import type { TranslationsHandle } from "#app/lib/translations";
import { loadAdSlot } from "#app/web/ads.server";
import type { Route } from "./+types/pura-vida";
import { loadGuide } from "./load-guide.server";

export const handle = { i18n: ["guides", "ads:slot"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const loaded = await loadGuide(request, "pura-vida");
  return {
    ...loaded,
    ad: await loadAdSlot(request, context, { pageKind: "guide", language: loaded.page.language, slot: "pura-vida" }),
  };
}

export default function PuraVidaPage({ loaderData }: Route.ComponentProps) {
  return <GuideArticle page={loaderData.page} ad={<AdSlot ad={loaderData.ad} className="mt-10" />} />;
}
