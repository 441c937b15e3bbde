// Classified ads for tests: written straight into the table (a listed ad without the posting form),
// each with its own slug and text, plus small generated photos.

import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { ClassifiedCategory, ClassifiedStatus } from "#app/features/classifieds/constants";
import { indexAd } from "#app/features/classifieds/indexing.server";
import { classifiedAds } from "#app/features/classifieds/schema";
import { adTextHash } from "#app/features/classifieds/text";
import { getDb } from "#app/lib/db.server";
import { uniqueId } from "./unique";

const day = 24 * 60 * 60 * 1000;

export interface TestAdOptions {
  authorId: string | null;
  title?: string;
  description?: string;
  category?: ClassifiedCategory;
  priceMinor?: number | null;
  currency?: "USD" | "CRC";
  areaSlug?: string;
  status?: ClassifiedStatus;
  expiresAt?: Date;
  soldAt?: Date | null;
  language?: "en" | "es";
}

export async function createTestAd(options: TestAdOptions) {
  const tag = uniqueId("ad");
  const title = options.title ?? `Test item ${tag}`;
  const description = options.description ?? `A test item for sale, ${tag}, in good shape.`;
  const [row] = await getDb()
    .insert(classifiedAds)
    .values({
      slug: tag.toLowerCase().replace(/[^a-z0-9-]/g, "-"),
      authorId: options.authorId,
      title,
      description,
      language: options.language ?? "en",
      category: options.category ?? "for-sale",
      priceMinor: options.priceMinor === undefined ? 10_000 : options.priceMinor,
      currency: options.currency ?? "USD",
      areaSlug: options.areaSlug ?? "playa-flamingo",
      status: options.status ?? "published",
      textHash: adTextHash(title, description),
      expiresAt: options.expiresAt ?? new Date(Date.now() + 30 * day),
      soldAt: options.soldAt ?? null,
      publishedAt: new Date(),
    })
    .returning();
  await indexAd(row.id);
  return row;
}

export async function getTestAd(id: string) {
  const [row] = await getDb().select().from(classifiedAds).where(eq(classifiedAds.id, id));
  return row;
}

/** A small real JPEG, different for each colour. */
export async function testPhoto(colour: { r: number; g: number; b: number } = { r: 20, g: 120, b: 200 }) {
  return new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  );
}

export const daysFromNow = (days: number) => new Date(Date.now() + days * day);
