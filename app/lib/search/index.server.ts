import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Db, getDb, type Tx } from "../db.server";
import type { Language } from "../i18n";
import { searchDocuments, searchTerms } from "./schema";
import { editDistance, type Understanding, understandQuery, type WordGroup } from "./understand";

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
// The title weighs A, the tags (category names, keywords) B, the text and the place C: a word
// met in what a thing is called or filed under says more than one met in passing in its text
// (retrieveSite counts those apart). Migration 0029 rebuilt stored vectors the same way.
function vectors(input: SearchDocumentInput) {
  const title = input.title;
  const tags = (input.tags ?? []).join(" ");
  const rest = [input.body ?? "", input.place ?? ""].join(" ");
  return {
    tsvEnglish: sql`setweight(to_tsvector('playa_english', ${title}), 'A') || setweight(to_tsvector('playa_english', ${tags}), 'B') || setweight(to_tsvector('playa_english', ${rest}), 'C')`,
    tsvSpanish: sql`setweight(to_tsvector('playa_spanish', ${title}), 'A') || setweight(to_tsvector('playa_spanish', ${tags}), 'B') || setweight(to_tsvector('playa_spanish', ${rest}), 'C')`,
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
    .onConflictDoUpdate({
      target: [searchDocuments.kind, searchDocuments.refId, searchDocuments.locale],
      set: changes,
    });
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

export interface TextQuery {
  /** The tsquery text, built only from [a-z0-9] words, so no user syntax reaches to_tsquery. */
  text: string;
  english: SQL;
  spanish: SQL;
  /** How the query was read: its groups of alternatives, categories, kinds, areas. */
  understanding: Understanding;
  /** One tsquery text per group (typo suggestions included), in the order of `groups`. */
  groupTexts: string[];
  groups: WordGroup[];
}

// pg_trgm's similarity of a typo to its real word is well above that of accidental neighbours
// ("piza": pizza 0.57, poliza 0.33); suggestions further than this below the best are dropped.
const suggestionMargin = 0.1;
const maxAlternatives = 12;

function tsqueryOf(group: WordGroup): string {
  const alternatives = group.alternatives
    .slice(0, maxAlternatives)
    .map((words) => (words.length > 1 ? `(${words.join(" & ")})` : words[0]));
  return alternatives.length > 1 ? `(${alternatives.join(" | ")})` : alternatives[0];
}

/**
 * A full-text query for both languages in which every group of the query must match (a group is
 * a word, a lexicon term with its alternatives, or an area with its names; see understand.ts).
 * A word unknown to the lexicon of indexed words may also match its nearest known words (trigram
 * similarity ≥ 0.3, pg_trgm's default, same first letter: people rarely mistype the first one,
 * and only those close to the best), and a last word that was typed as is matches as a prefix
 * (people type "pesc" and expect "pescadería"). A question asked in full (`prefix: false`) has
 * no unfinished word: its last word is a word, and "sales tax" is no taxi, "el mar" no marina.
 * Null when nothing searchable is left.
 */
export async function buildTextQuery(
  query: string | Understanding,
  executor: Db | Tx = getDb(),
  options: { prefix?: boolean } = {},
): Promise<TextQuery | null> {
  const understanding = typeof query === "string" ? understandQuery(query.slice(0, 200)) : query;
  // A query of filler words only ("donde") still searches for them.
  const groups: WordGroup[] = understanding.groups.length
    ? understanding.groups.slice(0, 8)
    : understanding.filler.slice(0, 8).map((word, position) => ({
        typed: [word],
        position,
        alternatives: [[word]],
        source: "word" as const,
      }));
  if (!groups.length) return null;
  const words = [...new Set(groups.filter((group) => group.source === "word").map((group) => group.typed[0]))];
  const byWord = new Map<string, { known: boolean; suggestions: { term: string; score: number }[] }>();
  if (words.length) {
    // Both drivers answer raw queries with { rows }; the shared Db type does not say so.
    const { rows } = (await executor.execute(
      sql`select w.word,
              exists (select 1 from ${searchTerms} t where t.term = w.word) as known,
              case when length(w.word) >= 4 then array(
                select t.term || ':' || similarity(t.term, w.word)::text from ${searchTerms} t
                where t.term % w.word and left(t.term, 1) = left(w.word, 1) and abs(length(t.term) - length(w.word)) <= 3
                order by similarity(t.term, w.word) desc, t.term limit 3
              ) end as suggestions
            from unnest(array[${sql.join(
              words.map((word) => sql`${word}`),
              sql`, `,
            )}]::text[]) as w(word)`,
    )) as unknown as { rows: { word: string; known: boolean; suggestions: string[] | null }[] };
    for (const row of rows)
      byWord.set(row.word, {
        known: row.known,
        suggestions: (row.suggestions ?? []).map((entry) => {
          const [term, score] = entry.split(":");
          return { term, score: Number(score) };
        }),
      });
  }
  const last = groups[groups.length - 1];
  const built = groups.map((group) => {
    if (group.source !== "word") return group;
    const word = group.typed[0];
    const row = byWord.get(word);
    const alternatives = [[group === last && options.prefix !== false ? `${word}:*` : word]];
    // The nearest few known words, not just one: "restuarant" is as close to "restaurants" as to
    // "restaurante", and only one of them may share a stem with the documents in each language.
    if (row && !row.known) {
      const best = row.suggestions[0]?.score ?? 0;
      // A real typo is a letter or two off; "paris" is not a typo of "para".
      const maxEdits = word.length <= 5 ? 1 : 2;
      for (const suggestion of row.suggestions)
        if (
          suggestion.term !== word &&
          suggestion.score >= best - suggestionMargin &&
          editDistance(word, suggestion.term, maxEdits) <= maxEdits
        )
          alternatives.push([suggestion.term]);
    }
    return { ...group, alternatives };
  });
  const groupTexts = built.map(tsqueryOf);
  const text = groupTexts.join(" & ");
  return {
    text,
    english: sql`to_tsquery('playa_english', ${text})`,
    spanish: sql`to_tsquery('playa_spanish', ${text})`,
    understanding,
    groupTexts,
    groups: built,
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
  // Equal ranks are settled by title, then address (a business's slug is in it), never by the
  // row's id: the ids of seeded things are random, and the order would change with them. Byte
  // order, so PGlite and PostgreSQL settle them alike.
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
      .orderBy(sql`${rank} desc`, sql`${searchDocuments.title} collate "C"`, sql`${searchDocuments.url} collate "C"`)
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
  const ranked = [...best.values()]
    .sort((a, b) => Number(b.rank) - Number(a.rank) || byBytes(a.title, b.title) || byBytes(a.url, b.url))
    .slice(0, limit);
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

/** Plain code-point order, as `collate "C"` sorts: the same on every machine and database. */
function byBytes(a: string, b: string) {
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface RetrievedHit extends Omit<SearchHit, "rank"> {
  tags: string[];
  /** How many of the query's groups the thing matches, areas apart, and whether it matches the area. */
  matched: number;
  /** Which groups it matches: bit i for group i. */
  groupMask: number;
  areaMatched: boolean;
  /** How many of those groups it matches in its title or tags, not only in passing in its text. */
  head: number;
  /** Which groups it matches in its title or tags: bit i for group i. */
  headMask: number;
  score: number;
}

export interface RetrieveOptions {
  textQuery: TextQuery;
  language: Language;
  kinds?: string[];
  /** Kinds the question asks for: evidence in the score, not a filter. */
  askedKinds?: string[];
  /** Tags (category names) the question points to: evidence in the score, not a filter. */
  askedTags?: string[];
  limit?: number;
}

// Weights of the evidence: each group matched counts 1 (an area too), the kind asked for 1, a
// category the lexicon points to 0.6, the full-text rank only breaks ties.
// A group matched in the very words typed (not only through the lexicon's alternatives) adds 0.3:
// "helados" finds the heladería before the café whose menu has "postres".
export const retrievalWeights = { area: 1, kind: 1, tag: 0.6, rank: 0.1, typed: 0.3, head: 0.5 };

/**
 * Everything public that matches any group of a query, best first: the score adds up the groups
 * a thing matches (in either language), the evidence of the kind and category asked for, and the
 * full-text rank. One hit per thing, titled and linked in the visitor's language when it has a
 * version in it. What the question asks for weighs in; it never filters.
 */
export async function retrieveSite(options: RetrieveOptions): Promise<RetrievedHit[]> {
  const { textQuery } = options;
  if (!textQuery.groupTexts.length) return [];
  const limit = Math.min(Math.max(options.limit ?? 30, 1), 100);
  // Every tsquery is parsed once (the q row), and every group is tested once per document (flags);
  // the counts, the mask and the area test are read from those flags.
  const texts = [
    textQuery.groupTexts.join(" | "),
    ...textQuery.groupTexts,
    ...textQuery.groups.flatMap((group) => (group.source === "lexicon" ? [group.alternatives[0].join(" & ")] : [])),
  ];
  const groupCount = textQuery.groupTexts.length;
  const typedCount = texts.length - 1 - groupCount;
  const flag = (index: number) => sql.raw(`f${index}`);
  const tsColumns = sql.join(
    texts.map(
      (text, index) =>
        sql`to_tsquery('playa_english', ${text}) as ${sql.raw(`e${index}`)}, to_tsquery('playa_spanish', ${text}) as ${sql.raw(`s${index}`)}`,
    ),
    sql`, `,
  );
  const flagColumns = sql.join(
    texts
      .slice(1)
      .map(
        (_, index) =>
          sql`(d.tsv_english @@ q.${sql.raw(`e${index + 1}`)} or d.tsv_spanish @@ q.${sql.raw(`s${index + 1}`)}) as ${flag(index + 1)}`,
      ),
    sql`, `,
  );
  // A term that points only to guide pages ("license" → the government page) matches those pages
  // through its lexicon words, and anything else only through the words typed: every section of
  // the government page says "government", which says nothing about a driving licence.
  const typedFlagOf = new Map<number, number>();
  textQuery.groups.forEach((group, index) => {
    if (group.source === "lexicon") typedFlagOf.set(index, 1 + groupCount + typedFlagOf.size);
  });
  const scoped = (group: WordGroup, index: number, test: SQL) => {
    const typed = typedFlagOf.get(index);
    if (!group.pages?.length || typed === undefined) return test;
    const onPage = sql.join(
      group.pages.map((page) => sql`d.url ~ ${`^(/es)?/${page.replace(/[^a-z0-9-]/g, "")}([#?/]|$)`}`),
      sql` or `,
    );
    return sql`(${test} and (${onPage} or ${flag(typed)}))`;
  };
  const groupFlags = textQuery.groups.map((group, index) => ({
    area: group.source === "area",
    flag: scoped(group, index, flag(index + 1)),
  }));
  // The same test of each content group on the title and tags alone (weights A and B).
  const contentColumns = textQuery.groups.flatMap((group, index) => (group.source === "area" ? [] : [index + 1]));
  const headColumns = contentColumns.map(
    (n) =>
      sql`(d.head_english @@ q.${sql.raw(`e${n}`)} or d.head_spanish @@ q.${sql.raw(`s${n}`)}) as ${sql.raw(`h${n}`)}`,
  );
  const headFlags = contentColumns.map((n) => scoped(textQuery.groups[n - 1], n - 1, sql.raw(`h${n}`)));
  const sum = (flags: SQL[]) =>
    flags.length
      ? sql.join(
          flags.map((name) => sql`${name}::int`),
          sql` + `,
        )
      : sql`0`;
  const contentFlags = groupFlags.filter((group) => !group.area).map((group) => group.flag);
  const areaFlags = groupFlags.filter((group) => group.area).map((group) => group.flag);
  const typedFlags = Array.from({ length: typedCount }, (_, index) => flag(1 + groupCount + index));
  const asked = (values: string[] | undefined) =>
    values?.length
      ? sql`array[${sql.join(
          values.map((value) => sql`${value}`),
          sql`, `,
        )}]::text[]`
      : sql`array[]::text[]`;
  // Constants of the code, written into the statement as numbers (a parameter would be typed int).
  const weight = Object.fromEntries(
    Object.entries(retrievalWeights).map(([key, value]) => [key, sql.raw(`${Number(value)}::float8`)]),
  ) as Record<keyof typeof retrievalWeights, SQL>;
  const { rows } = (await getDb().execute(sql`
    with q as (select ${tsColumns}),
    -- The documents that match anything, with their title-and-tags vectors made once each.
    hit as materialized (
      select d.kind, d.ref_id, d.locale, d.tags, d.title, d.url, d.tsv_english, d.tsv_spanish,
        ts_filter(d.tsv_english, '{a,b}') as head_english, ts_filter(d.tsv_spanish, '{a,b}') as head_spanish
      from ${searchDocuments} d cross join q
      where (d.tsv_english @@ q.e0 or d.tsv_spanish @@ q.s0)
        ${options.kinds?.length ? sql`and d.kind = any(${asked(options.kinds)})` : sql``}
    ),
    flags as (
      select d.kind, d.ref_id, d.locale, d.tags, d.title, d.url, ${flagColumns}, ${headColumns.length ? sql.join(headColumns, sql`, `) : sql`false as h0`},
        ts_rank(d.tsv_english, q.e0) + ts_rank(d.tsv_spanish, q.s0) as rank
      from hit d cross join q
    ),
    matched as (
      select kind, ref_id, locale, rank, title, url,
        ${sum(contentFlags)} as matched,
        ${sql.join(
          groupFlags.map(
            (group, index) => sql`(case when ${group.flag} then ${sql.raw(String(1 << index))} else 0 end)`,
          ),
          sql` | `,
        )} as group_mask,
        ${areaFlags.length ? sql`(${sum(areaFlags)}) > 0` : sql`false`} as area_matched,
        ${sum(typedFlags)} as typed,
        ${sum(headFlags)} as head,
        ${
          headFlags.length
            ? sql.join(
                headFlags.map(
                  (test, index) =>
                    sql`(case when ${test} then ${sql.raw(String(1 << (contentColumns[index] - 1)))} else 0 end)`,
                ),
                sql` | `,
              )
            : sql`0`
        } as head_mask,
        (kind = any(${asked(options.askedKinds)}))::int as kind_asked,
        (tags && ${asked(options.askedTags)})::int as tag_asked
      from flags d
    ), best as (
      select kind, ref_id,
        max(matched + case when area_matched then ${weight.area} else 0 end
          + kind_asked * ${weight.kind} + tag_asked * ${weight.tag} + typed * ${weight.typed} + head * ${weight.head}
          + least(rank, 1) * ${weight.rank} + case when locale = ${options.language} then 0.01 else 0 end) as score,
        max(matched) as matched, max(head) as head, bit_or(group_mask) as group_mask, bit_or(head_mask) as head_mask, bool_or(area_matched) as area_matched,
        -- What settles equal scores: the title, then the address without its language (a
        -- business's or an event's slug is in it). The ref_id is random for seeded things, so it
        -- comes last, for two things alike in both. Byte order, the same on PGlite and PostgreSQL.
        min(title collate "C") as title_key,
        min(regexp_replace(url, '^/es(?=[/?#]|$)', '') collate "C") as url_key
      from matched group by kind, ref_id
      order by score desc, title_key, url_key, kind, ref_id limit ${limit}
    )
    select b.kind, b.ref_id as "refId", b.score, b.matched, b.head, b.group_mask as "groupMask", b.head_mask as "headMask", b.area_matched as "areaMatched",
      v.title, v.body, v.url, v.place, v.tags
    from best b
    join lateral (
      select title, body, url, place, tags from ${searchDocuments} d
      where d.kind = b.kind and d.ref_id = b.ref_id
      order by (d.locale = ${options.language}) desc limit 1
    ) v on true
    order by b.score desc, b.title_key, b.url_key, b.kind, b.ref_id`)) as unknown as {
    rows: (Omit<RetrievedHit, "score" | "matched" | "head" | "groupMask" | "headMask"> & {
      headMask: number | string;
      score: number | string;
      matched: number | string;
      head: number | string;
      groupMask: number | string;
    })[];
  };
  return rows.map((row) => ({
    ...row,
    score: Number(row.score),
    matched: Number(row.matched),
    head: Number(row.head),
    groupMask: Number(row.groupMask),
    headMask: Number(row.headMask),
  }));
}
