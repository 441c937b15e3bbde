import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { presentMarine } from "#app/components/beach/present.server";
import { addDays, localDateOf } from "#app/features/beach/local-day";
import { getMarineForecast } from "#app/features/beach/marine.server";
import { beachForecastCache } from "#app/features/beach/schema";
import { getDb } from "#app/lib/db.server";
import { getTranslator } from "#app/lib/i18n.server";
import { type LoopbackServer, startLoopbackServer } from "#tests/support/loopback-server";

// The optional marine forecast against a local mock of an Open-Meteo-compatible service: what is
// asked for, how the answer is read, that it is cached in the database for an hour (so every
// instance shares it), and that a failure says so without breaking anything.

const timeZone = "America/Costa_Rica";
const hits: { path: string; query: URLSearchParams }[] = [];
const behaviour = { marine: "ok" as "ok" | "error" | "garbage", wind: "ok" as "ok" | "error" };
let server: LoopbackServer;
let base: string;

function hourly(date: string, values: (hour: number) => Record<string, number | null>) {
  const time = Array.from({ length: 24 }, (_, hour) => `${date}T${String(hour).padStart(2, "0")}:00`);
  const series: Record<string, (number | null)[]> = {};
  time.forEach((_, hour) => {
    for (const [key, value] of Object.entries(values(hour))) {
      series[key] = [...(series[key] ?? []), value];
    }
  });
  return { latitude: 10.43, longitude: -85.79, timezone: timeZone, hourly: { time, ...series } };
}

beforeAll(async () => {
  server = await startLoopbackServer((request, reply) => {
    hits.push({ path: request.path, query: request.query });
    const date = request.query.get("start_date") ?? "";
    if (request.path === "/v1/marine") {
      if (behaviour.marine === "error") return reply.json(500, { error: true, reason: "upstream down" });
      if (behaviour.marine === "garbage") return reply.json(200, { hourly: { time: "not a list" } });
      return reply.json(
        200,
        hourly(date, (hour) => ({
          swell_wave_height: hour === 0 ? null : 1.2 + hour / 100,
          swell_wave_period: 14,
          swell_wave_direction: 215,
          wave_height: 1.4,
          sea_surface_temperature: 28.4,
        })),
      );
    }
    if (request.path === "/v1/forecast") {
      if (behaviour.wind === "error") return reply.json(503, {});
      return reply.json(
        200,
        hourly(date, () => ({ wind_speed_10m: 18, wind_gusts_10m: 30, wind_direction_10m: 60 })),
      );
    }
    reply.json(404, {});
  });
  base = server.url;
});

afterAll(async () => {
  await server.close();
});

const today = localDateOf(new Date(), timeZone);
const flamingo = { slug: "playa-flamingo", latitude: 10.4335, longitude: -85.7926 };

function forecast(
  options: {
    beach?: typeof flamingo;
    date?: string;
    now?: Date;
    marineUrl?: string | null;
    windUrl?: string | null;
  } = {},
) {
  return getMarineForecast({
    beach: options.beach ?? flamingo,
    date: options.date ?? today,
    today,
    timeZone,
    marineUrl: options.marineUrl === undefined ? `${base}/v1/marine` : options.marineUrl,
    windUrl: options.windUrl === undefined ? `${base}/v1/forecast` : options.windUrl,
    now: options.now,
  });
}

