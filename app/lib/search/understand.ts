// What a search or a question asks for, read with the local lexicon (lexicon.json): the kind of
// thing wanted, the directory categories and guide pages it points to, the site's areas it names,
// and the groups of words to look for, each group a set of alternatives of which one must match.
// Pure and free of server code: the directory search, the site search and the concierge all read
// queries through it, so a word added to the lexicon helps all three at once.

import lexiconData from "./lexicon.json";

export type AskedKind = "business" | "property" | "event" | "group" | "forum" | "classified" | "guide" | "beach";

interface LexiconEntry {
  terms: string[];
  words?: string[];
  category?: string;
  kind?: AskedKind;
  page?: string;
  /** The terms suggest the kind ("tonight": an event) rather than name it. */
  hint?: boolean;
  /** The terms name a broad kind of place ("restaurant", "shop"): not enough to answer by themselves. */
  generic?: boolean;
  /** A guide page that does not answer when these terms are read ("my dog was stung": not the people's healthcare page). */
  notPage?: string;
}

export interface Lexicon {
  filler: Set<string>;
  /** Filler when they open a question ("hola, ¿hay farmacia?"), what is asked anywhere else ("how do you say hello"). */
  greetings: Set<string>;
  entries: LexiconEntry[];
  /** Folded term (one or more words) → the entries it belongs to. */
  byTerm: Map<string, number[]>;
  /** Every single word that appears in a term, for typo correction. */
  termWords: Set<string>;
  longestTerm: number;
}

/** Lower case, accents folded (ñ → n), every run of other characters a single space. */
export function foldWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0 && word.length <= 40);
}

export function buildLexicon(data: {
  filler: Record<string, string[]>;
  greetings?: string[];
  entries: LexiconEntry[];
}): Lexicon {
  const byTerm = new Map<string, number[]>();
  const termWords = new Set<string>();
  let longestTerm = 1;
  data.entries.forEach((entry, index) => {
    for (const term of entry.terms) {
      const words = foldWords(term);
      if (!words.length) continue;
      const key = words.join(" ");
      byTerm.set(key, [...(byTerm.get(key) ?? []), index]);
      for (const word of words) termWords.add(word);
      longestTerm = Math.max(longestTerm, words.length);
    }
  });
  const filler = new Set(Object.values(data.filler).flat().flatMap(foldWords));
  const greetings = new Set((data.greetings ?? []).flatMap(foldWords));
  return { filler, greetings, entries: data.entries, byTerm, termWords, longestTerm };
}

export const lexicon = buildLexicon(
  lexiconData as { filler: Record<string, string[]>; greetings: string[]; entries: LexiconEntry[] },
);

/** Optimal string alignment distance (Levenshtein with adjacent swaps), stopping past `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2][j - 2] + 1);
      rows[i][j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length][b.length];
}

/**
 * The lexicon word a typo stands for: one edit away for words of five letters or more, two for
 * words of nine or more; the first letter must agree (people rarely mistype it). Null when the
 * word is known or nothing is close.
 */
function correctWord(word: string, known: Lexicon, extra: Set<string>): string | null {
  if (
    word.length < 5 ||
    known.termWords.has(word) ||
    known.filler.has(word) ||
    known.greetings.has(word) ||
    extra.has(word) ||
    /\d/.test(word)
  )
    return null;
  const max = word.length >= 9 ? 2 : 1;
  let best: { word: string; distance: number } | null = null;
  for (const candidate of [...known.termWords, ...extra]) {
    if (candidate[0] !== word[0] || candidate.length < 4) continue;
    const distance = editDistance(word, candidate, max);
    if (distance <= max && (!best || distance < best.distance)) best = { word: candidate, distance };
  }
  return best?.word ?? null;
}

export interface AreaVocabulary {
  slug: string;
  /** Names in both languages and their parts ("Surfside & Potrero", "Potrero"). */
  names: string[];
}

/**
 * The names an area is asked by: both languages' names, the slug, and the parts of a double name
 * without "Playa" ("Brasilito & Conchal" is asked about as "Conchal", "Playa Flamingo" as "Flamingo").
 */
export function areaVocabulary(areas: { slug: string; names: string[] }[]): AreaVocabulary[] {
  return areas.map((area) => {
    const full = [...area.names, area.slug.replace(/-/g, " ")];
    const parts = full.flatMap((name) => name.split(/\s*&\s*|\s+y\s+/)).map((name) => name.replace(/^playa\s+/i, ""));
    return { slug: area.slug, names: [...new Set([...full, ...parts])].filter((name) => name.length > 2) };
  });
}

