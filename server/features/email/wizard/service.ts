import type { GeneratedEmail, SeasonalIdea, WizardStateParsed } from "../../../../common/email";
import type { EmailWriter } from "../../../providers/llm/email-writer";
import { generateLocalEmail } from "./generator";
import { seasonalIdeas } from "./seasonal";

type Log = { warn: (object: object, message: string) => void };

export type EmailWizardService = {
  generate(state: WizardStateParsed): Promise<{ email: GeneratedEmail; writer: string }>;
  seasonalIdeas(): SeasonalIdea[];
};

/**
 * The email wizard: a configured language model writes the email; without one, or when it
 * fails or answers something unusable, the local writer does, so the wizard always works.
 */
export function emailWizardService(deps: {
  writer: EmailWriter | null;
  log?: Log;
  now?: () => Date;
}): EmailWizardService {
  const now = deps.now ?? (() => new Date());
  return {
    async generate(state) {
      if (deps.writer) {
        try {
          return { email: await deps.writer.write(state), writer: deps.writer.name };
        } catch (error) {
          deps.log?.warn({ err: error }, "email writer failed; using the local writer");
        }
      }
      return { email: generateLocalEmail(state), writer: "local" };
    },
    seasonalIdeas: () => seasonalIdeas(now()),
  };
}
