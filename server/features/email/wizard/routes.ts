import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GenerateEmailOut, SeasonalCampaignsOut, WizardState } from "../../../../common/email";
import type { EmailWizardService } from "./service";

export type EmailWizardRouteDeps = { wizard: EmailWizardService };

/** The email wizard's calls: generate an email from the wizard state; seasonal ideas. */
export const emailWizardRoutes: FastifyPluginAsyncZod<EmailWizardRouteDeps> = async (app, deps) => {
  app.post(
    "/api/email-marketing/generate-ai-email",
    { config: { role: "agent" }, schema: { body: WizardState, response: { 200: GenerateEmailOut } } },
    async (request) => {
      const { email } = await deps.wizard.generate(request.body);
      return { emails: [email] };
    },
  );

  app.get(
    "/api/email-marketing/seasonal-campaigns",
    { config: { role: "agent" }, schema: { response: { 200: SeasonalCampaignsOut } } },
    async () => ({ ideas: deps.wizard.seasonalIdeas() }),
  );
};
