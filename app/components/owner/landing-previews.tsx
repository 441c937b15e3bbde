import { useTranslation } from "#app/lib/translations";

// Previews of how the business page appears in a search result and when shared (a 1200x630
// card). Rendered on the server from the saved values; the form updates them as the owner types.

export const titleGuide = { min: 30, ideal: 60, max: 70 };
export const descriptionGuide = { min: 70, ideal: 155, max: 160 };

export interface PreviewValues {
  title: string;
  description: string;
  url: string;
  siteName: string;
  imageUrl: string | null;
}

export function LengthGuide({ id, length, guide }: { id: string; length: number; guide: typeof titleGuide }) {
  const { t } = useTranslation("owner");
  const state = length === 0 ? "empty" : length < guide.min ? "short" : length > guide.ideal ? "long" : "good";
  const tone = state === "good" ? "text-emerald-800" : state === "empty" ? "text-slate-600" : "text-amber-800";
  return (
    <p id={id} className={`mt-1 text-sm ${tone}`} aria-live="polite" data-testid={`${id}`}>
      {t(`landing.length.${state}`, { length, min: guide.min, ideal: guide.ideal })}
    </p>
  );
}

function cut(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export function SearchPreview({ values, label }: { values: PreviewValues; label: string }) {
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4" data-testid="search-preview">
      <figcaption className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</figcaption>
      <p className="truncate text-sm text-emerald-800">{values.url}</p>
      <p className="text-lg leading-snug text-blue-800">{cut(`${values.title} · ${values.siteName}`, 65)}</p>
      <p className="text-sm text-slate-700">{cut(values.description, 160)}</p>
    </figure>
  );
}

/** The share card at 1200x630's proportions: the cover photo (or the brand colour), title, site. */
export function SocialCardPreview({ values, label }: { values: PreviewValues; label: string }) {
  return (
    <figure data-testid="social-preview">
      <figcaption className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</figcaption>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
        <div className="relative aspect-[1200/630] w-full bg-brand-800">
          {values.imageUrl ? (
            <img src={values.imageUrl} alt="" className="absolute inset-0 size-full object-cover" loading="lazy" />
          ) : null}
        </div>
        <div className="border-t border-slate-200 bg-slate-50 p-3">
          <p className="text-xs text-slate-600 uppercase">{new URL(values.url).host}</p>
          <p className="font-semibold text-slate-900">{cut(values.title, 70)}</p>
          <p className="text-sm text-slate-700">{cut(values.description, 110)}</p>
        </div>
      </div>
    </figure>
  );
}
