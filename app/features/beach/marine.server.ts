import { createHash } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "#app/lib/db.server";
import { env } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import { addDays } from "./local-day";
import { beachForecastCache } from "./schema";

// The optional marine forecast: swell (and wind, when a forecast API is configured too) from an
// Open-Meteo-compatible service. It is somebody else's forecast, so the page names the source, and
// when it is not configured or fails the page says so and everything else still works.

export const forecastCacheMs = 60 * 60 * 1000;
const failureCacheMs = 5 * 60 * 1000;
const fetchTimeoutMs = 5000;
/** Open-Meteo's marine models reach about a week ahead. */
export const forecastDaysAhead = 7;

export interface MarineHour {
  /** Local wall-clock time as the service gives it with timezone=…: "2026-11-22T06:00". */
  time: string;
  swellHeightM: number | null;
  swellPeriodS: number | null;
  swellDirectionDeg: number | null;
  waveHeightM: number | null;
  seaTempC: number | null;
  windSpeedKmh: number | null;
  windGustKmh: number | null;
  windDirectionDeg: number | null;
}

export type MarineForecast =
  | { status: "notConfigured" }
  | { status: "outOfRange" }
  | { status: "unavailable" }
  | { status: "ok"; source: string; windSource: string | null; fetchedAt: Date; hours: MarineHour[] };

const series = z.array(z.number().nullable()).optional();
/** Both Open-Meteo answers: hourly series of the asked-for variables along one time axis. */
const hourlyResponse = <Series extends z.ZodRawShape>(variables: Series) =>
  z.object({ hourly: z.object({ time: z.array(z.string()), ...variables }) });
const marineResponse = hourlyResponse({
  swell_wave_height: series,
  swell_wave_period: series,
  swell_wave_direction: series,
  wave_height: series,
  sea_surface_temperature: series,
});
const windResponse = hourlyResponse({ wind_speed_10m: series, wind_gusts_10m: series, wind_direction_10m: series });

const cachedPayload = z.object({
  source: z.string(),
  windSource: z.string().nullable(),
  hours: z.array(
    z.object({
      time: z.string(),
      swellHeightM: z.number().nullable(),
      swellPeriodS: z.number().nullable(),
      swellDirectionDeg: z.number().nullable(),
      waveHeightM: z.number().nullable(),
      seaTempC: z.number().nullable(),
      windSpeedKmh: z.number().nullable(),
      windGustKmh: z.number().nullable(),
      windDirectionDeg: z.number().nullable(),
    }),
  ),
});

function sourceName(url: string): string {
  return new URL(url).host;
}

function at(values: (number | null)[] | undefined, index: number): number | null {
  const value = values?.[index];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

async function fetchJson(url: URL): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(fetchTimeoutMs),
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`${url.host} answered ${response.status}`);
  return response.json();
}

function query(base: string, params: Record<string, string>): URL {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url;
}

async function fetchForecast(options: {
  marineUrl: string;
  windUrl: string | undefined;
  latitude: number;
  longitude: number;
  date: string;
  timeZone: string;
}) {
  const common = {
    latitude: options.latitude.toFixed(4),
    longitude: options.longitude.toFixed(4),
    timezone: options.timeZone,
    start_date: options.date,
    end_date: options.date,
  };
  const marine = marineResponse.parse(
    await fetchJson(
      query(options.marineUrl, {
        ...common,
        hourly: "swell_wave_height,swell_wave_period,swell_wave_direction,wave_height,sea_surface_temperature",
        length_unit: "metric",
      }),
    ),
  );
  // Wind is a second, optional service: when it fails the swell is still worth showing.
  let wind: z.infer<typeof windResponse> | null = null;
  if (options.windUrl) {
    try {
      wind = windResponse.parse(
        await fetchJson(
          query(options.windUrl, {
            ...common,
            hourly: "wind_speed_10m,wind_gusts_10m,wind_direction_10m",
            wind_speed_unit: "kmh",
          }),
        ),
      );
    } catch (error) {
      logger.warn({ err: error }, "wind forecast fetch failed");
    }
  }
  const windIndex = new Map(wind?.hourly.time.map((time, index) => [time, index]) ?? []);
  const hours: MarineHour[] = marine.hourly.time.map((time, index) => {
    const w = windIndex.get(time);
    return {
      time,
      swellHeightM: at(marine.hourly.swell_wave_height, index),
      swellPeriodS: at(marine.hourly.swell_wave_period, index),
      swellDirectionDeg: at(marine.hourly.swell_wave_direction, index),
      waveHeightM: at(marine.hourly.wave_height, index),
      seaTempC: at(marine.hourly.sea_surface_temperature, index),
      windSpeedKmh: w === undefined ? null : at(wind?.hourly.wind_speed_10m, w),
      windGustKmh: w === undefined ? null : at(wind?.hourly.wind_gusts_10m, w),
      windDirectionDeg: w === undefined ? null : at(wind?.hourly.wind_direction_10m, w),
    };
  });
  return {
    source: sourceName(options.marineUrl),
    windSource: wind && options.windUrl ? sourceName(options.windUrl) : null,
    hours: hours.filter((hour) => hour.time.startsWith(options.date)),
  };
}

