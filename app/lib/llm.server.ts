import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { env } from "./env.server";

// The one place that knows how the site reaches a language model: any OpenAI-compatible endpoint
// (LLM_BASE_URL, LLM_MODEL, LLM_API_KEY). The concierge and the owners' writing tools both ask
// here; without an endpoint both say so (the concierge answers from its own planner instead).

export interface LlmSettings {
  baseUrl: string;
  model: string;
  apiKey: string;
}

/** Requests to the model give up after this long: a visitor is waiting for the page. */
export const llmTimeoutMs = 20_000;

let override: LlmSettings | null | undefined;

/** The configured endpoint, or null when LLM_BASE_URL, LLM_MODEL or LLM_API_KEY is missing. */
export function llmSettings(): LlmSettings | null {
  if (override !== undefined) return override;
  const config = env();
  if (!config.LLM_BASE_URL || !config.LLM_MODEL || !config.LLM_API_KEY) return null;
  return { baseUrl: config.LLM_BASE_URL, model: config.LLM_MODEL, apiKey: config.LLM_API_KEY };
}

export function llmConfigured(): boolean {
  return llmSettings() !== null;
}

/** The model of the configured endpoint, for the AI SDK's generateText/streamText. */
export function llmModel(settings: LlmSettings): LanguageModel {
  const provider = createOpenAICompatible({ name: "site-llm", baseURL: settings.baseUrl, apiKey: settings.apiKey });
  return provider.chatModel(settings.model);
}

/** Tests point the site at their mock endpoint (or at none) without touching process.env; undefined restores env. */
export function setLlmSettingsForTests(settings: LlmSettings | null | undefined) {
  override = settings;
}
