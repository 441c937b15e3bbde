// Scores the concierge and the directory search on the evaluation sets in tests/fixtures/finding/
// (questions and queries written the way people type them, each with what a right answer cites,
// computed from the demo seed). Shared by the integration test, which holds the figures, and by
// bench/finding.mjs, which prints them. Each set was split once into a tuning half and a test
// half: tune on the first, trust the second.

import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { askConcierge } from "#app/compose/concierge/concierge.server";
import { openStatus } from "#app/features/directory/hours";
import { searchDirectory } from "#app/features/directory/search.server";
import { siteTimeZone } from "#app/lib/format";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { parseDemoHours } from "#root/db/seed/directory";
import { demoBusinesses } from "#root/db/seed/directory-data";

export type Half = "tune" | "test";

export interface QuestionCase {
  id: string;
  q: string;
  lang: "en" | "es";
  area: string;
  half: Half;
  expect: {
    cites?: string[];
    facts?: string[];
    subjects?: string[];
    open?: boolean;
    unsure?: boolean;
    emergencyFirst?: boolean;
  };
}

export interface QueryCase {
  id: string;
  q: string;
  lang: "en" | "es";
  half: Half;
  relevant: { slugs?: string[]; category?: string; area?: string };
}

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "finding");

export function loadQuestions(): QuestionCase[] {
  return JSON.parse(readFileSync(path.join(fixtures, "concierge-questions.json"), "utf8"));
}

export function loadQueries(): QueryCase[] {
  return JSON.parse(readFileSync(path.join(fixtures, "search-queries.json"), "utf8"));
}

/** Wednesday 25 November 2026, 12:30 in Costa Rica: the clock the sets were written for. */
export const evaluationClock = new Date("2026-11-25T18:30:00Z");

const bySlug = new Map(demoBusinesses.map((business) => [business.slug, business]));
const verified = demoBusinesses.filter((business) => (business.status ?? "verified") === "verified");

/** A citation's path without the language prefix: "/es/business/x#y" → "/business/x#y". */
export function pathOf(url: string): string {
  const pathname = url.replace(/^https?:\/\/[^/]+/, "");
  return pathname === "/es" ? "/" : pathname.replace(/^\/es(?=[/?#])/, "");
}

const slugOf = (citation: string) => citation.match(/^\/business\/([a-z0-9-]+)/)?.[1] ?? null;

function matchesPath(citation: string, expected: string) {
  if (citation === expected) return true;
  if (!citation.startsWith(expected)) return false;
  return expected.endsWith("/") || /^[/?#]/.test(citation.slice(expected.length));
}

function matchesSubject(citation: string, subject: string) {
  const slug = slugOf(citation);
  if (subject.startsWith("category:")) return slug !== null && bySlug.get(slug)?.category === subject.slice(9);
  if (subject.startsWith("area:")) return slug !== null && bySlug.get(slug)?.area === subject.slice(5);
  return matchesPath(citation, subject);
}

/**
 * One question of the set, asked as a signed-out visitor at the set's clock. The rate limits are
 * cleared first: a set is hundreds of questions from a handful of addresses.
 */
export function askEvaluationQuestion(item: QuestionCase, index: number) {
  clearRateLimitersForTests();
  return askConcierge({
    question: item.q,
    language: item.lang,
    actor: null,
    ip: `203.0.113.${(index % 250) + 1}`,
    conversationToken: null,
    now: evaluationClock,
  });
}

/** One query of the set in the directory search at the set's clock. */
export function searchEvaluationQuery(item: QueryCase, pageSize: number) {
  return searchDirectory({
    query: item.q,
    language: item.lang,
    timeZone: siteTimeZone,
    now: evaluationClock,
    pageSize,
  });
}

export function isOpenAt(slug: string, now = evaluationClock) {
  const business = bySlug.get(slug);
  return business ? openStatus(parseDemoHours(business.hours), [], now, siteTimeZone).open : false;
}

export interface AnswerLike {
  answer: string;
  citations: { url: string }[];
  language: string;
  answered: boolean;
}

export interface QuestionVerdict {
  correct: boolean;
  /** Citations that match none of the question's subjects (only for answerable questions). */
  unrelated: string[];
  cited: boolean;
  reasons: string[];
}

/** Whether an answer is right for its case, and which of its citations are off the subject. */
export function judgeAnswer(item: QuestionCase, answer: AnswerLike): QuestionVerdict {
  const reasons: string[] = [];
  const cited = answer.citations.map((citation) => pathOf(citation.url));
  if (answer.language !== item.lang) reasons.push(`language ${answer.language}`);
  const expect = item.expect;
  if (expect.unsure) {
    if (answer.answered) reasons.push("answered instead of saying it is unsure");
    return { correct: reasons.length === 0, unrelated: [], cited: cited.length > 0, reasons };
  }
  if (!answer.answered) reasons.push("not answered");
  if (expect.cites?.length && !cited.some((citation) => expect.cites?.some((want) => matchesPath(citation, want))))
    reasons.push(`cites none of ${expect.cites.join(" ")}`);
  const text = answer.answer.toLowerCase();
  for (const fact of expect.facts ?? []) if (!text.includes(fact.toLowerCase())) reasons.push(`lacks "${fact}"`);
  if (expect.open)
    for (const citation of cited) {
      const slug = slugOf(citation);
      if (slug && !isOpenAt(slug)) reasons.push(`${slug} is closed`);
    }
  if (expect.emergencyFirst && !answer.answer.split("\n")[0].includes("911")) reasons.push("911 is not first");
  const unrelated = expect.subjects
    ? cited.filter((citation) => !expect.subjects?.some((subject) => matchesSubject(citation, subject)))
    : [];
  return { correct: reasons.length === 0, unrelated, cited: cited.length > 0, reasons };
}

/** The businesses a query is meant to find. */
export function relevantSlugs(item: QueryCase): Set<string> {
  const { slugs = [], category, area } = item.relevant;
  const byPredicate =
    category || area
      ? verified.filter(
          (business) => (!category || business.category === category) && (!area || business.area === area),
        )
      : [];
  return new Set([...slugs, ...byPredicate.map((business) => business.slug)]);
}

/**
 * Precision at 3 of one query: the share of the first three results that are relevant, out of
 * as many as there can be (a query with one right business scores 1 when it comes first… or
 * anywhere in the three). A hopeless query scores 1 when nothing is returned.
 */
export function precisionAt3(item: QueryCase, results: string[]): number {
  const relevant = relevantSlugs(item);
  const top = results.slice(0, 3);
  if (relevant.size === 0) return top.length === 0 ? 1 : 0;
  const hits = top.filter((slug) => relevant.has(slug)).length;
  return hits / Math.min(3, relevant.size);
}