export interface WordGroup {
  /** What the visitor typed for this group. */
  typed: string[];
  /** Where the group starts among the query's words. */
  position: number;
  /** Alternatives, each a list of words that must all match; one alternative is enough. */
  alternatives: string[][];
  source: "lexicon" | "area" | "word";
  /** A lexicon term that names only a broad kind of place ("restaurant", "shop"). */
  generic?: boolean;
  /** The directory category a term points to, when all its readings agree on one. */
  category?: string;
  /**
   * The guide pages a term points to, when it points only to pages ("license" → the government
   * page): its lexicon words describe those pages, so elsewhere only the words typed count.
   */
  pages?: string[];
  /** Every guide page the term's entries point to, whether or not they also name a category. */
  guides?: string[];
  /**
   * The kinds of thing the term names rather than suggests: "waves" asks the beach report, while
   * "beach" in "camping on the beach" or "beach clean-up" is where, not what.
   */
  names?: AskedKind[];
  /** Guide pages the term rules out ("my dog": the vet, not the people's healthcare page). */
  notPages?: string[];
}

export interface Understanding {
  groups: WordGroup[];
  categories: string[];
  kinds: AskedKind[];
  /**
   * Kinds said in so many words ("events", "se vende", "house for rent"): stronger evidence than
   * the kind a word suggests ("surfboard" suggests a shop).
   */
  explicitKinds: AskedKind[];
  /** The listed kinds named by the first term that names one: "for sale" is ads and properties. */
  firstExplicitKinds: AskedKind[];
  pages: string[];
  areas: string[];
  /** Words of the query that say nothing about what is wanted ("where", "ocupo", "mae"). */
  filler: string[];
}

/** Kinds that are lists of their own on the site: a term naming one says what is wanted. */
const listedKinds = new Set<AskedKind>(["property", "event", "group", "classified"]);

const areaFillerWords = new Set(["playa", "las", "los", "la", "el", "y", "and"]);
const possessives = new Set(["my", "our", "mi", "mis", "nuestro", "nuestra", "nuestros", "nuestras"]);

/**
 * Reads a query or a question: areas first (longest name wins), then the lexicon's terms (the
 * longest phrase wins; a word one letter off a lexicon word counts as that word), then the rest,
 * less filler words. Each lexicon term becomes a group whose alternatives are what was typed and
 * the entry's words, so "car hire" also finds "rent a car" and "alquiler de carros".
 */
