import { type SQL, and, eq, inArray, sql } from "drizzle-orm";
import { type Db, type Tx, getDb } from "../db.server";
import type { Language } from "../i18n";
import { searchDocuments, searchTerms } from "./schema";

export interface SearchDocumentInput {
  kind: string;
  refId: string;
  locale: Language;
  title: string;
  body?: string;
  url: string;
  place?: string | null;
  tags?: string[];
}

// Both vectors are built for every document: a visitor may search in either language whatever
// the language of the page, and accents are folded by the playa_* configurations (migration 0000).
function vectors(input: SearchDocumentInput) {
  const title = input.title;
  const rest = [input.body ?? "", input.place ?? "", (input.tags ?? []).join(" ")].join(" ");
  return {
    tsvEnglish: sql`setweight(to_tsvector('playa_english', ${title}), 'A') || setweight(to_tsvector('playa_english', ${rest}), 'B')`,
    tsvSpanish: sql`setweight(to_tsvector('playa_spanish', ${title}), 'A') || setweight(to_tsvector('playa_spanish', ${rest}), 'B')`,
  };
}

/** Writes one document; pass the caller's transaction so the index changes with the data. */
export async function upsertSearchDocument(input: SearchDocumentInput, executor: Db | Tx = getDb()) {
  const values = {
    kind: input.kind,
    refId: input.refId,
    locale: input.locale,
    title: input.title,
    body: input.body ?? "",
    url: input.url,
    place: input.place ?? null,
    tags: input.tags ?? [],
    ...vectors(input),
    updatedAt: new Date(),
  };
  const { kind: _kind, refId: _refId, locale: _locale, ...changes } = values;
  await executor
    .insert(searchDocuments)
    .values(values)
    .onConflictDoUpdate({ target: [searchDocuments.kind, searchDocuments.refId, searchDocuments.locale], set: changes });
  await recordSearchTerms(
    [input.title, input.body ?? "", input.place ?? "", ...(input.tags ?? [])].join(" "),
    executor,
  );
}

/** Adds the words of `text` to the typo-correction lexicon (search_terms); numbers are not words. */
export async function recordSearchTerms(text: string, executor: Db | Tx = getDb()) {
  if (!text.trim()) return;
  await executor.execute(
    sql`insert into ${searchTerms} (term) select distinct word from regexp_split_to_table(lower(unaccent(${text})), '[^a-z0-9]+') as word where length(word) between 3 and 40 and word ~ '[a-z]' on conflict do nothing`,
  );
}

/** Lower-case, accent-folded words of a query, as the lexicon stores them. */
export function queryWords(query: string): string[] {
  return query
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0 && word.length <= 40)
    .slice(0, 8);
}

export interface TextQuery {
  /** The tsquery text, built only from [a-z0-9] words, so no user syntax reaches to_tsquery. */
  text: string;
  english: SQL;
  spanish: SQL;
}

/**
 * A full-text query for both languages in which every word must match, each word unknown to the
 * lexicon may also match its nearest known words (trigram similarity ≥ 0.3, pg_trgm's default,
 * same first letter: people rarely mistype the first one), and the last word matches as
 * a prefix (people type "pesc" and expect "pescadería"). Null when nothing searchable is left.
 */
export async function buildTextQuery(query: string, executor: Db | Tx = getDb()): Promise<TextQuery | null> {
  const words = queryWords(query.slice(0, 200));
  if (!words.length) return null;
  // Both drivers answer raw queries with { rows }; the shared Db type does not say so.
  const { rows } = (await executor.execute(
    sql`select w.word,
            exists (select 1 from ${searchTerms} t where t.term = w.word) as known,
            case when length(w.word) >= 4 then array(
              select t.term from ${searchTerms} t
              where t.term % w.word and left(t.term, 1) = left(w.word, 1) and abs(length(t.term) - length(w.word)) <= 3
              order by similarity(t.term, w.word) desc, t.term limit 3
            ) end as suggestions
          from unnest(array[${sql.join(
            words.map((word) => sql`${word}`),
            sql`, `,
          )}]::text[]) as w(word)`,
  )) as unknown as { rows: { word: string; known: boolean; suggestions: string[] | null }[] };
  const byWord = new Map(rows.map((row) => [row.word, row]));
  const parts = words.map((word, index) => {
    const row = byWord.get(word);
    const alternatives = [index === words.length - 1 ? `${word}:*` : word];
    // The nearest few known words, not just one: "restuarant" is as close to "restaurants" as to
    // "restaurante", and only one of them may share a stem with the documents in each language.
    if (row && !row.known)
      for (const suggestion of row.suggestions ?? []) if (suggestion !== word) alternatives.push(suggestion);
    return alternatives.length > 1 ? `(${alternatives.join(" | ")})` : alternatives[0];
  });
  const text = parts.join(" & ");
  return {
    text,
    english: sql`to_tsquery('playa_english', ${text})`,
    spanish: sql`to_tsquery('playa_spanish', ${text})`,
  };
}

