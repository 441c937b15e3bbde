import { ExternalLink, Store } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import type { HouseAdCreative } from "#app/features/ads/constants";
import { useTranslation } from "#app/lib/translations";

// An ad space in a public page (docs/ads.md). Plain server HTML, no JavaScript of its own: a house ad
// is a link through the counting redirect; a network space is a fixed box the network's script
// (loaded only after consent, components/ads/ad-network.tsx) fills. Both have the same fixed
// height whatever fills them, so nothing on the page moves when an ad arrives (CLS 0).

export type AdSlotCreative = HouseAdCreative;

export type AdSlotProps =
  | { house: AdSlotCreative; network: null }
  | { house: null; network: { slot: string } }
  | null
  | undefined;

// Written out rather than imported from the directory's image module, which would bring the
// business cards' chunk (3 KB) to every guide page that carries an ad space.
const imageUrl = (key: string, width: number) => `/uploads/${key}-${width}.webp`;

const box = "relative h-32 overflow-hidden rounded-2xl border border-slate-200 bg-sand-50 print:hidden";

export function AdSlot({ ad, className = "" }: { ad: AdSlotProps; className?: string }) {
  const { t } = useTranslation("ads");
  if (!ad) return null;
  return (
    // A named region, not an aside: it sits inside main (and inside the business page's side
    // column), where a complementary landmark may not be nested.
    <section aria-label={t("slot.label")} className={`${box} ${className}`} data-testid="ad-slot">
      {ad.house ? <HouseAd ad={ad.house} /> : <NetworkSpace slot={ad.network.slot} />}
    </section>
  );
}

function HouseAd({ ad }: { ad: AdSlotCreative }) {
  const { t } = useTranslation("ads");
  const widths = ad.image ? [...ad.image.widths].sort((a, b) => a - b) : [];
  return (
    <a
      href={ad.href}
      rel="sponsored noopener"
      className="group flex h-full items-center gap-4 p-2 pr-4 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      data-testid="house-ad"
      data-ad-id={ad.id}
    >
      {ad.image ? (
        <img
          src={imageUrl(ad.image.key, widths[0])}
          srcSet={widths.map((w) => `${imageUrl(ad.image?.key ?? "", w)} ${w}w`).join(", ")}
          sizes="112px"
          alt={ad.alt}
          width={112}
          height={112}
          loading="lazy"
          decoding="async"
          className="size-28 shrink-0 rounded-xl object-cover"
        />
      ) : (
        <span className="flex size-28 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Store className="size-10" aria-hidden="true" />
        </span>
      )}
      <span className="flex min-w-0 flex-col gap-1">
        <span className="text-xs font-medium tracking-wide text-slate-600 uppercase">
          {ad.sponsor ? t("slot.by", { sponsor: ad.sponsor }) : t("slot.sponsored")}
        </span>
        <span className="line-clamp-2 font-semibold text-slate-900 group-hover:underline sm:line-clamp-1">
          {ad.headline}
          {ad.external ? (
            <>
              <ExternalLink className="ml-1 inline size-3.5 align-baseline text-slate-500" aria-hidden="true" />
              <span className="sr-only"> {t("slot.opensElsewhere")}</span>
            </>
          ) : null}
        </span>
        {ad.body ? <span className="line-clamp-1 text-sm text-slate-700 sm:line-clamp-2">{ad.body}</span> : null}
      </span>
    </a>
  );
}

/**
 * The network's space. Until (and unless) the visitor allows partner ads, it invites local
 * businesses to advertise, which is an ad of the site's own, so the space never sits empty; the
 * network's ad is laid over it in the same box.
 */
function NetworkSpace({ slot }: { slot: string }) {
  const { t } = useTranslation("ads");
  return (
    <>
      <LocalizedLink
        to="/contact"
        className="flex h-full flex-col justify-center gap-1 px-5 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <span className="text-xs font-medium tracking-wide text-slate-600 uppercase">{t("slot.label")}</span>
        <span className="font-semibold text-slate-900">{t("slot.advertise")}</span>
        <span className="line-clamp-2 text-sm text-slate-700">{t("slot.advertiseBody")}</span>
      </LocalizedLink>
      <div data-ad-network-slot={slot} className="absolute inset-0 empty:hidden" />
    </>
  );
}