/**
 * The forecast for one beach and local day. Read from the shared cache when fresh; otherwise
 * fetched once and cached an hour (a failure five minutes), for every instance.
 */
export async function getMarineForecast(options: {
  beach: { slug: string; latitude: number; longitude: number };
  date: string;
  today: string;
  timeZone: string;
  marineUrl?: string | null;
  windUrl?: string | null;
  now?: Date;
}): Promise<MarineForecast> {
  const marineUrl = options.marineUrl === undefined ? env().MARINE_FORECAST_URL : (options.marineUrl ?? undefined);
  const windUrl = options.windUrl === undefined ? env().WIND_FORECAST_URL : (options.windUrl ?? undefined);
  if (!marineUrl) return { status: "notConfigured" };
  if (options.date < options.today || options.date > addDays(options.today, forecastDaysAhead - 1))
    return { status: "outOfRange" };

  const now = options.now ?? new Date();
  const cacheKey = createHash("sha256")
    .update(
      JSON.stringify([
        marineUrl,
        windUrl ?? "",
        options.beach.latitude,
        options.beach.longitude,
        options.date,
        options.timeZone,
      ]),
    )
    .digest("hex");
  const db = getDb();
  const [cached] = await db
    .select({
      ok: beachForecastCache.ok,
      payload: beachForecastCache.payload,
      fetchedAt: beachForecastCache.fetchedAt,
      expiresAt: beachForecastCache.expiresAt,
    })
    .from(beachForecastCache)
    .where(eq(beachForecastCache.cacheKey, cacheKey));
  if (cached && cached.expiresAt > now) {
    if (!cached.ok) return { status: "unavailable" };
    const payload = cachedPayload.safeParse(cached.payload);
    if (payload.success) return { status: "ok", fetchedAt: cached.fetchedAt, ...payload.data };
  }

  let entry: { ok: true; payload: z.infer<typeof cachedPayload> } | { ok: false; payload: null };
  try {
    entry = {
      ok: true,
      payload: await fetchForecast({
        marineUrl,
        windUrl,
        latitude: options.beach.latitude,
        longitude: options.beach.longitude,
        date: options.date,
        timeZone: options.timeZone,
      }),
    };
  } catch (error) {
    logger.warn({ err: error, beach: options.beach.slug }, "marine forecast fetch failed");
    entry = { ok: false, payload: null };
  }
  const expiresAt = new Date(now.getTime() + (entry.ok ? forecastCacheMs : failureCacheMs));
  await db
    .insert(beachForecastCache)
    .values({ cacheKey, ok: entry.ok, payload: entry.payload, fetchedAt: now, expiresAt })
    .onConflictDoUpdate({
      target: beachForecastCache.cacheKey,
      set: { ok: entry.ok, payload: entry.payload, fetchedAt: now, expiresAt },
    });
  // Past days are never asked for again; keep the table to the days still in reach.
  await db
    .delete(beachForecastCache)
    .where(lt(beachForecastCache.expiresAt, new Date(now.getTime() - 24 * forecastCacheMs)));
  return entry.ok ? { status: "ok", fetchedAt: now, ...entry.payload } : { status: "unavailable" };
}