export function understandQuery(text: string, areas: AreaVocabulary[] = [], known: Lexicon = lexicon): Understanding {
  const typed = foldWords(text.slice(0, 300)).slice(0, 40);
  const areaWords = new Set(areas.flatMap((area) => area.names.flatMap(foldWords)).filter((word) => word.length >= 5));
  const words = typed.map((word) => correctWord(word, known, areaWords) ?? word);
  const used = new Array<boolean>(words.length).fill(false);
  const result: Understanding = {
    groups: [],
    categories: [],
    kinds: [],
    explicitKinds: [],
    firstExplicitKinds: [],
    pages: [],
    areas: [],
    filler: [],
  };
  const add = <T>(list: T[], value: T | undefined) => {
    if (value !== undefined && !list.includes(value)) list.push(value);
  };

  // Areas: "playa flamingo", "potrero", "brasilito y conchal".
  const areaNames = areas.flatMap((area) =>
    area.names.map((name) => ({ slug: area.slug, words: foldWords(name) })).filter((name) => name.words.length),
  );
  areaNames.sort((a, b) => b.words.length - a.words.length);
  for (let i = 0; i < words.length; i++) {
    if (used[i]) continue;
    const match = areaNames.find((name) => name.words.every((word, k) => words[i + k] === word && !used[i + k]));
    if (!match || (match.words.length === 1 && areaFillerWords.has(match.words[0]))) continue;
    for (let k = 0; k < match.words.length; k++) used[i + k] = true;
    if (result.areas.includes(match.slug)) continue;
    add(result.areas, match.slug);
    const distinctive = new Set(
      (areas.find((area) => area.slug === match.slug)?.names ?? [])
        .flatMap(foldWords)
        .filter((word) => !areaFillerWords.has(word) && word.length > 2),
    );
    result.groups.push({
      typed: typed.slice(i, i + match.words.length),
      position: i,
      alternatives: [...distinctive].map((word) => [word]),
      source: "area",
    });
  }

  // Lexicon terms, longest first at each position.
  const excluded = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    if (used[i]) continue;
    for (let length = Math.min(known.longestTerm, words.length - i); length >= 1; length--) {
      const span = words.slice(i, i + length);
      if (span.some((_, k) => used[i + k])) continue;
      const indexes = known.byTerm.get(span.join(" "));
      if (!indexes) continue;
      for (let k = 0; k < length; k++) used[i + k] = true;
      const alternatives: string[][] = [];
      const pushAlternative = (alternative: string[]) => {
        const meaningful = alternative.filter((word) => !known.filler.has(word) || alternative.length === 1);
        if (meaningful.length && !alternatives.some((other) => other.join(" ") === meaningful.join(" ")))
          alternatives.push(meaningful);
      };
      pushAlternative(span);
      pushAlternative(typed.slice(i, i + length));
      // "A website for my restaurant", "una piscina en mi lote": what the asker has is where the
      // need is, not what is wanted. A broad kind of place or a listed kind after a possessive keeps
      // its words but says nothing of the kind or category wanted ("my dog" still wants the vet). A
      // longer term says what is done with it, which is what is wanted: "list my house for sale".
      const owned = length === 1 && i > 0 && possessives.has(words[i - 1]);
      const says = (entry: LexiconEntry) =>
        !(owned && (entry.generic || (entry.kind !== undefined && listedKinds.has(entry.kind))));
      const named: AskedKind[] = [];
      for (const index of indexes) {
        const entry = known.entries[index];
        for (const word of entry.words ?? []) pushAlternative(foldWords(word));
        if (!says(entry)) continue;
        add(result.categories, entry.category);
        add(result.kinds, entry.kind);
        if (!entry.hint && (!entry.words?.length || (entry.kind && listedKinds.has(entry.kind)))) {
          add(result.explicitKinds, entry.kind);
          add(named, entry.kind);
        }
        add(result.pages, entry.page);
        if (entry.notPage) excluded.add(entry.notPage);
      }
      if (!result.firstExplicitKinds.length) result.firstExplicitKinds = named.filter((kind) => listedKinds.has(kind));
      // A term that only says what kind of thing is wanted ("events", "se vende") is evidence,
      // not words to find: "events this week" must not require the word "week" in an event.
      const spanTyped = typed.slice(i, i + length);
      if (indexes.some((index) => known.entries[index].words?.length))
        result.groups.push({
          typed: spanTyped,
          position: i,
          alternatives,
          source: "lexicon",
          generic: indexes.every((index) => known.entries[index].generic === true),
          ...(new Set(indexes.map((index) => known.entries[index].category)).size === 1 &&
          known.entries[indexes[0]].category &&
          says(known.entries[indexes[0]])
            ? { category: known.entries[indexes[0]].category }
            : {}),
          ...(indexes.every((index) => known.entries[index].page && !known.entries[index].category)
            ? { pages: [...new Set(indexes.map((index) => known.entries[index].page as string))] }
            : {}),
          ...(indexes.some(
            (index) => known.entries[index].kind && !known.entries[index].hint && says(known.entries[index]),
          )
            ? {
                names: [
                  ...new Set(
                    indexes.flatMap((index) => {
                      const entry = known.entries[index];
                      return entry.kind && !entry.hint && says(entry) ? [entry.kind] : [];
                    }),
                  ),
                ],
              }
            : {}),
          ...(indexes.some((index) => known.entries[index].notPage)
            ? { notPages: [...new Set(indexes.flatMap((index) => known.entries[index].notPage ?? []))] }
            : {}),
          ...(indexes.some((index) => known.entries[index].page)
            ? {
                guides: [
                  ...new Set(
                    indexes.flatMap((index) => (known.entries[index].page ? [known.entries[index].page] : [])),
                  ),
                ],
              }
            : {}),
        });
      else if (spanTyped.join(" ") !== span.join(" "))
        // A corrected word that only says a kind may have been a word of a name: keep what was typed.
        result.groups.push({ typed: spanTyped, position: i, alternatives: [spanTyped], source: "word" });
      break;
    }
  }

  // A greeting that opens the question says nothing; after a word that says something ("how do
  // locals say hello"), it is what is asked about.
  const opening = words.findIndex((word, i) => used[i] || !(known.filler.has(word) || known.greetings.has(word)));
  for (let i = 0; i < words.length; i++) {
    if (used[i]) continue;
    const greeting = known.greetings.has(words[i]) && (opening === -1 || i < opening);
    if (known.filler.has(words[i]) || greeting || words[i].length < 2) {
      result.filler.push(typed[i]);
      continue;
    }
    result.groups.push({ typed: [typed[i]], position: i, alternatives: [[typed[i]]], source: "word" });
  }
  result.groups.sort((a, b) => a.position - b.position);
  result.pages = result.pages.filter((page) => !excluded.has(page));
  return result;
}