/** Whether a search_documents row matches a TextQuery, in either language. */
export function matchesTextQuery(query: TextQuery): SQL {
  return sql`(${searchDocuments.tsvEnglish} @@ ${query.english} or ${searchDocuments.tsvSpanish} @@ ${query.spanish})`;
}

/**
 * Relevance of a search_documents row to a TextQuery; names that resemble the query rank higher.
 * `nameSimilarity: false` leaves out the trigram comparison with the title, which costs more than
 * the full-text rank when thousands of rows match (titles already weigh more in the vectors).
 */
export function rankTextQuery(query: TextQuery, raw: string, options: { nameSimilarity?: boolean } = {}): SQL<number> {
  const fullText = sql`ts_rank(${searchDocuments.tsvEnglish}, ${query.english}) + ts_rank(${searchDocuments.tsvSpanish}, ${query.spanish})`;
  if (options.nameSimilarity === false) return sql<number>`(${fullText})`;
  return sql<number>`(${fullText} + word_similarity(unaccent(lower(${raw.slice(0, 200)})), unaccent(lower(${searchDocuments.title}))) * 0.5)`;
}

export async function removeSearchDocuments(kind: string, refId: string, executor: Db | Tx = getDb()) {
  await executor.delete(searchDocuments).where(and(eq(searchDocuments.kind, kind), eq(searchDocuments.refId, refId)));
}

export interface SearchHit {
  kind: string;
  refId: string;
  title: string;
  body: string;
  url: string;
  place: string | null;
  rank: number;
}

/**
 * Full-text in both languages with accents folded, plus trigram similarity on the title so a
 * typo ("restuarant") still finds something. Documents in the visitor's language rank first.
 */
export async function searchSite(options: {
  query: string;
  language: Language;
  kinds?: string[];
  limit?: number;
}): Promise<SearchHit[]> {
  const query = options.query.trim().slice(0, 200);
  if (!query) return [];
  const limit = Math.min(Math.max(options.limit ?? 20, 1), 100);
  const english = sql`websearch_to_tsquery('playa_english', ${query})`;
  const spanish = sql`websearch_to_tsquery('playa_spanish', ${query})`;
  const folded = sql`unaccent(lower(${query}))`;
  const rank = sql<number>`(ts_rank(${searchDocuments.tsvEnglish}, ${english}) + ts_rank(${searchDocuments.tsvSpanish}, ${spanish}) + word_similarity(${folded}, unaccent(lower(${searchDocuments.title}))) * 0.5 + case when ${searchDocuments.locale} = ${options.language} then 0.05 else 0 end)`;
  // pg_trgm's default word-similarity threshold (0.6) misses one swapped letter in a short word
  // ("restuarant" scores 0.47), so the search runs with 0.4, set for this transaction only.
  const rows = await getDb().transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.4', true)`);
    return tx
      .select({
        kind: searchDocuments.kind,
        refId: searchDocuments.refId,
        locale: searchDocuments.locale,
        title: searchDocuments.title,
        body: searchDocuments.body,
        url: searchDocuments.url,
        place: searchDocuments.place,
        rank,
      })
      .from(searchDocuments)
      .where(
        and(
          options.kinds?.length ? inArray(searchDocuments.kind, options.kinds) : undefined,
          sql`(${searchDocuments.tsvEnglish} @@ ${english} or ${searchDocuments.tsvSpanish} @@ ${spanish} or ${folded} <% unaccent(lower(${searchDocuments.title})))`,
        ),
      )
      .orderBy(sql`${rank} desc`)
      .limit(limit * 2);
  });
  // One hit per thing, in the visitor's language when that version exists (a Spanish word may
  // match only the Spanish text of a thing that also has an English page).
  const best = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const key = `${row.kind}:${row.refId}`;
    const existing = best.get(key);
    if (!existing || Number(row.rank) > Number(existing.rank)) best.set(key, row);
  }
  const ranked = [...best.values()].sort((a, b) => Number(b.rank) - Number(a.rank)).slice(0, limit);
  const foreign = ranked.filter((row) => row.locale !== options.language);
  const translations = foreign.length
    ? await getDb()
        .select({
          kind: searchDocuments.kind,
          refId: searchDocuments.refId,
          title: searchDocuments.title,
          body: searchDocuments.body,
          url: searchDocuments.url,
          place: searchDocuments.place,
        })
        .from(searchDocuments)
        .where(
          and(
            eq(searchDocuments.locale, options.language),
            sql`(${searchDocuments.kind}, ${searchDocuments.refId}) in (${sql.join(
              foreign.map((row) => sql`(${row.kind}, ${row.refId})`),
              sql`, `,
            )})`,
          ),
        )
    : [];
  const translated = new Map(translations.map((row) => [`${row.kind}:${row.refId}`, row]));
  return ranked.map(({ locale: _locale, rank: score, ...hit }) => ({
    ...hit,
    ...translated.get(`${hit.kind}:${hit.refId}`),
    rank: Number(score),
  }));
}
