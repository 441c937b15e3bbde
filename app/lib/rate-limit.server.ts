import { Redis } from "ioredis";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "./env.server";
import { AppError } from "./errors";
import { logger } from "./logger.server";
import { noteRetryAfter } from "./request-scope.server";

// In memory by default; with REDIS_URL every instance shares the counters (docs/operations.md,
// "Scale out": nothing that matters may live in one process). If Redis is unreachable, the
// in-memory limiter stands in rather than letting every request through or failing them all.

let redis: Redis | null | undefined;
const limiters = new Map<string, RateLimiterAbstract>();

function redisClient(): Redis | null {
  if (redis === undefined) {
    const url = env().REDIS_URL;
    redis = url ? new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }) : null;
    redis?.on("error", (error) => logger.warn({ err: error }, "redis (rate limits) unavailable"));
  }
  return redis;
}

function limiterFor(points: number, durationSeconds: number): RateLimiterAbstract {
  const id = `${points}:${durationSeconds}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    const memory = new RateLimiterMemory({ points, duration: durationSeconds, keyPrefix: `rl:${id}` });
    const client = redisClient();
    limiter = client
      ? new RateLimiterRedis({
          storeClient: client,
          points,
          duration: durationSeconds,
          keyPrefix: `rl:${id}`,
          insuranceLimiter: memory,
        })
      : memory;
    limiters.set(id, limiter);
  }
  return limiter;
}

export interface RateLimitOptions {
  /** What is limited, e.g. "sign-in:ip:203.0.113.9" or "sign-in:account:a@b.cr". */
  key: string;
  /** How many attempts are allowed in the window. */
  points: number;
  durationSeconds: number;
  /** Attempts this call uses (default 1). */
  cost?: number;
}

/**
 * Counts one attempt against `key`; over the limit it throws AppError("rate_limited") with the
 * seconds to wait (also as `count` in minutes, for the translated plural message).
 */
export async function consumeRateLimit(options: RateLimitOptions): Promise<{ remaining: number }> {
  try {
    const result = await limiterFor(options.points, options.durationSeconds).consume(options.key, options.cost ?? 1);
    return { remaining: result.remainingPoints };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      const retryAfterSeconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      // The HTTP answer's Retry-After, whichever route turns this into a 429 (server/availability.ts).
      noteRetryAfter(retryAfterSeconds);
      throw new AppError("rate_limited", "common:errors.rateLimited", {
        retryAfterSeconds,
        count: Math.ceil(retryAfterSeconds / 60),
      });
    }
    throw error;
  }
}

/** Gives back the attempts counted against `key` (e.g. after a successful sign-in). */
export async function resetRateLimit(options: Pick<RateLimitOptions, "key" | "points" | "durationSeconds">) {
  await limiterFor(options.points, options.durationSeconds).delete(options.key);
}

/** Gives back `points` attempts of `key` (an attempt that turned out legitimate). */
export async function giveBackRateLimit(
  options: Pick<RateLimitOptions, "key" | "points" | "durationSeconds"> & {
    cost?: number;
  },
) {
  await limiterFor(options.points, options.durationSeconds).reward(options.key, options.cost ?? 1);
}

// Counters that never refuse: how often something happened in a window (failed sign-ins for an
// account), for callers that slow down rather than lock out. Same stores as the limits above.
const uncapped = 1_000_000_000;

/** Adds one to `key`'s count in the window and answers the new count. */
export async function countEvent(options: { key: string; durationSeconds: number }): Promise<number> {
  const result = await limiterFor(uncapped, options.durationSeconds).penalty(options.key, 1);
  return result.consumedPoints;
}

/** `key`'s count in the window, without adding to it. */
export async function peekCount(options: { key: string; durationSeconds: number }): Promise<number> {
  const result = await limiterFor(uncapped, options.durationSeconds).get(options.key);
  return result?.consumedPoints ?? 0;
}

export async function resetCount(options: { key: string; durationSeconds: number }) {
  await limiterFor(uncapped, options.durationSeconds).delete(options.key);
}

/** Tests start each file with fresh in-memory counters. */
export function clearRateLimitersForTests() {
  limiters.clear();
}
