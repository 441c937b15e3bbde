// The concierge: a question in, an answer in the question's language with the pages it came from.
// Without a model (the default) the planner reads the question (intents.ts) and composes the answer
// from the tools' results and the locale's templates; with one (LLM_*), the model calls the same
// tools and its answer is checked (answer-check.ts) before anyone sees it. Either way every name
// and link in an answer comes from a tool, i.e. from the database.

import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb, inTransaction } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import type { Language } from "#app/lib/i18n";
import { llmSettings } from "#app/lib/llm.server";
import { logger } from "#app/lib/logger.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import {
  anonymiseQuestion,
  type ConciergeIntent,
  conciergeIntents,
  isEmergency,
  maxQuestionLength,
  type PlannedQuestion,
  planQuestion,
} from "./intents";
import { answerWithModel, streamWithModel } from "./model.server";
import { type Composed, type ConversationContext, planAnswer } from "./planner.server";
import { conciergeConversations, conciergeQuestions } from "./schema";
import { areaVocabulary, type Citation } from "./tools.server";

export type { ConversationContext };

export interface ConciergeAnswer {
  answer: string;
  citations: Citation[];
  intent: ConciergeIntent;
  language: Language;
  answered: boolean;
}

/** Per IP and per signed-in user: a person asks a few questions a minute, a script many more. */
export const conciergeLimits = {
  ip: { points: 20, durationSeconds: 60 },
  user: { points: 30, durationSeconds: 60 },
  daily: { points: 300, durationSeconds: 86_400 },
};

const conversationTurnsKept = 6;
const conversationMaxAgeMs = 24 * 60 * 60 * 1000;

/** A new conversation token for the visitor's cookie (the database keeps only its hash). */
export function newConversationToken(): string {
  return randomBytes(24).toString("base64url");
}

function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

function intentOf(plan: PlannedQuestion, composed: Composed): ConciergeIntent {
  if (composed.context?.intent === "business" && plan.intent !== "emergency") return "business";
  if (composed.intent && !["emergency", "medical", "legal"].includes(plan.intent))
    return composed.answered ? composed.intent : "unknown";
  return plan.intent === "unknown" && composed.answered ? "unknown" : plan.intent;
}

