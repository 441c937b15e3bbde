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

/** Splits Markdown into sentences, keeping list items and lines apart. */
function sentencesOf(markdown: string): { text: string; separator: string }[] {
  const parts: { text: string; separator: string }[] = [];
  for (const line of markdown.split("\n")) {
    const pieces = line.split(/(?<=[.!?])\s+(?=[\p{Lu}¿¡[*])/u);
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
 * Keeps the sentences whose links and names all come from `known` (what the tools returned) or
 * the allowed places. Citations: the known things the kept answer mentions, else all of them.
 */
export function checkAnswer(markdown: string, known: KnownThing[], extraNames: string[] = []): CheckedAnswer {
  const knownUrls = new Set(known.map((thing) => thing.url.split("#")[0]));
  const names = [...known.map((thing) => thing.title), ...extraNames, ...alwaysAllowed].map((name) =>
    fold(name).trim(),
  );
  const nameKnown = (phrase: string) => {
    const folded = fold(phrase).trim();
    return names.some((name) => name.includes(folded) || (folded.includes(name) && name.length >= 4));
  };
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const { text, separator } of sentencesOf(markdown)) {
    const links = [...text.matchAll(/\]\(([^)\s]+)[^)]*\)/g)].map((match) => match[1]);
    const badLink = links.some((href) => !(href.startsWith("tel:") || knownUrls.has(href.split("#")[0])));
    const badName = namePhrases(text).some((phrase) => !nameKnown(phrase));
    if (badLink || badName) dropped.push(text);
    else kept.push(text + separator);
  }
  const answer = kept
    .join("")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  const foldedAnswer = fold(answer);
  const mentioned = known.filter((thing) => answer.includes(thing.url) || foldedAnswer.includes(fold(thing.title)));
  const citations = dedupe(mentioned.length ? mentioned : known).slice(0, 6);
  return { answer, dropped, citations };
}

function dedupe(things: KnownThing[]) {
  const seen = new Set<string>();
  return things.filter((thing) => {
    if (seen.has(thing.url)) return false;
    seen.add(thing.url);
    return true;
  });
}
