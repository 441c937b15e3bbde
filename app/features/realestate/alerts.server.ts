import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, count, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { assertSignedIn } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import { formatNumber } from "#app/lib/format";
import { isLanguage, type Language } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { logger } from "#app/lib/logger.server";
import { repeatingJob } from "#app/lib/repeating-job.server";
import { emailLink, getSigningSecret } from "#app/platform/accounts/auth.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { userSummaries } from "#app/platform/people/people.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { type AlertFrequency, alertIntervalMs, realEstateLimits } from "./constants";
import { filtersToQuery, type PropertyFilters, propertyFiltersSchema } from "./forms";
import { filterConditions } from "./properties.server";
import { properties, savedPropertySearches, savedSearchMatches } from "./schema";

// Saved searches: a signed-in person keeps a filter set and gets an email daily or weekly with the
// properties that newly match it and those whose price dropped, each told once. The properties
// that already match when the search is saved are its baseline, not news. An in-process job runs
// the due searches (runPropertyAlerts, which the tests call directly); every email carries a
// signed one-click unsubscribe link and the List-Unsubscribe headers.

async function tokenFor(searchId: string) {
  const secret = await getSigningSecret();
  return createHmac("sha256", secret).update(`property-alert-unsubscribe\n${searchId}`).digest("base64url");
}

/** The signed unsubscribe link's query for one saved search. */
export async function alertUnsubscribeQuery(searchId: string) {
  return { s: searchId, t: await tokenFor(searchId) };
}

async function matchingNow(filters: PropertyFilters, executor: Executor) {
  return executor
    .select({ id: properties.id, priceUsd: properties.priceUsd })
    .from(properties)
    .where(and(...filterConditions(filters)))
    .limit(500);
}

/** Saves the filters with a frequency; what matches today is the baseline. */
export const saveSearch = defineWrite(
  // A saved search is its owner's alone: no public page shows it.
  { contentKinds: [] },
  async (
    options: { actor: Actor; filters: PropertyFilters; frequency: AlertFrequency; language: Language },
    tx: Executor,
  ) => {
    assertSignedIn(options.actor);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(savedPropertySearches)
      .where(eq(savedPropertySearches.userId, options.actor.id));
    if (Number(n) >= realEstateLimits.savedSearchesPerUser)
      throw new AppError("conflict", "realestate:alerts.errors.tooMany", {
        max: realEstateLimits.savedSearchesPerUser,
      });
    const [search] = await tx
      .insert(savedPropertySearches)
      .values({
        userId: options.actor.id,
        filters: filtersToQuery(options.filters),
        frequency: options.frequency,
        language: options.language,
        lastRunAt: new Date(),
      })
      .returning({ id: savedPropertySearches.id });
    const baseline = await matchingNow(options.filters, tx);
    if (baseline.length)
      await tx
        .insert(savedSearchMatches)
        .values(baseline.map((row) => ({ searchId: search.id, propertyId: row.id, priceUsd: row.priceUsd })))
        .onConflictDoNothing();
    return { id: search.id };
  },
);