describe("marine forecast (MARINE_FORECAST_URL)", () => {
  it("says it is not configured when no URL is set, and asks nothing", async () => {
    const before = hits.length;
    expect(await forecast({ marineUrl: null })).toEqual({ status: "notConfigured" });
    expect(hits.length).toBe(before);
  });

  it("only covers today and the next six days", async () => {
    expect(await forecast({ date: addDays(today, -1) })).toEqual({ status: "outOfRange" });
    expect(await forecast({ date: addDays(today, 7) })).toEqual({ status: "outOfRange" });
  });

  it("fetches swell and wind for the beach and day, then serves the database copy for an hour", async () => {
    const now = new Date();
    const before = hits.length;
    const first = await forecast({ now });
    expect(first.status).toBe("ok");
    if (first.status !== "ok") return;
    expect(hits.length - before).toBe(2);
    const marineCall = hits.find((hit) => hit.path === "/v1/marine");
    expect(marineCall?.query.get("latitude")).toBe("10.4335");
    expect(marineCall?.query.get("timezone")).toBe(timeZone);
    expect(marineCall?.query.get("start_date")).toBe(today);
    expect(marineCall?.query.get("hourly")).toContain("swell_wave_height");
    expect(first.source).toBe(new URL(base).host);
    expect(first.windSource).toBe(new URL(base).host);
    expect(first.hours).toHaveLength(24);
    expect(first.hours[0].swellHeightM).toBeNull();
    expect(first.hours[6]).toMatchObject({
      time: `${today}T06:00`,
      swellHeightM: 1.26,
      swellPeriodS: 14,
      swellDirectionDeg: 215,
      seaTempC: 28.4,
      windSpeedKmh: 18,
      windGustKmh: 30,
      windDirectionDeg: 60,
    });

    const cached = await forecast({ now: new Date(now.getTime() + 59 * 60_000) });
    expect(hits.length - before).toBe(2);
    expect(cached).toMatchObject({ status: "ok", hours: first.hours });
    const rows = await getDb().select({ ok: beachForecastCache.ok }).from(beachForecastCache);
    expect(rows.some((row) => row.ok)).toBe(true);

    await forecast({ now: new Date(now.getTime() + 61 * 60_000) });
    expect(hits.length - before).toBe(4);
  });

  it("reports a failing service plainly, and does not ask again for five minutes", async () => {
    const beach = { slug: "playa-conchal", latitude: 10.4035, longitude: -85.8058 };
    behaviour.marine = "error";
    const now = new Date();
    const before = hits.length;
    expect(await forecast({ beach, now })).toEqual({ status: "unavailable" });
    expect(await forecast({ beach, now: new Date(now.getTime() + 4 * 60_000) })).toEqual({ status: "unavailable" });
    expect(hits.filter((hit) => hit.path === "/v1/marine").length).toBeGreaterThan(0);
    expect(hits.length - before).toBe(1);
    behaviour.marine = "ok";
    expect((await forecast({ beach, now: new Date(now.getTime() + 6 * 60_000) })).status).toBe("ok");
  });

  it("treats an answer of the wrong shape as unavailable", async () => {
    behaviour.marine = "garbage";
    const beach = { slug: "playa-brasilito", latitude: 10.4127, longitude: -85.7975 };
    expect(await forecast({ beach })).toEqual({ status: "unavailable" });
    behaviour.marine = "ok";
  });

  it("still shows the swell when only the wind service fails", async () => {
    behaviour.wind = "error";
    const beach = { slug: "playa-potrero", latitude: 10.4495, longitude: -85.7755 };
    const result = await forecast({ beach });
    expect(result).toMatchObject({ status: "ok", windSource: null });
    if (result.status === "ok") expect(result.hours[6].windSpeedKmh).toBeNull();
    behaviour.wind = "ok";
  });

  it("says so when nothing answers at all", async () => {
    const beach = { slug: "playa-flamingo", latitude: 1, longitude: 1 };
    expect(await forecast({ beach, marineUrl: "http://127.0.0.1:9/v1/marine" })).toEqual({ status: "unavailable" });
  });

  it("is shown every three hours with its source, in the reader's language and units", async () => {
    const result = await forecast();
    const t = await getTranslator("es");
    const view = presentMarine(result, { t, language: "es", units: "metric", date: today, timeZone });
    expect(view.status).toBe("ok");
    if (view.status !== "ok") return;
    // Midnight to 21:00; at midnight the mock has wind but no swell.
    expect(view.rows).toHaveLength(8);
    expect(view.rows[0].swell).toBe("—");
    expect(view.rows[2]).toMatchObject({ swell: "1,3 m", period: "14 s", direction: "SO (215°)", seaTemp: "28 °C" });
    expect(view.rows[2].wind).toBe("18 km/h NE (ráfagas 30 km/h)");
    expect(view.source).toMatch(/^Pronóstico de oleaje de 127\.0\.0\.1:\d+, consultado a las/);
    const en = presentMarine(
      { status: "unavailable" },
      { t: await getTranslator("en"), language: "en", units: "imperial", date: today, timeZone },
    );
    expect(en).toEqual({ status: "unavailable", message: expect.stringMatching(/couldn't be reached/) });
  });
});

afterAll(async () => {
  await getDb().delete(beachForecastCache).where(eq(beachForecastCache.ok, false));
});
