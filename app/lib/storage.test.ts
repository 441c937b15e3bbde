import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zeroPng } from "#tests/support/zero-png";

const dataDir = mkdtempSync(path.join(tmpdir(), "playa-storage-"));
let storage: typeof import("./storage.server");

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  storage = await import("./storage.server");
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function jpeg(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: "secret-gps-owner" } } })
    .toBuffer();
}

describe("decompression bombs", () => {
  it("a small file declaring more pixels than a phone photo is refused from its header, before any decode", async () => {
    const bomb = zeroPng(7000, 7000);
    expect(bomb.length).toBeLessThan(300_000);
    const before = storage.imageDecodeStats().peak;
    await expect(
      storage.storeImageVariants({ bytes: bomb, prefix: "t", maxBytes: 8 << 20, widths: [400, 800] }),
    ).rejects.toMatchObject({ reason: "pixels" });
    await expect(
      storage.storeImage({ bytes: bomb, prefix: "t", maxBytes: 8 << 20, maxSide: 800 }),
    ).rejects.toMatchObject({ reason: "pixels" });
    expect(storage.imageDecodeStats()).toMatchObject({ active: 0, waiting: 0, peak: before });
  });

  it("six uploads at once are all stored, decoded at most a few at a time, and the process stays small", async () => {
    // Just under the pixel cap: the largest a visitor may send, six in flight like one classified ad.
    const side = Math.floor(Math.sqrt(storage.maxImagePixels)) - 10;
    const photo = zeroPng(side, side);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    try {
      const stored = await Promise.all(
        Array.from({ length: 6 }, () =>
          storage.storeImageVariants({ bytes: photo, prefix: "t", maxBytes: 8 << 20, widths: [400, 1600] }),
        ),
      );
      expect(stored.every((result) => result.width === 1600)).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    expect(storage.imageDecodeStats().peak).toBeLessThanOrEqual(storage.maxConcurrentDecodes);
    expect(storage.imageDecodeStats()).toMatchObject({ active: 0, waiting: 0 });
    console.info(
      `six ${side}×${side} uploads at once: resident memory grew ${Math.round((peak - baseline) / 2 ** 20)} MB`,
    );
    expect(peak - baseline).toBeLessThan(500 * 2 ** 20);
  });
});

describe("image storage", () => {
  it("recognises images by their magic bytes, not their name", () => {
    expect(storage.detectImageKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(storage.detectImageKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(storage.detectImageKind(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(storage.detectImageKind(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
    expect(storage.detectImageKind(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(storage.detectImageKind(new Uint8Array())).toBeNull();
  });

  it("re-encodes to WebP, shrinks to the longest side, drops metadata, and reads it back", async () => {
    const stored = await storage.storeImage({
      bytes: await jpeg(3000, 1500),
      prefix: "test",
      maxBytes: 8 << 20,
      maxSide: 1600,
    });
    expect(stored.key).toMatch(/^test\/[0-9a-f]{32}\.webp$/);
    expect([stored.width, stored.height]).toEqual([1600, 800]);
    const file = await storage.readStoredFile(stored.key);
    expect(file?.contentType).toBe("image/webp");
    const meta = await sharp(file?.body).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(file?.body.includes("secret-gps-owner")).toBe(false);
    await storage.deleteStoredFile(stored.key);
    expect(await storage.readStoredFile(stored.key)).toBeNull();
  });

  it("refuses non-images, oversize files and corrupt images with a reason", async () => {
    const html = new TextEncoder().encode("<script>alert(1)</script>");
    await expect(
      storage.storeImage({ bytes: html, prefix: "t", maxBytes: 1 << 20, maxSide: 100 }),
    ).rejects.toMatchObject({ reason: "type" });
    const big = await jpeg(400, 400);
    await expect(storage.storeImage({ bytes: big, prefix: "t", maxBytes: 100, maxSide: 100 })).rejects.toMatchObject({
      reason: "size",
    });
    const truncated = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]);
    await expect(
      storage.storeImage({ bytes: truncated, prefix: "t", maxBytes: 1 << 20, maxSide: 100 }),
    ).rejects.toMatchObject({ reason: "decode" });
  });

  it("reads the placeholder of a file left out of a post over the upload limit as a file over the size", async () => {
    // Every form with photos answers "size" with its own message at its field: that is the answer
    // a visitor gets for a photo the server did not keep.
    const { oversizedUploadPlaceholder } = await import("./upload-limit");
    const bytes = new Uint8Array(oversizedUploadPlaceholder);
    await expect(storage.storeImage({ bytes, prefix: "t", maxBytes: 1 << 20, maxSide: 100 })).rejects.toMatchObject({
      reason: "size",
    });
    await expect(
      storage.storeImageVariants({ bytes, prefix: "t", maxBytes: 1 << 20, widths: [100] }),
    ).rejects.toMatchObject({ reason: "size" });
  });

  it("never reads outside its directory", async () => {
    for (const key of [
      "../secret.webp",
      "a/../../b.webp",
      "/etc/passwd",
      "beach/x.png",
      "beach//x.webp",
      "BEACH/X.webp",
      "",
    ]) {
      expect(storage.isStorageKey(key), key).toBe(false);
      expect(await storage.readStoredFile(key)).toBeNull();
    }
  });
});
