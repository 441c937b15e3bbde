import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, inArray, like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { sinpeTransfers } from "#app/features/billing/schema";
import { imageWidths } from "#app/features/directory/constants";
import { imageColumns } from "#app/features/directory/listing-rows.server";
import { businessImages, businessTaxRegistrations } from "#app/features/directory/schema";
import { getDb } from "#app/lib/db.server";
import { InvalidImageError, readStoredFile, storeEncodedVariants } from "#app/lib/storage.server";
import { businesses } from "#app/platform/listings/schema";
import { userRoles, users } from "#app/platform/people/schema";
import { demoOwnerBusinessSlug, demoUsers, seedAccounts, seedDemoOwnership } from "#root/db/seed/accounts";
import { seedDemoSinpeTransfer } from "#root/db/seed/billing";
import { demoCoverSize, seedDemoCovers } from "#root/db/seed/demo-covers";
import { demoRegisteredBusiness, seedDirectory } from "#root/db/seed/directory";
import { demoBusinesses } from "#root/db/seed/directory-data";
import { seedSite } from "#root/db/seed/site";
import { createTestUser } from "#tests/factories/accounts";
import { createBusiness } from "#tests/factories/directory";

// The covers are written to a scratch directory, not the project's ./data, and encoded without the
// project's cache (each test points DEMO_COVER_CACHE_DIR where it wants).
const scratch = mkdtempSync(path.join(tmpdir(), "playa-demo-seed-"));
process.env.DATA_DIR = path.join(scratch, "data");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The demo seed itself (README "Demo accounts"): the only integration test that reads it.

// A drawing is rendered at twice its 400-unit size, so it is stored at the gallery's widths up to 800.
const drawnWidths = imageWidths.filter((width) => width <= demoCoverSize.width);

describe("demo seed", () => {
  it("gives the demo owner a demo listing to try the dashboard with, once", async () => {
    const db = getDb();
    await seedAccounts(db, { demoUsers: true });
    await seedDirectory(db);
    await seedDemoOwnership(db, { demoUsers: true });
    await seedDemoOwnership(db, { demoUsers: true });

    const owner = demoUsers.find((demo) => demo.email === "owner@demo.playahub.test");
    const [user] = await db
      .select({ id: users.id, isDemo: users.isDemo })
      .from(users)
      .where(eq(users.email, owner?.email ?? ""));
    expect(user?.isDemo).toBe(true);
    const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id));
    expect(roles.map((row) => row.role)).toEqual(["business_owner"]);

    const owned = await db
      .select({ slug: businesses.slug, isDemo: businesses.isDemo, status: businesses.status })
      .from(businesses)
      .where(eq(businesses.ownerId, user.id));
    expect(owned).toEqual([{ slug: demoOwnerBusinessSlug, isDemo: true, status: "verified" }]);
  });

  it("puts one demo owner's SINPE Móvil payment in the admin's queue, once, at the site's dated rate", async () => {
    const db = getDb();
    await seedSite(db);
    await seedAccounts(db, { demoUsers: true });
    await seedDirectory(db);
    await seedDemoOwnership(db, { demoUsers: true });
    await seedDemoSinpeTransfer(db);
    await seedDemoSinpeTransfer(db);
    const [listing] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.slug, demoOwnerBusinessSlug));
    const rows = await db.select().from(sinpeTransfers).where(eq(sinpeTransfers.businessId, listing.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "submitted", interval: "month", userId: "demo-owner" });
    expect(rows[0].bankReference).toBeTruthy();
    expect(rows[0].amountCrc).toBe(Math.round((rows[0].amountUsdCents / 100) * rows[0].crcPerUsd));
  });

  it("gives one demo listing the registered business mark, once, however often the seed runs", async () => {
    const db = getDb();
    await seedDirectory(db);
    await seedDirectory(db);
    const marks = await db
      .select({ slug: businesses.slug, taxId: businessTaxRegistrations.taxId, isDemo: businessTaxRegistrations.isDemo })
      .from(businessTaxRegistrations)
      .innerJoin(businesses, eq(businesses.id, businessTaxRegistrations.businessId));
    expect(marks).toEqual([{ slug: demoRegisteredBusiness.slug, taxId: demoRegisteredBusiness.taxId, isDemo: true }]);
  });

  it("leaves a demo listing alone once someone else owns it", async () => {
    const db = getDb();
    const claimant = await createTestUser({ roles: ["business_owner"] });
    await db.update(businesses).set({ ownerId: claimant.id }).where(eq(businesses.slug, demoOwnerBusinessSlug));
    await seedDemoOwnership(db, { demoUsers: true });
    const [listing] = await db
      .select({ ownerId: businesses.ownerId })
      .from(businesses)
      .where(eq(businesses.slug, demoOwnerBusinessSlug));
    expect(listing.ownerId).toBe(claimant.id);
  });
});