async function loadConversation(token: string | null) {
  if (!token) return null;
  const [row] = await getDb()
    .select({
      id: conciergeConversations.id,
      context: conciergeConversations.context,
      turns: conciergeConversations.turns,
      updatedAt: conciergeConversations.updatedAt,
    })
    .from(conciergeConversations)
    .where(eq(conciergeConversations.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || Date.now() - row.updatedAt.getTime() > conversationMaxAgeMs) return null;
  return row;
}

export interface AskOptions {
  question: string;
  /** The page's language: the answer follows the question's language, this only breaks ties. */
  language: Language;
  actor: Actor | null;
  /** The visitor's address, for the per-IP limit; never stored. */
  ip: string;
  /** The visitor's conversation token (their cookie), for follow-ups. */
  conversationToken: string | null;
  now?: Date;
  /**
   * Streams the answer: called with each piece of checked text as it is ready (a model's answer
   * sentence by sentence, the planner's in one piece). The pieces join to the returned answer.
   */
  onText?: (text: string) => void;
  /** Called once the question passed validation and the rate limits, before any answering. */
  onAccepted?: () => void;
}

/**
 * Answers one question. Expected failures: an empty or too long question (invalid, on the field
 * "question") and too many questions (rate_limited).
 */
export async function askConcierge(options: AskOptions, executor?: Executor): Promise<ConciergeAnswer> {
  const question = options.question.replace(/\s+/g, " ").trim();
  if (!question) throw new AppError("invalid", "concierge:errors.empty", { field: "question" });
  if (question.length > maxQuestionLength)
    throw new AppError("invalid", "concierge:errors.tooLong", { field: "question", max: maxQuestionLength });
  await consumeRateLimit({ key: `concierge:ip:${options.ip}`, ...conciergeLimits.ip });
  await consumeRateLimit({ key: `concierge:day:${options.ip}`, ...conciergeLimits.daily });
  if (options.actor) await consumeRateLimit({ key: `concierge:user:${options.actor.id}`, ...conciergeLimits.user });
  options.onAccepted?.();

  const now = options.now ?? new Date();
  const conversation = await loadConversation(options.conversationToken);
  const context = (conversation?.context ?? {}) as ConversationContext;
  const plan = planQuestion(question, { fallbackLanguage: options.language, areas: await areaVocabulary() });

  let result: ConciergeAnswer;
  let nextContext: ConversationContext = context;
  const settings = llmSettings();
  // Emergencies never wait for a model: 911 first, from the planner, every time.
  if (settings && !isEmergency(question) && plan.intent !== "injection") {
    const streamed = { text: "" };
    const onText = options.onText;
    try {
      const modelOptions = {
        settings,
        question,
        language: plan.language,
        now,
        history: conversation?.turns ?? [],
        context,
      };
      const modelAnswer = onText
        ? await streamWithModel({
            ...modelOptions,
            onText: (text) => {
              streamed.text += text;
              onText(text);
            },
          })
        : await answerWithModel(modelOptions);
      // Nothing left after the check (or nothing found): the planner answers instead.
      if (!modelAnswer.answer || !modelAnswer.answered) throw new Error("the model's answer did not pass the check");
      result = { ...modelAnswer, intent: modelAnswer.intent ?? plan.intent, language: plan.language };
      nextContext = { ...context, ...modelAnswer.context };
    } catch (error) {
      if (streamed.text) {
        // Checked sentences already reached the visitor: they stay the answer (no second one).
        logger.warn({ err: error }, "concierge model failed while streaming; the answer ends there");
        result = {
          answer: streamed.text.trim(),
          citations: [],
          intent: plan.intent,
          language: plan.language,
          answered: true,
        };
      } else {
        logger.warn({ err: error }, "concierge model failed; the planner answers");
        const composed = await planAnswer({ question, plan, context, now });
        result = finish(composed, plan);
        nextContext = { ...context, ...composed.context };
        onText?.(result.answer);
      }
    }
  } else {
    const composed = await planAnswer({ question, plan, context, now });
    result = finish(composed, plan);
    nextContext = { ...context, ...composed.context };
    options.onText?.(result.answer);
  }

  await inTransaction(executor, async (tx) => {
    await tx.insert(conciergeQuestions).values({
      intent: result.intent,
      language: result.language,
      answered: result.answered,
      question: result.answered ? null : anonymiseQuestion(question),
      createdAt: now,
    });
    if (options.conversationToken) {
      const turns = [...(conversation?.turns ?? []), { question, answer: result.answer.slice(0, 2000) }].slice(
        -conversationTurnsKept,
      );
      const cleaned = Object.fromEntries(
        Object.entries(nextContext).filter(([, value]) => typeof value === "string"),
      ) as Record<string, string>;
      await tx
        .insert(conciergeConversations)
        .values({
          tokenHash: hashToken(options.conversationToken),
          userId: options.actor?.id ?? null,
          context: cleaned,
          turns,
          turnCount: 1,
        })
        .onConflictDoUpdate({
          target: conciergeConversations.tokenHash,
          set: {
            context: cleaned,
            turns,
            turnCount: sql`${conciergeConversations.turnCount} + 1`,
            updatedAt: sql`now()`,
          },
        });
    }
  });
  return result;
}

function finish(composed: Composed, plan: PlannedQuestion): ConciergeAnswer {
  return {
    answer: composed.lines.join("\n\n").replace(/\n\n- /g, "\n- "),
    citations: composed.citations,
    intent: intentOf(plan, composed),
    language: plan.language,
    answered: composed.answered,
  };
}

export interface ConciergeStats {
  days: number;
  total: number;
  intents: { intent: string; count: number; unanswered: number }[];
  unanswered: { question: string; language: string; askedAt: string }[];
}

/** Anonymised counts per intent and the latest unanswered questions, for the admins. */
export async function getConciergeStats(options: { actor: Actor; days?: number; now?: Date }): Promise<ConciergeStats> {
  assertCan(options.actor, "read:concierge-stats:any");
  const days = Math.min(Math.max(options.days ?? 30, 1), 365);
  const since = new Date((options.now ?? new Date()).getTime() - days * 86_400_000);
  const db = getDb();
  const [rows, unanswered] = await Promise.all([
    db
      .select({
        intent: conciergeQuestions.intent,
        count: sql<number>`count(*)::int`,
        unanswered: sql<number>`count(*) filter (where not ${conciergeQuestions.answered})::int`,
      })
      .from(conciergeQuestions)
      .where(gte(conciergeQuestions.createdAt, since))
      .groupBy(conciergeQuestions.intent)
      .orderBy(desc(sql`count(*)`)),
    db
      .select({
        question: conciergeQuestions.question,
        language: conciergeQuestions.language,
        createdAt: conciergeQuestions.createdAt,
      })
      .from(conciergeQuestions)
      .where(and(gte(conciergeQuestions.createdAt, since), eq(conciergeQuestions.answered, false)))
      .orderBy(desc(conciergeQuestions.createdAt))
      .limit(50),
  ]);
  const known = new Set<string>(conciergeIntents);
  return {
    days,
    total: rows.reduce((sum, row) => sum + Number(row.count), 0),
    intents: rows
      .filter((row) => known.has(row.intent))
      .map((row) => ({ intent: row.intent, count: Number(row.count), unanswered: Number(row.unanswered) })),
    unanswered: unanswered.map((row) => ({
      question: row.question ?? "",
      language: row.language,
      askedAt: row.createdAt.toISOString(),
    })),
  };
}
