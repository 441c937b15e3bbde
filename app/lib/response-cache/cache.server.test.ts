import { describe, expect, it } from "vitest";
import { type CacheEntry, ResponseCache } from "./cache.server";

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
    hits: 0,
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
