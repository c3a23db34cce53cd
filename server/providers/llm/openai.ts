import { z } from "zod";
import { CLASSIFICATIONS, SENTIMENTS } from "../../../common/calls";

/** What the language model must answer for one caller utterance; anything else is rejected. */
export const LlmAnalysis = z.object({
  classification: z.enum(CLASSIFICATIONS),
  confidence: z.number().min(0).max(1),
  intent: z.string().min(1).max(200),
  urgency: z.number().min(0).max(1),
  sentiment: z.enum(SENTIMENTS),
  importance: z.number().int().min(0).max(5),
  signals: z.array(z.string().max(200)).max(10),
});
export type LlmAnalysis = z.infer<typeof LlmAnalysis>;

export type LanguageModel = {
  readonly name: string;
  analyze(
    utterance: string,
    context: {
      callerFacts: string[];
      /** The business's script and the call's agent (features/agents promptContext), if any. */
      business?: string[] | undefined;
    },
  ): Promise<LlmAnalysis>;
};

const SYSTEM_PROMPT = `You screen phone calls for a person or small business. Classify what the caller just said into exactly one class:
- spam: robocalls, scams, phishing, fraud, impersonation of agencies or companies, prize, warranty, loan or crypto schemes;
- sales: commercial intent: a prospect asking to buy, for prices or a quote, or a vendor pitching a product or service;
- appointment: booking, moving, confirming or cancelling a visit, meeting, reservation or service call;
- support: an existing customer with a problem or question about their service, order, account or bill;
- important: urgent or personal matters: health, family, school, emergencies, legal deadlines, the user's own doctor or bank, "call me back urgently";
- legitimate: ordinary non-urgent calls: friends and family, deliveries, returned calls, contractors confirming, reminders.
Answer only with a JSON object: {"classification": one of the classes, "confidence": 0..1 (your probability that the class is right), "intent": a short phrase, "urgency": 0..1, "sentiment": "positive"|"negative"|"neutral", "importance": integer 0..5, "signals": short list of the words or facts that decided it}.`;

/** OpenAI-compatible chat completions (OpenAI, Ollama, vLLM, llama.cpp's server). */
export function openAiLanguageModel(options: {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
}): LanguageModel {
  const url = `${options.baseUrl.replace(/\/$/, "")}/chat/completions`;
  return {
    name: `openai-compatible:${options.model}`,
    async analyze(utterance, context) {
      const facts = context.callerFacts.length ? `\nCaller facts: ${context.callerFacts.join("; ")}.` : "";
      // The business's own words decide what counts as sales, support or a transfer on its calls.
      const business = context.business?.length
        ? [{ role: "system", content: `About this business and this call:\n${context.business.join("\n")}` }]
        : [];
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0,
          response_format: { type: "json_object" },
          messages: [
            { role: "system", content: SYSTEM_PROMPT },
            ...business,
            { role: "user", content: `Caller said: ${JSON.stringify(utterance)}${facts}` },
          ],
        }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) throw new Error(`language model answered ${response.status}`);
      const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
      const content = body.choices?.[0]?.message?.content;
      if (!content) throw new Error("language model answer has no content");
      const json = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ""));
      return LlmAnalysis.parse(json);
    },
  };
}
