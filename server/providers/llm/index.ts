import type { Config } from "../../config";
import { type LanguageModel, openAiLanguageModel } from "./openai";

/** LLM_BASE_URL selects an OpenAI-compatible model; without it the local AI does all the work. */
export function createLanguageModel(config: Config): LanguageModel | null {
  if (!config.llm.baseUrl) return null;
  return openAiLanguageModel({
    baseUrl: config.llm.baseUrl,
    apiKey: config.llm.apiKey,
    model: config.llm.model,
    timeoutMs: config.llm.timeoutMs,
  });
}

export type { LanguageModel };
