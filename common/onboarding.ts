import { z } from "zod";
import type { WorkspaceRole } from "./workspaces";

/**
 * The dashboard's setup checklist: what a new team does in its first hour. Each step is ticked
 * by the server from the workspace's own rows, never by a click on the list itself.
 */
export const ONBOARDING_STEP_IDS = ["phone", "agent", "contacts", "campaign", "team"] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEP_IDS)[number];

export type OnboardingStepInfo = {
  title: string;
  description: string;
  /** The screen where the step is done. */
  to: string;
  /** The button on the step. */
  action: string;
  /** The least role that can do the step; others see who can. */
  least: WorkspaceRole;
};

export const ONBOARDING_STEPS: Record<OnboardingStepId, OnboardingStepInfo> = {
  phone: {
    title: "Connect a phone number or use the simulator",
    description:
      "Connect your Twilio number in Settings, or work on the built-in simulator: its calls ring no real phone.",
    to: "/settings#phone-service",
    action: "Connect a number",
    least: "admin",
  },
  agent: {
    title: "Give your AI agent a script from a template",
    description: "Pick a ready-made script for your kind of business and adjust it.",
    to: "/ai-scripts?tab=templates",
    action: "Choose a template",
    least: "admin",
  },
  contacts: {
    title: "Import your contacts",
    description: "Upload a CSV of the people you call.",
    to: "/contact-manager",
    action: "Import contacts",
    least: "agent",
  },
  campaign: {
    title: "Launch your first campaign",
    description: "Create an autodialer campaign, add leads and start it.",
    to: "/autodialer",
    action: "Open the autodialer",
    least: "admin",
  },
  team: {
    title: "Invite a teammate",
    description: "Send an invitation link to an agent or an admin.",
    to: "/settings#team",
    action: "Invite someone",
    least: "owner",
  },
};

export const OnboardingStep = z.object({
  id: z.enum(ONBOARDING_STEP_IDS),
  done: z.boolean(),
  /** What the server found, in the user's words ("Twilio number +1 415 555 0100", "3 contacts"). */
  detail: z.string().nullable(),
});
export type OnboardingStep = z.infer<typeof OnboardingStep>;

/** GET /api/onboarding. */
export const OnboardingOut = z.object({
  steps: z.array(OnboardingStep),
  completed: z.number().int(),
  total: z.number().int(),
  /** Every step is done. */
  done: z.boolean(),
  /**
   * The list may be put away: every step is done, or every step the plan allows (a plan for one
   * person has no teammate to invite).
   */
  canDismiss: z.boolean(),
  /** The owner put the finished list away: the dashboard no longer shows it. */
  dismissed: z.boolean(),
  /** The team chose to work on the built-in simulator instead of a phone number. */
  simulatorChosen: z.boolean(),
});
export type OnboardingOut = z.infer<typeof OnboardingOut>;

/** PUT /api/onboarding/simulator: work on the built-in simulator for now (or stop). */
export const SimulatorChoice = z.strictObject({
  useSimulator: z.boolean({ error: "Say whether to use the simulator (true or false)" }),
});
export type SimulatorChoice = z.infer<typeof SimulatorChoice>;

export const CHECKLIST_NOT_DONE = "Finish the steps first: the checklist can be put away once they are done.";