describe("demo covers", () => {
  const demoSlugs = demoBusinesses.map((business) => business.slug);

  /** Every demo business's images, by slug, in gallery order. */
  async function imagesBySlug() {
    const rows = await getDb()
      .select({
        slug: businesses.slug,
        ...imageColumns,
        sortOrder: businessImages.sortOrder,
      })
      .from(businessImages)
      .innerJoin(businesses, eq(businesses.id, businessImages.businessId))
      .where(inArray(businesses.slug, demoSlugs))
      .orderBy(asc(businessImages.sortOrder));
    const bySlug = new Map<string, typeof rows>();
    for (const row of rows) bySlug.set(row.slug, [...(bySlug.get(row.slug) ?? []), row]);
    return bySlug;
  }

  /** The stored bytes of every cover, by slug and width. */
  async function coverBytes() {
    const bytes = new Map<string, Buffer>();
    for (const [slug, [cover]] of await imagesBySlug())
      for (const width of cover.widths) {
        const file = await readStoredFile(`${cover.key}-${width}.webp`);
        if (file) bytes.set(`${slug}@${width}`, file.body);
      }
    return bytes;
  }

  it("gives every demo business without a photo a drawn, labelled cover that is stored like an owner's photo", {
    timeout: 180_000,
  }, async () => {
    process.env.DEMO_COVER_CACHE_DIR = path.join(scratch, "cache-1");
    const db = getDb();
    await seedDirectory(db);
    // A demo listing whose owner already added a photo, and a real business: neither gets a drawing.
    const photographed = demoSlugs[1];
    const [withPhoto] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.slug, photographed));
    await db.insert(businessImages).values({
      businessId: withPhoto.id,
      storageKey: "businesses/owner-photo",
      widths: [400],
      width: 400,
      height: 300,
      altEn: "The terrace",
      altEs: "La terraza",
    });
    const real = await createBusiness({ name: "Real Photo-less Shop" });

    await seedDemoCovers(db);
    await seedDemoCovers(db);

    const images = await imagesBySlug();
    expect(images.get(photographed)?.map((image) => image.altEn)).toEqual(["The terrace"]);
    expect(await db.select().from(businessImages).where(eq(businessImages.businessId, real.id))).toEqual([]);
    const covered = demoSlugs.filter((slug) => slug !== photographed);
    for (const slug of covered) {
      const rows = images.get(slug) ?? [];
      expect(rows, slug).toHaveLength(1);
      const [cover] = rows;
      expect(cover.sortOrder).toBe(0);
      expect(cover.altEn).toMatch(/^Demo illustration for .+: a drawing made for the demo, not a photo of the place$/);
      expect(cover.altEs).toMatch(/^Ilustración de demostración para .+: un dibujo hecho para la demo, no una foto/);
      expect([cover.width, cover.height]).toEqual([demoCoverSize.width, demoCoverSize.height]);
      expect(cover.widths).toEqual(drawnWidths);
      for (const width of cover.widths) {
        const file = await readStoredFile(`${cover.key}-${width}.webp`);
        expect(file, `${slug} at ${width}`).not.toBeNull();
        const meta = await sharp(file?.body).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, (width * 9) / 16]);
      }
    }
  });

  it("draws the same bytes every time, encoded afresh or taken from the cache", { timeout: 180_000 }, async () => {
    const db = getDb();
    const first = await coverBytes();
    expect(first.size).toBe((demoSlugs.length - 1) * drawnWidths.length);
    const removeCovers = () => db.delete(businessImages).where(like(businessImages.altEn, "Demo illustration for %"));

    // Encoded again from nothing (a new, empty cache).
    await removeCovers();
    process.env.DEMO_COVER_CACHE_DIR = path.join(scratch, "cache-2");
    await seedDemoCovers(db);
    const second = await coverBytes();
    // Then from the cache that seed filled.
    await removeCovers();
    await seedDemoCovers(db);
    const third = await coverBytes();

    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    for (const [name, bytes] of first) {
      expect(second.get(name)?.equals(bytes), name).toBe(true);
      expect(third.get(name)?.equals(bytes), name).toBe(true);
    }
    // The cache's way into the store takes WebP files only, whatever a cache folder holds.
    await expect(
      storeEncodedVariants({ prefix: "businesses", variants: [{ width: 400, bytes: Buffer.from("<svg/>") }] }),
    ).rejects.toThrow(InvalidImageError);
    // Different businesses, different pictures.
    expect(new Set([...first.values()].map((bytes) => bytes.toString("base64"))).size).toBe(first.size);
  });
});

describe("demo directions from landmarks", () => {
  it("demo places get both languages' directions, and an older seed's rows without any get them too", async () => {
    const db = getDb();
    await seedDirectory(db);
    const slug = "cabinas-brasilito-sol";
    // As a database seeded before places had directions.
    await db.update(businesses).set({ directionsEn: "", directionsEs: "" }).where(eq(businesses.slug, slug));
    await seedDirectory(db);
    const [row] = await db
      .select({ en: businesses.directionsEn, es: businesses.directionsEs })
      .from(businesses)
      .where(eq(businesses.slug, slug));
    expect(row.en).toContain("Brasilito's Catholic church");
    expect(row.es).toContain("iglesia católica de Brasilito");
  });
});
