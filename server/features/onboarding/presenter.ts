import type { OnboardingOut, OnboardingStep } from "../../../common/onboarding";

export type Checklist = OnboardingOut;

/** The steps as found, with the figures the dashboard shows and whether the list may be put away. */
export function presentChecklist(read: {
  steps: OnboardingStep[];
  simulatorChosen: boolean;
  dismissed: boolean;
  /** The plan is for one person: the teammate step cannot be done on it. */
  teamOptional: boolean;
}): OnboardingOut {
  const completed = read.steps.filter((step) => step.done).length;
  const done = completed === read.steps.length;
  const required = read.steps.filter((step) => !(read.teamOptional && step.id === "team"));
  return {
    steps: read.steps,
    completed,
    total: read.steps.length,
    done,
    canDismiss: required.every((step) => step.done),
    dismissed: read.dismissed,
    simulatorChosen: read.simulatorChosen,
  };
}
