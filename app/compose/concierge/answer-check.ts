// The check a model's answer passes before anyone reads it: every link must be a page a tool
// returned, every name-like phrase (two or more capitalised words: "Casa Pepe Grill") must be one
// of the names the tools returned or a known place, and every phone number, email address and URL
// must be one a tool returned as contact data in this answer (a listing's own phone, an emergency
// number, a page's url), never one the model made up or copied from what someone wrote. A sentence
// that fails is dropped; the citations are the tools' links, never the model's. Pure, so it is
// unit-tested on its own.

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

// A phone number: seven or more digits, an optional "+", spaces, dots, dashes or parentheses
// between them. Dates ("2026-11-27") and clock times are taken out first.
const phonePattern = /\+?\(?\d[\d\s().\u2010-\u2012-]{5,}\d/g;
const datePattern = /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?\b|\b\d{1,2}:\d{2}\b/g;
// Amounts ("₡3 500 000", "450 000 USD") are not phone numbers either.
const amountPattern = /[₡$€£]\s?\d[\d\s.,]*\d|\d[\d\s.,]*\d\s?(?:USD|CRC|colones|d[oó]lares|dollars)\b/giu;
// Anything with an "@" (a full address, or one cut short, "hola@…").
const emailPattern = /[\p{L}\p{N}._%+-]*@[\p{L}\p{N}._…-]*/gu;
// A URL with a scheme, "www.", or a host name with a path ("evil.example/verify").
const urlPattern =
  /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>()[\]]+|\bwww\.[^\s<>()[\]]+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}\/[^\s<>()[\]]*/giu;

const digitsOf = (text: string) => text.replace(/\D/g, "");

function phonesIn(text: string): string[] {
  return [...text.replace(datePattern, " ").replace(amountPattern, " ").matchAll(phonePattern)]
    .map((match) => digitsOf(match[0]))
    .filter((digits) => digits.length >= 7);
}

/** Two phone numbers are the same with or without a country code (+506 8888 7777 is 88887777). */
function samePhone(a: string, b: string) {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length >= 7 && long.endsWith(short) && long.length - short.length <= 4;
}

/**
 * Whether every phone number, email address and URL in `text` (its Markdown links included) is in
 * `evidence`: the contact fields the tools returned for this answer, and the links of `known`.
 */
export function contactsAreKnown(text: string, known: KnownThing[], evidence: readonly string[] = []): boolean {
  const knownUrls = new Set(known.map((thing) => thing.url.split("#")[0]));
  const trusted = [...evidence, ...known.map((thing) => thing.url)];
  const trustedText = trusted.join("\n").toLowerCase();
  const trustedPhones = trusted.flatMap((value) =>
    value.startsWith("tel:")
      ? [digitsOf(value)]
      : phonesIn(value).concat(digitsOf(value).length >= 7 ? [digitsOf(value)] : []),
  );
  const phoneKnown = (digits: string) => trustedPhones.some((candidate) => samePhone(candidate, digits));
  const urlKnown = (url: string) => {
    const bare = url.replace(/[.,;:!?'"»”]+$/, "").toLowerCase();
    if (trustedText.includes(bare)) return true;
    try {
      const parsed = new URL(
        bare.startsWith("www.") ? `https://${bare}` : bare.includes("://") ? bare : `https://${bare}`,
      );
      return knownUrls.has(parsed.pathname) && parsed.pathname !== "/";
    } catch {
      return false;
    }
  };
  const hrefs = [...text.matchAll(/\]\(([^)\s]+)[^)]*\)/g)].map((match) => match[1]);
  for (const href of hrefs) {
    if (href.startsWith("tel:")) {
      if (!phoneKnown(digitsOf(href))) return false;
    } else if (href.startsWith("mailto:")) {
      if (!trustedText.includes(href.slice("mailto:".length).toLowerCase())) return false;
    } else if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !urlKnown(href)) return false;
  }
  // What remains once the links' targets are out is what a reader sees.
  const visible = text.replace(/\]\(([^)\s]+)[^)]*\)/g, "]");
  const urls = [...visible.matchAll(urlPattern)].map((match) => match[0]);
  if (urls.some((url) => !urlKnown(url))) return false;
  const withoutUrls = urls.reduce((rest, url) => rest.replace(url, " "), visible);
  // A sentence's own full stop is not part of the address; a cut-off "hola@…" stays invalid.
  const emails = [...withoutUrls.matchAll(emailPattern)].map((match) => match[0].replace(/[.…]+$/, ""));
  if (emails.some((email) => !/^[^@]+@[^@]+\.[^@.…]{2,}$/.test(email) || !trustedText.includes(email.toLowerCase())))
    return false;
  const withoutEmails = emails.reduce((rest, email) => rest.replace(email, " "), withoutUrls);
  return phonesIn(withoutEmails).every(phoneKnown);
}

export interface CheckedAnswer {
  answer: string;
  dropped: string[];
  citations: KnownThing[];
}

/**
 * The check of one sentence: its links and names all come from `known` (what the tools returned,
 * read at each call, so a list that grows as tools run is seen as it grows) or the allowed places,
 * and its phone numbers, email addresses and URLs from `evidence` (the tools' contact fields, read
 * the same way) or `known`'s links.
 */
export function sentenceChecker(
  known: KnownThing[],
  extraNames: string[] = [],
  evidence: readonly string[] = [],
): (sentence: string) => boolean {
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
    const badLink = links.some(
      (href) =>
        !(
          href.startsWith("tel:") ||
          href.startsWith("mailto:") ||
          /^https?:/i.test(href) ||
          knownUrls.has(href.split("#")[0])
        ),
    );
    const badName = namePhrases(text).some((phrase) => !nameKnown(phrase));
    return !(badLink || badName) && contactsAreKnown(text, known, evidence);
  };
}

/**
 * Keeps the sentences whose links and names all come from `known` (what the tools returned) or
 * the allowed places. Citations: the known things the kept answer mentions, else all of them.
 */
export function checkAnswer(
  markdown: string,
  known: KnownThing[],
  extraNames: string[] = [],
  evidence: readonly string[] = [],
): CheckedAnswer {
  const passes = sentenceChecker(known, extraNames, evidence);
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