export async function listMySavedSearches(options: { actor: Actor }) {
  assertSignedIn(options.actor);
  const rows = await getDb()
    .select({
      id: savedPropertySearches.id,
      filters: savedPropertySearches.filters,
      frequency: savedPropertySearches.frequency,
      createdAt: savedPropertySearches.createdAt,
    })
    .from(savedPropertySearches)
    .where(eq(savedPropertySearches.userId, options.actor.id))
    .orderBy(asc(savedPropertySearches.createdAt));
  return rows.map((row) => ({
    id: row.id,
    filters: propertyFiltersSchema.parse(row.filters),
    query: new URLSearchParams(row.filters as Record<string, string>).toString(),
    frequency: row.frequency as AlertFrequency,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Deletes one of the actor's saved searches; someone else's is "not found". */
export async function deleteSavedSearch(options: { actor: Actor; searchId: string }, executor: Executor = getDb()) {
  assertSignedIn(options.actor);
  if (!/^[0-9a-f-]{36}$/i.test(options.searchId)) throw new AppError("not_found", "realestate:alerts.errors.notFound");
  const removed = await executor
    .delete(savedPropertySearches)
    .where(and(eq(savedPropertySearches.id, options.searchId), eq(savedPropertySearches.userId, options.actor.id)))
    .returning({ id: savedPropertySearches.id });
  if (!removed.length) throw new AppError("not_found", "realestate:alerts.errors.notFound");
}

/** Stops a saved search through its signed link: no session needed, the token is the proof. */
export async function unsubscribeByToken(options: { searchId: string; token: string }, executor: Executor = getDb()) {
  if (!/^[0-9a-f-]{36}$/i.test(options.searchId) || options.token.length > 200)
    throw new AppError("not_found", "realestate:alerts.errors.invalidLink");
  const expected = Buffer.from(await tokenFor(options.searchId));
  const given = Buffer.from(options.token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError("not_found", "realestate:alerts.errors.invalidLink");
  // Already gone (a second click) is the same success.
  await executor.delete(savedPropertySearches).where(eq(savedPropertySearches.id, options.searchId));
}

interface Change {
  id: string;
  slug: string;
  title: string;
  priceUsd: number;
  previousUsd: number | null;
}

/** One search: what is new or cheaper since it last told its owner, recorded in the same transaction as the email. */
async function runOne(
  searchId: string,
  now: Date,
  tx: Executor,
  recipient: { email: string; name: string; unsubscribe: string },
): Promise<number> {
  const [search] = await tx
    .select({
      id: savedPropertySearches.id,
      userId: savedPropertySearches.userId,
      filters: savedPropertySearches.filters,
      language: savedPropertySearches.language,
    })
    .from(savedPropertySearches)
    .where(eq(savedPropertySearches.id, searchId))
    .for("update", { skipLocked: true });
  if (!search) return 0;
  await tx.update(savedPropertySearches).set({ lastRunAt: now }).where(eq(savedPropertySearches.id, search.id));
  const filters = propertyFiltersSchema.parse(search.filters);
  const rows = await tx
    .select({
      id: properties.id,
      slug: properties.slug,
      title: properties.title,
      priceUsd: properties.priceUsd,
      knownPrice: savedSearchMatches.priceUsd,
    })
    .from(properties)
    .leftJoin(
      savedSearchMatches,
      and(eq(savedSearchMatches.propertyId, properties.id), eq(savedSearchMatches.searchId, search.id)),
    )
    .where(
      and(
        ...filterConditions(filters),
        or(isNull(savedSearchMatches.priceUsd), lt(properties.priceUsd, savedSearchMatches.priceUsd)),
      ),
    )
    .orderBy(asc(properties.publishedAt))
    .limit(50);
  if (!rows.length) return 0;
  const changes: Change[] = rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    priceUsd: row.priceUsd,
    previousUsd: row.knownPrice,
  }));
  // Recorded first: the email and the record commit together, so each change is told once.
  for (const change of changes) {
    await tx
      .insert(savedSearchMatches)
      .values({ searchId: search.id, propertyId: change.id, priceUsd: change.priceUsd, notifiedAt: now })
      .onConflictDoUpdate({
        target: [savedSearchMatches.searchId, savedSearchMatches.propertyId],
        set: { priceUsd: change.priceUsd, notifiedAt: now },
      });
  }
  const language: Language = isLanguage(search.language) ? search.language : "en";
  const t = await getTranslator(language);
  const query = new URLSearchParams(search.filters as Record<string, string>).toString();
  const { unsubscribe } = recipient;
  const dollars = (amount: number) =>
    formatNumber(amount, language, { style: "currency", currency: "USD", maximumFractionDigits: 0 });
  const line = (change: Change) => {
    const link = emailLink(`/real-estate/${change.slug}`, language);
    const price = dollars(change.priceUsd);
    return change.previousUsd === null
      ? t("realestate:emails.alert.newLine", { title: change.title, price, link })
      : t("realestate:emails.alert.dropLine", {
          title: change.title,
          price,
          previous: dollars(change.previousUsd),
          link,
        });
  };
  const fresh = changes.filter((change) => change.previousUsd === null);
  const drops = changes.filter((change) => change.previousUsd !== null);
  const sections = [
    fresh.length ? `${t("realestate:emails.alert.newTitle")}\n${fresh.map(line).join("\n")}` : "",
    drops.length ? `${t("realestate:emails.alert.dropTitle")}\n${drops.map(line).join("\n")}` : "",
  ].filter(Boolean);
  await sendEmail(
    {
      to: recipient.email,
      subject: t("realestate:emails.alert.subject", { count: changes.length }),
      text: t("realestate:emails.alert.text", {
        name: recipient.name,
        changes: sections.join("\n\n"),
        search: emailLink("/real-estate", language) + (query ? `?${query}` : ""),
        unsubscribe,
      }),
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    },
    tx,
  );
  return 1;
}

/**
 * One run of the alert job: every saved search whose interval has passed since its last run gets
 * one email with its new matches and price drops (none when nothing changed). Idempotent: a
 * change is recorded with the email that tells it. Returns how many emails it queued.
 */
export async function runPropertyAlerts(options: { now?: Date; limit?: number } = {}): Promise<{ emailed: number }> {
  const now = options.now ?? new Date();
  const due = await getDb()
    .select({
      id: savedPropertySearches.id,
      userId: savedPropertySearches.userId,
      language: savedPropertySearches.language,
    })
    .from(savedPropertySearches)
    .where(
      or(
        isNull(savedPropertySearches.lastRunAt),
        and(
          eq(savedPropertySearches.frequency, "daily"),
          lt(savedPropertySearches.lastRunAt, new Date(now.getTime() - alertIntervalMs.daily + 60_000)),
        ),
        and(
          eq(savedPropertySearches.frequency, "weekly"),
          lt(savedPropertySearches.lastRunAt, new Date(now.getTime() - alertIntervalMs.weekly + 60_000)),
        ),
      ),
    )
    .orderBy(sql`${savedPropertySearches.lastRunAt} nulls first`)
    .limit(options.limit ?? 200);
  let emailed = 0;
  for (const { id, userId, language } of due) {
    try {
      // Read before the transaction: the embedded database has one connection, which the
      // transaction holds.
      const person = (await userSummaries([userId])).get(userId);
      if (!person) continue;
      const recipient = {
        email: person.email,
        name: person.firstName || person.name,
        unsubscribe: emailLink(
          "/real-estate/unsubscribe",
          isLanguage(language) ? language : "en",
          await alertUnsubscribeQuery(id),
        ),
      };
      emailed += await getDb().transaction((tx) => runOne(id, now, tx, recipient));
    } catch (error) {
      logger.error({ err: error, searchId: id }, "property alert failed");
    }
  }
  return { emailed };
}

/** Runs the due alerts every half hour while the server runs (instances share rows; locked rows are skipped). */
export const propertyAlertsJob = repeatingJob({
  run: () => runPropertyAlerts(),
  intervalMs: 30 * 60_000,
  failure: "property alerts failed",
});
