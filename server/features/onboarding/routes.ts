import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { OnboardingOut, SimulatorChoice } from "../../../common/onboarding";
import type { OnboardingService } from "./service";

export type OnboardingRouteDeps = { onboarding: OnboardingService };

const NO_BODY = z.object({}).strict().nullish();

/**
 * The dashboard's setup checklist. Reading it is for the admins and the owner, who do its steps;
 * choosing the simulator is a telephony choice (admin), putting the list away is the owner's.
 */
export const onboardingRoutes: FastifyPluginAsyncZod<OnboardingRouteDeps> = async (app, { onboarding }) => {
  app.get(
    "/api/onboarding",
    { config: { role: "admin" }, schema: { response: { 200: OnboardingOut } } },
    async (request) => onboarding.checklist(request.account),
  );

  app.put(
    "/api/onboarding/simulator",
    { config: { role: "admin" }, schema: { body: SimulatorChoice, response: { 200: OnboardingOut } } },
    async (request) => onboarding.chooseSimulator(request.account, request.body.useSimulator),
  );

  app.post(
    "/api/onboarding/dismiss",
    { config: { role: "owner" }, schema: { body: NO_BODY, response: { 200: OnboardingOut } } },
    async (request) => onboarding.dismiss(request.account),
  );
};
