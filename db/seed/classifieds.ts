import { createHash } from "node:crypto";
import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import { classifiedLimits, classifiedPhotoWidths } from "#app/features/classifieds/constants";
import { indexAd } from "#app/features/classifieds/indexing.server";
import { classifiedAds, classifiedPhotos } from "#app/features/classifieds/schema";
import { adTextHash } from "#app/features/classifieds/text";
import type { Db } from "#app/lib/db.server";
import { deleteImageVariants } from "#app/lib/storage.server";
import { demoCoverSvg, type StoredCover, storeDemoDrawing, twoAtATime } from "./demo-covers";

// Demo classified ads: marked is_demo (the page badges them "Example"), with no author, so nobody
// can be written to through them and the renewal job leaves them alone. Listed for 30 days from the
// seed, like any ad; idempotent (one row per slug, the dates refreshed on a re-run).

const dayMs = 24 * 60 * 60 * 1000;

export const demoAds = [
  {
    slug: "demo-surfboard-7-2-funboard",
    title: "Surfboard 7'2 funboard (demo)",
    description:
      "Example ad. 7'2 funboard, great for Potrero and Playa Grande on small days. A few pressure dings, no repairs needed. Fins and leash included; pick up in Surfside.",
    language: "en",
    category: "for-sale",
    priceMinor: 28000,
    currency: "USD",
    condition: "good",
    areaSlug: "surfside",
    daysAgo: 2,
  },
  {
    slug: "demo-refrigeradora-mabe",
    title: "Refrigeradora Mabe 14 pies (demo)",
    description:
      "Anuncio de ejemplo. Refrigeradora Mabe de 14 pies, funciona perfecto, la vendemos por mudanza. Se entrega en Brasilito; usted coordina el transporte.",
    language: "es",
    category: "for-sale",
    priceMinor: 18000000,
    currency: "CRC",
    condition: "like-new",
    areaSlug: "brasilito",
    daysAgo: 4,
  },
  {
    slug: "demo-moving-boxes-free",
    title: "Moving boxes, free (demo)",
    description:
      "Example ad. About twenty sturdy moving boxes and some bubble wrap, free to whoever picks them up in Playa Flamingo this week.",
    language: "en",
    category: "free",
    priceMinor: 0,
    currency: "USD",
    condition: "good",
    areaSlug: "playa-flamingo",
    daysAgo: 1,
  },
  {
    slug: "demo-clases-de-espanol",
    title: "Clases de español para extranjeros (demo)",
    description:
      "Anuncio de ejemplo. Profesora con experiencia da clases de español conversacional, en grupo o individuales, en Potrero o por videollamada. Primera clase de prueba.",
    language: "es",
    category: "services",
    priceMinor: 2000,
    currency: "USD",
    condition: null,
    areaSlug: "playa-flamingo",
    daysAgo: 6,
  },
  {
    slug: "demo-wanted-kids-bike",
    title: "Wanted: kid's bike 20 inch (demo)",
    description:
      "Example ad. Looking for a 20 inch kid's bike in working condition for my 7 year old. Happy to pay a fair price; anywhere between Flamingo and Brasilito.",
    language: "en",
    category: "wanted",
    priceMinor: null,
    currency: "USD",
    condition: null,
    areaSlug: "brasilito",
    daysAgo: 3,
  },
  {
    slug: "demo-perro-encontrado",
    title: "Perro encontrado cerca de la playa (demo)",
    description:
      "Anuncio de ejemplo. Encontramos un perro café, mediano, con collar rojo y sin placa, cerca de la entrada de playa Brasilito. Lo tenemos en casa; escriba si es suyo.",
    language: "es",
    category: "lost-found",
    priceMinor: null,
    currency: "CRC",
    condition: null,
    areaSlug: "brasilito",
    daysAgo: 0,
  },
] as const;

/**
 * The sellers of these demo ads show a phone and take WhatsApp (the ad's opt-ins), so the demo
 * shows the chat button. 0000 numbers are assigned to nobody in Costa Rica.
 */
const demoAdPhones: Record<string, string> = {
  "demo-surfboard-7-2-funboard": "+506 0000 2001",
  "demo-refrigeradora-mabe": "+506 0000 2002",
};

function demoAdContact(slug: string) {
  const phone = demoAdPhones[slug];
  return phone ? { phone, showPhone: true, whatsapp: true } : { phone: null, showPhone: false, whatsapp: false };
}

export async function seedClassifieds(db: Db) {
  const now = Date.now();
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(classifiedAds)
      .values(
        demoAds.map(({ daysAgo, ...ad }) => ({
          ...ad,
          ...demoAdContact(ad.slug),
          textHash: adTextHash(ad.title, ad.description),
          status: "published",
          isDemo: true,
          publishedAt: new Date(now - daysAgo * dayMs),
          createdAt: new Date(now - daysAgo * dayMs),
          expiresAt: new Date(now + (30 - daysAgo) * dayMs),
        })),
      )
      .onConflictDoUpdate({
        target: classifiedAds.slug,
        set: {
          expiresAt: sql`excluded.expires_at`,
          publishedAt: sql`excluded.published_at`,
          phone: sql`excluded.phone`,
          showPhone: sql`excluded.show_phone`,
          whatsapp: sql`excluded.whatsapp`,
        },
        setWhere: sql`${classifiedAds.isDemo}`,
      })
      .returning({ id: classifiedAds.id });
    for (const row of rows) await indexAd(row.id, tx);
  });
}

/** The category drawing (app/assets/illustrations) each kind of ad is drawn from. */
const adDrawings: Record<string, string> = { "for-sale": "retail", wanted: "retail", services: "services" };

/**
 * Gives every demo ad without a photo a drawing (see demo-covers.ts: a drawing with a "Demo image"
 * ribbon, never a photo), stored like a seller's upload. Idempotent: an ad with a photo is left alone.
 */
export async function seedDemoAdDrawings(db: Db) {
  const bare = await db
    .select({
      id: classifiedAds.id,
      slug: classifiedAds.slug,
      title: classifiedAds.title,
      category: classifiedAds.category,
    })
    .from(classifiedAds)
    .where(
      and(
        eq(classifiedAds.isDemo, true),
        inArray(
          classifiedAds.slug,
          demoAds.map((ad) => ad.slug),
        ),
        notExists(
          db
            .select({ id: classifiedPhotos.id })
            .from(classifiedPhotos)
            .where(eq(classifiedPhotos.adId, classifiedAds.id)),
        ),
      ),
    );
  if (!bare.length) return;
  const stored: (StoredCover & { adId: string; hash: string })[] = [];
  try {
    await twoAtATime(bare, async (ad) => {
      const subject = {
        slug: ad.slug,
        name: ad.title.replace(/\s*\((demo|ejemplo)\)$/i, ""),
        category: adDrawings[ad.category] ?? "default",
      };
      const cover = await storeDemoDrawing(subject, {
        prefix: "classifieds",
        widths: classifiedPhotoWidths,
        maxBytes: classifiedLimits.photoMaxBytes,
      });
      stored.push({ ...cover, adId: ad.id, hash: createHash("sha256").update(demoCoverSvg(subject)).digest("hex") });
    });
    await db.insert(classifiedPhotos).values(
      stored.map((photo) => ({
        adId: photo.adId,
        storageKey: photo.key,
        widths: photo.widths,
        width: photo.width,
        height: photo.height,
        contentHash: photo.hash,
        sortOrder: 0,
      })),
    );
  } catch (error) {
    for (const photo of stored) await deleteImageVariants(photo.key, photo.widths);
    throw error;
  }
}
