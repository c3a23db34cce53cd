import { GeneratedEmail, type WizardStateParsed } from "../../../common/email";
import type { Config } from "../../config";

/** Writes a marketing email from the email wizard's answers. */
export type EmailWriter = {
  readonly name: string;
  write(state: WizardStateParsed): Promise<GeneratedEmail>;
};

const SYSTEM_PROMPT = `You write one marketing email for a small business from the brief you are given.
Write it specifically for the business, its product or service, its audience, location, the pain points, competitors and offers listed, in the requested tone and for the requested purpose.
Use the merge fields {{firstName}}, {{businessName}}, {{city}} and {{state}} where the recipient's details belong; no other braces.
Answer only with a JSON object: {"subject": one line, "htmlContent": simple HTML (p, ul, li, strong, a, br only), "textContent": the same email as plain text, "expectedResponse": a short estimate, "bestSendTime": a short recommendation, "personalizationTips": list of strings, "followUpSuggestions": list of strings}.`;

/** LLM_BASE_URL selects an OpenAI-compatible model for the wizard; without it, null (the local writer is used). */
export function createEmailWriter(config: Config): EmailWriter | null {
  if (!config.llm.baseUrl) return null;
  return openAiEmailWriter({
    baseUrl: config.llm.baseUrl,
    apiKey: config.llm.apiKey,
    model: config.llm.model,
    timeoutMs: config.llm.timeoutMs,
  });
}

export function openAiEmailWriter(options: {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
}): EmailWriter {
  const url = `${options.baseUrl.replace(/\/$/, "")}/chat/completions`;
  return {
    name: `openai-compatible:${options.model}`,
    async write(state) {
      const { step: _step, ...brief } = state;
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0.7,
          response_format: { type: "json_object" },
          messages: [
            { role: "system", content: SYSTEM_PROMPT },
            { role: "user", content: `Brief:\n${JSON.stringify(brief, null, 2)}` },
          ],
        }),
        // Writing a whole email takes longer than classifying one utterance.
        signal: AbortSignal.timeout(Math.max(options.timeoutMs, 30_000)),
      });
      if (!response.ok) throw new Error(`language model answered ${response.status}`);
      const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
      const content = body.choices?.[0]?.message?.content;
      if (!content) throw new Error("language model answer has no content");
      return GeneratedEmail.parse(JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, "")));
    },
  };
}
