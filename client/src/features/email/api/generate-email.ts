import { type GeneratedEmail, GenerateEmailOut, type WizardState } from "@common/email";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { EMAIL_URL } from "./keys";

/** POST /api/email-marketing/generate-ai-email: the wizard state in, the written email out. */
export async function generateEmail(state: WizardState): Promise<GeneratedEmail> {
  const { emails } = await requestParsed(GenerateEmailOut, "POST", `${EMAIL_URL}/generate-ai-email`, state);
  const [first] = emails;
  if (!first) throw new Error("No email was generated");
  return first;
}

export const useGenerateEmail = () => useMutation({ mutationFn: generateEmail });
