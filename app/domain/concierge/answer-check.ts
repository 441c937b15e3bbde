// The check a model's answer passes before anyone reads it: every link must be a page a tool
// returned, and every name-like phrase (two or more capitalised words: "Casa Pepe Grill") must be
// one of the names the tools returned or a known place. A sentence that fails is dropped; the
// citations are the tools' links, never the model's. Pure, so it is unit-tested on its own.

import { fold } from "./intents";

export interface KnownThing {
  title: string;
  url: string;
}

// Names an answer may use that no tool returns: the country, the province, the site's own words.
const alwaysAllowed = [
  "Costa Rica",
  "Guanacaste",
  "Playa Flamingo",
  "Playa Hub",
  "Playa Brasilito",
  "Playa Potrero",
  "Playa Conchal",
  "Las Catalinas",
  "Santa Cruz",
  "Cruz Roja",
  "Red Cross",
  "Pura Vida",
  "America/Costa_Rica",
];

const connector = new Set(["de", "del", "la", "las", "el", "los", "y", "&", "of", "the", "and"]);

/** Runs of capitalised words (with de/la/&… inside them) of at least two words. */
export function namePhrases(sentence: string): string[] {
  const text = sentence.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[*_`#>]/g, " ");
  const tokens = text.split(/\s+/).filter(Boolean);
  const phrases: string[] = [];
  let current: string[] = [];
  let atSentenceStart = true;
  let phraseAtStart = false;
  const flush = () => {
    // A sentence's first word is capitalised anyway ("Try Casa Pepe"): it is not part of a name.
    if (phraseAtStart) current.shift();
    while (current.length && connector.has(current[current.length - 1].toLowerCase())) current.pop();
    if (current.filter((word) => !connector.has(word.toLowerCase())).length >= 2) phrases.push(current.join(" "));
    current = [];
    phraseAtStart = false;
  };
  for (const raw of tokens) {
    const word = raw.replace(/^[^\p{L}\p{N}&]+|[^\p{L}\p{N}&']+$/gu, "");
    const capitalised = /^\p{Lu}[\p{L}'’-]*$/u.test(word);
    if (capitalised) {
      if (current.length === 0) phraseAtStart = atSentenceStart;
      current.push(word);
    } else if (current.length && connector.has(word.toLowerCase())) current.push(word);
    else flush();
    atSentenceStart = /[.!?:]$/.test(raw) || /^[-*\d.]+$/.test(raw);
    if (/[.!?:;,]$/.test(raw)) flush();
  }
  flush();
  return phrases;
}

const sentenceBoundary = /(?<=[.!?])\s+(?=[\p{Lu}¿¡[*])/u;

/** Splits Markdown into sentences, keeping list items and lines apart. */
function sentencesOf(markdown: string): { text: string; separator: string }[] {
  const parts: { text: string; separator: string }[] = [];
  for (const line of markdown.split("\n")) {
    const pieces = line.split(sentenceBoundary);
    for (const [index, piece] of pieces.entries()) {
      parts.push({ text: piece, separator: index === pieces.length - 1 ? "\n" : " " });
    }
  }
  return parts;
}

export interface CheckedAnswer {
  answer: string;
  dropped: string[];
  citations: KnownThing[];
}

/**
 * The check of one sentence: its links and names all come from `known` (what the tools returned,
 * read at each call, so a list that grows as tools run is seen as it grows) or the allowed places.
 */
export function sentenceChecker(known: KnownThing[], extraNames: string[] = []): (sentence: string) => boolean {
  return (text) => {
    const knownUrls = new Set(known.map((thing) => thing.url.split("#")[0]));
    const names = [...known.map((thing) => thing.title), ...extraNames, ...alwaysAllowed].map((name) =>
      fold(name).trim(),
    );
    const nameKnown = (phrase: string) => {
      const folded = fold(phrase).trim();
      return names.some((name) => name.includes(folded) || (folded.includes(name) && name.length >= 4));
    };
    const links = [...text.matchAll(/\]\(([^)\s]+)[^)]*\)/g)].map((match) => match[1]);
    const badLink = links.some((href) => !(href.startsWith("tel:") || knownUrls.has(href.split("#")[0])));
    const badName = namePhrases(text).some((phrase) => !nameKnown(phrase));
    return !(badLink || badName);
  };
}

/**
 * Keeps the sentences whose links and names all come from `known` (what the tools returned) or
 * the allowed places. Citations: the known things the kept answer mentions, else all of them.
 */
export function checkAnswer(markdown: string, known: KnownThing[], extraNames: string[] = []): CheckedAnswer {
  const passes = sentenceChecker(known, extraNames);
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const { text, separator } of sentencesOf(markdown)) {
    if (passes(text)) kept.push(text + separator);
    else dropped.push(text);
  }
  const answer = kept
    .join("")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { answer, dropped, citations: citationsFor(answer, known) };
}

/** The known things an answer mentions (else all of them), without tel: duplicates, at most six. */
export function citationsFor(answer: string, known: KnownThing[]): KnownThing[] {
  const foldedAnswer = fold(answer);
  const mentioned = known.filter((thing) => answer.includes(thing.url) || foldedAnswer.includes(fold(thing.title)));
  return dedupe(mentioned.length ? mentioned : known).slice(0, 6);
}

/**
 * The same check on text that arrives in pieces (a streamed answer): text is held until a
 * sentence or line is complete (the split is checkAnswer's), each complete sentence is checked,
 * and `emit` receives only what passed, spaced as checkAnswer would join it (no leading blank,
 * at most one empty line, no trailing separator). `emitted()` is everything sent so far.
 */
export function sentenceStream(passes: (sentence: string) => boolean, emit: (text: string) => void) {
  let buffer = "";
  let pending = "";
  let sent = "";
  const dropped: string[] = [];
  const take = (text: string, separator: string) => {
    if (!passes(text)) {
      dropped.push(text);
      return;
    }
    if (!text.trim()) {
      pending += text + separator;
      return;
    }
    const lead = sent ? pending.replace(/\n{3,}/g, "\n\n") : "";
    const piece = lead + (sent ? text : text.trimStart());
    sent += piece;
    emit(piece);
    pending = separator;
  };
  const takeLine = (line: string, complete: boolean) => {
    const pieces = line.split(sentenceBoundary);
    const last = complete ? pieces.length : pieces.length - 1;
    for (let index = 0; index < last; index++) take(pieces[index], index === pieces.length - 1 ? "\n" : " ");
    return complete ? "" : pieces[pieces.length - 1];
  };
  return {
    push(text: string) {
      buffer += text;
      let newline = buffer.indexOf("\n");
      while (newline >= 0) {
        takeLine(buffer.slice(0, newline), true);
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf("\n");
      }
      buffer = takeLine(buffer, false);
    },
    end() {
      if (buffer) takeLine(buffer, true);
      buffer = "";
    },
    emitted: () => sent,
    dropped,
  };
}

function dedupe(things: KnownThing[]) {
  const seen = new Set<string>();
  return things.filter((thing) => {
    if (seen.has(thing.url)) return false;
    seen.add(thing.url);
    return true;
  });
}
