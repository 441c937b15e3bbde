import { ChevronLeft, ChevronRight, Images, X } from "#app/components/ui/icons";
import { useTranslation } from "#app/lib/translations";
import { BusinessImage, type StoredImage } from "./business-image";

// The lightbox is plain links and CSS: a thumbnail links to #photo-N and that box shows while it is
// the URL's :target, so it works without JavaScript. Its large image is lazy inside a hidden box,
// so the browser fetches it only when the visitor opens it. Closing goes back to #gallery.
const lightboxBackdrop = "bg-[rgb(2_6_23/0.94)]";

export function Gallery({
  images,
  hiddenImageCount,
}: {
  images: (StoredImage & { id: string })[];
  hiddenImageCount: number;
}) {
  const { t } = useTranslation("directory");
  const total = images.length;
  return (
    <section id="gallery" aria-label={t("business.gallery")} className="mt-6 scroll-mt-20">
      {/* One picture (a free listing's cover) shows whole at 16:9 and no wider than 768 px,
          so a drawn demo cover keeps its band and signboard and one photo does not fill the screen. */}
      <ul className={`grid gap-2 ${total > 1 ? "grid-cols-2 sm:grid-cols-3" : "max-w-3xl"}`}>
        {images.map((image, index) => (
          <li key={image.id} className={index === 0 && total > 1 ? "col-span-2 row-span-2" : ""}>
            <a
              href={`#photo-${index + 1}`}
              className="block h-full overflow-hidden rounded-lg focus-visible:ring-2 focus-visible:ring-brand-700"
              data-testid="gallery-thumb"
            >
              <BusinessImage
                image={image}
                eager={index === 0}
                sizes={
                  total === 1
                    ? "(min-width: 768px) 768px, 100vw"
                    : index === 0
                      ? "(min-width: 1024px) 720px, 100vw"
                      : "(min-width: 1024px) 360px, 50vw"
                }
                className={`${total === 1 ? "aspect-[16/9]" : "aspect-[4/3]"} h-full w-full object-cover transition-transform hover:scale-[1.02]`}
              />
              <span className="sr-only">{t("business.openPhoto", { number: index + 1, total })}</span>
            </a>
          </li>
        ))}
      </ul>
      {hiddenImageCount > 0 ? (
        <p className="mt-2 inline-flex items-center gap-1 text-sm text-slate-600">
          <Images className="size-4" aria-hidden="true" />
          {t("business.morePhotos", { count: hiddenImageCount })}
        </p>
      ) : null}
      {images.map((image, index) => (
        <section
          key={image.id}
          id={`photo-${index + 1}`}
          aria-label={t("business.photoOf", { number: index + 1, total })}
          className={`fixed inset-0 z-50 hidden flex-col items-center justify-center p-4 text-on-photo target:flex ${lightboxBackdrop}`}
          data-testid="lightbox"
        >
          <figure className="flex max-h-full w-full max-w-5xl flex-col items-center">
            <BusinessImage
              image={image}
              sizes="(min-width: 1024px) 1024px, 100vw"
              className="max-h-[78vh] w-auto max-w-full rounded-lg object-contain"
            />
            <figcaption className="mt-3 flex w-full flex-wrap items-center justify-between gap-2 text-sm">
              <span>{image.alt}</span>
              <span aria-hidden="true">
                {index + 1} / {total}
              </span>
            </figcaption>
          </figure>
          <a
            href="#gallery"
            className="absolute top-3 right-3 inline-flex min-h-11 items-center gap-1 rounded-full bg-on-photo/15 px-4 font-semibold ring-1 ring-on-photo/40 hover:bg-on-photo/25"
          >
            <X className="size-5" aria-hidden="true" />
            {t("business.closePhoto")}
          </a>
          {total > 1 ? (
            <div className="mt-3 flex gap-2">
              <a
                href={`#photo-${index === 0 ? total : index}`}
                className="inline-flex min-h-11 items-center gap-1 rounded-full bg-on-photo/15 px-4 ring-1 ring-on-photo/40 hover:bg-on-photo/25"
              >
                <ChevronLeft className="size-5" aria-hidden="true" />
                {t("business.previousPhoto")}
              </a>
              <a
                href={`#photo-${index + 2 > total ? 1 : index + 2}`}
                className="inline-flex min-h-11 items-center gap-1 rounded-full bg-on-photo/15 px-4 ring-1 ring-on-photo/40 hover:bg-on-photo/25"
              >
                {t("business.nextPhoto")}
                <ChevronRight className="size-5" aria-hidden="true" />
              </a>
            </div>
          ) : null}
        </section>
      ))}
    </section>
  );
}
