import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { type CacheEntry, compressionQueue, queueCompression, ResponseCache } from "./cache.server";

function page(key: string, size = 10_000): CacheEntry {
  return {
    key,
    status: 200,
    headers: [],
    body: Buffer.alloc(size, 97),
    etag: '"x"',
    kinds: [],
    versions: new Map(),
    storedAt: Date.now(),
    maxAgeMs: 60_000,
    effects: [],
    bytes: 0,
  };
}

describe("ResponseCache eviction", () => {
  it("a flood of one-off query strings never evicts a page people come back to", () => {
    const cache = new ResponseCache(1_000_000);
    cache.set(page("http://site/"));
    cache.set(page("http://site/directory"));
    expect(cache.get("http://site/")).toBeDefined();
    expect(cache.get("http://site/directory")).toBeDefined();
    // Eight connections of random query strings: a thousand times the cache's size.
    for (let i = 0; i < 100_000; i += 1) cache.set(page(`http://site/?r=${i}`));
    expect(cache.get("http://site/")?.key).toBe("http://site/");
    expect(cache.get("http://site/directory")?.key).toBe("http://site/directory");
    expect(cache.size.bytes).toBeLessThanOrEqual(1_000_000);
  });

  it("stays within its bytes when the popular pages alone outgrow it, and they age out in turn", () => {
    const cache = new ResponseCache(100_000);
    for (let i = 0; i < 40; i += 1) {
      cache.set(page(`http://site/p${i}`));
      cache.get(`http://site/p${i}`);
    }
    expect(cache.size.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.has("http://site/p39")).toBe(true);
    expect(cache.has("http://site/p0")).toBe(false);
  });

  it("a page refreshed after a write keeps its place, and a deleted one leaves no bytes behind", () => {
    const cache = new ResponseCache(200_000);
    cache.set(page("http://site/"));
    cache.get("http://site/");
    cache.set(page("http://site/", 12_000));
    for (let i = 0; i < 1000; i += 1) cache.set(page(`http://site/?r=${i}`));
    expect(cache.has("http://site/")).toBe(true);
    cache.clear();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });
});

describe("compressing cached pages", () => {
  const settled = async () => {
    for (let i = 0; i < 200 && (compressionQueue().waiting > 0 || compressionQueue().compressing > 0); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it("compresses a page once, however often it is asked for, into copies that decode to the page", async () => {
    const cache = new ResponseCache(10_000_000);
    const entry = page("http://site/once", 50_000);
    entry.body = Buffer.from("<p>Playa Flamingo</p>".repeat(2_000));
    cache.set(entry);
    for (let i = 0; i < 5; i += 1) queueCompression(cache, entry, () => {});
    expect(compressionQueue().waiting + compressionQueue().compressing).toBe(1);
    await settled();
    expect(brotliDecompressSync(entry.br as Buffer).equals(entry.body)).toBe(true);
    expect(gunzipSync(entry.gzip as Buffer).equals(entry.body)).toBe(true);
    queueCompression(cache, entry, () => {});
    expect(compressionQueue()).toEqual({ waiting: 0, compressing: 0 });
  });

  it("runs two at a time and keeps at most 32 waiting when a crawler comes back to a thousand pages", async () => {
    const cache = new ResponseCache(500_000_000);
    const entries = Array.from({ length: 1_000 }, (_, i) => page(`http://site/?r=${i}`, 100_000));
    for (const entry of entries) cache.set(entry);
    let most = 0;
    for (const entry of entries) {
      queueCompression(cache, entry, () => {});
      most = Math.max(most, compressionQueue().compressing);
      expect(compressionQueue().waiting).toBeLessThanOrEqual(32);
    }
    expect(most).toBe(2);
    await settled();
    const compressed = entries.filter((entry) => entry.br && entry.gzip).length;
    expect(compressed).toBe(34);
    // The pages left out are compressed on a later hit.
    queueCompression(cache, entries[999], () => {});
    await settled();
    expect(entries[999].br).toBeDefined();
  });

  it("skips a page evicted while it waited", async () => {
    const cache = new ResponseCache(500_000_000);
    const entries = Array.from({ length: 3 }, (_, i) => page(`http://site/e${i}`, 100_000));
    for (const entry of entries) cache.set(entry);
    for (const entry of entries) queueCompression(cache, entry, () => {});
    cache.delete(entries[2].key);
    await settled();
    expect(entries[2].br).toBeUndefined();
    expect(entries[0].br && entries[1].br).toBeTruthy();
  });
});
