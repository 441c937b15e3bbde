import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";

// Runs when TEST_REDIS_URL names a Redis server (.ci/run sets it to the local one): rate limits
// must hold across app instances, so the counters have to live in Redis, not in one process.
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) process.env.REDIS_URL = redisUrl;

describe.runIf(redisUrl)("rate limits on Redis", () => {
  const probe = redisUrl ? new Redis(redisUrl) : null;
  afterAll(async () => {
    probe?.disconnect();
  });

  it("keeps the count in Redis, so a second instance sees the first one's attempts", async () => {
    const { clearRateLimitersForTests, consumeRateLimit } = await import("#app/lib/rate-limit.server");
    const key = `test:${randomBytes(6).toString("hex")}`;
    const limit = { key, points: 3, durationSeconds: 60 };
    // The first call opens the connection; until it is up, the in-memory insurance limiter counts.
    await consumeRateLimit({ key: `${key}:warm-up`, points: 100, durationSeconds: 60 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await consumeRateLimit(limit);
    await consumeRateLimit(limit);
    expect(Number(await probe?.get(`rl:3:60:${key}`))).toBe(2);

    // A fresh limiter object stands for another app instance: only Redis connects the two.
    clearRateLimitersForTests();
    await consumeRateLimit(limit);
    await expect(consumeRateLimit(limit)).rejects.toMatchObject({ code: "rate_limited", status: 429 });
    expect(Number(await probe?.get(`rl:3:60:${key}`))).toBe(4);
    expect(await probe?.pttl(`rl:3:60:${key}`)).toBeGreaterThan(0);
  });
});
