import { z } from "zod";
import { env } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import { isActiveTaxStatus, taxNamesMatch } from "./tax-id";

// Hacienda's public taxpayer lookup (GET <HACIENDA_API_URL>/fe/ae?identificacion=<digits>), asked on
// the server only, for an admin deciding a claim. It is slow at times and down at others, so a
// question gets a few seconds and any failure is "could not check": the admin still decides, by hand.
// Answers are kept in memory for a while: the admin's list asks for every pending claim on each view.

export type TaxLookup =
  | { status: "notConfigured" }
  | { status: "found"; name: string; estado: string; moroso: boolean; omiso: boolean }
  | { status: "notFound" }
  | { status: "unavailable" };

const lookupTimeoutMs = 4000;
const answerCacheMs = 60 * 60_000;
const failureCacheMs = 60_000;
const cacheLimit = 500;

const haciendaAnswer = z.object({
  nombre: z.string(),
  tipoIdentificacion: z.string().optional(),
  situacion: z
    .object({
      moroso: z.string().optional(),
      omiso: z.string().optional(),
      estado: z.string().optional(),
    })
    .optional(),
});

const cache = new Map<string, { value: TaxLookup; expiresAt: number }>();

/** For tests: forget every kept answer. */
export function clearTaxLookupCache() {
  cache.clear();
}

async function ask(baseUrl: string, digits: string): Promise<TaxLookup> {
  const url = new URL("fe/ae", baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  url.searchParams.set("identificacion", digits);
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(lookupTimeoutMs),
      headers: { accept: "application/json" },
    });
    if (response.status === 404) return { status: "notFound" };
    if (!response.ok) throw new Error(`${url.host} answered ${response.status}`);
    const answer = haciendaAnswer.parse(await response.json());
    return {
      status: "found",
      name: answer.nombre.trim(),
      estado: answer.situacion?.estado?.trim() ?? "",
      moroso: answer.situacion?.moroso?.toUpperCase() === "SI",
      omiso: answer.situacion?.omiso?.toUpperCase() === "SI",
    };
  } catch (error) {
    logger.warn({ err: error }, "tax ID lookup failed");
    return { status: "unavailable" };
  }
}

/** What Hacienda says about a tax ID (digits only); never throws. */
export async function lookUpTaxId(
  digits: string,
  options: { baseUrl?: string | null; now?: number } = {},
): Promise<TaxLookup> {
  const baseUrl = options.baseUrl === undefined ? env().HACIENDA_API_URL : options.baseUrl;
  if (!baseUrl) return { status: "notConfigured" };
  const now = options.now ?? Date.now();
  const key = `${baseUrl}\n${digits}`;
  const kept = cache.get(key);
  if (kept && kept.expiresAt > now) return kept.value;
  const value = await ask(baseUrl, digits);
  keep(key, value, now);
  return value;
}

function keep(key: string, value: TaxLookup, now: number) {
  if (cache.size >= cacheLimit) {
    for (const [oldKey, entry] of cache) if (entry.expiresAt <= now) cache.delete(oldKey);
    if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value as string);
  }
  cache.set(key, { value, expiresAt: now + (value.status === "unavailable" ? failureCacheMs : answerCacheMs) });
}

/** Whether a lookup confirms the ID: Hacienda has it, registered, under the name given. */
export function lookupMatches(lookup: TaxLookup, expectedName: string): boolean {
  return lookup.status === "found" && isActiveTaxStatus(lookup.estado) && taxNamesMatch(lookup.name, expectedName);
}
