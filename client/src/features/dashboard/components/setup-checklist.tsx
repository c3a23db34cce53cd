import { ONBOARDING_STEPS, type OnboardingOut, type OnboardingStep } from "@common/onboarding";
import { roleNeededMessage, type WorkspaceRole } from "@common/workspaces";
import { CheckCircle2, Circle, FlaskConical, Loader2, PartyPopper } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Progress } from "../../../components/ui/progress";
import { toastError } from "../../../lib/toast";
import { useChooseSimulator, useDismissOnboarding, useOnboarding } from "../api/get-onboarding";

/** What a step's "only X can" line says, in the words the server's 403s use. */
const whoCan = (least: WorkspaceRole) => roleNeededMessage(least).replace("do that.", "do this step.");

/**
 * The first hour: five steps, each linking to the screen where it is done and ticked by the
 * server from what the workspace has (never by clicking here). Shown to admins and the owner
 * until the owner puts the finished list away.
 */
export function SetupChecklist({ can }: { can: (least: WorkspaceRole) => boolean }) {
  const show = can("admin");
  const onboarding = useOnboarding(show);
  if (!show || !onboarding.data || onboarding.data.dismissed) return null;
  return <ChecklistCard data={onboarding.data} can={can} />;
}

function ChecklistCard({ data, can }: { data: OnboardingOut; can: (least: WorkspaceRole) => boolean }) {
  const titleId = useId();
  const dismiss = useDismissOnboarding();
  const owner = can("owner");
  return (
    <Card role="region" aria-labelledby={titleId} data-testid="setup-checklist">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle id={titleId} className="text-lg">
              {data.done ? "Your workspace is set up" : "Set up your workspace"}
            </CardTitle>
            <CardDescription>
              {data.done
                ? "Every step is done. Your team is ready for a day of calls."
                : "Five steps to a first day of calls. Each one ticks itself when it is done."}
            </CardDescription>
          </div>
          <p className="text-sm font-medium" data-testid="setup-progress">
            {data.completed} of {data.total} done
          </p>
        </div>
        <Progress
          value={(data.completed / data.total) * 100}
          aria-label={`Setup: ${data.completed} of ${data.total} steps done`}
        />
      </CardHeader>
      <CardContent className="grid gap-4">
        <ol className="grid gap-2">
          {data.steps.map((step) => (
            <StepRow key={step.id} step={step} data={data} can={can} />
          ))}
        </ol>
        {data.canDismiss ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-muted/50 p-3">
            <p className="flex items-center gap-2 text-sm">
              <PartyPopper className="size-4 shrink-0 text-primary" aria-hidden />
              {data.done ? "All five steps are done." : "Every step your plan allows is done."}
            </p>
            {owner ? (
              <Button
                variant="outline"
                size="sm"
                disabled={dismiss.isPending}
                onClick={() =>
                  dismiss.mutate(undefined, {
                    onError: (error) => toastError("Not hidden", "The checklist could not be hidden.", error),
                  })
                }
              >
                {dismiss.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
                Hide the checklist
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">The workspace owner can hide this checklist.</p>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function StepRow({
  step,
  data,
  can,
}: {
  step: OnboardingStep;
  data: OnboardingOut;
  can: (least: WorkspaceRole) => boolean;
}) {
  const info = ONBOARDING_STEPS[step.id];
  const allowed = can(info.least);
  const simulator = useChooseSimulator();
  const offerSimulator = step.id === "phone" && !step.done && can("admin");
  return (
    <li
      className="flex flex-col gap-3 rounded-md border p-3 lg:flex-row lg:items-center"
      data-testid={`setup-step-${step.id}`}
      data-done={step.done ? "true" : "false"}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        {step.done ? (
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
        ) : (
          <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        )}
        <div className="min-w-0">
          <p className={step.done ? "font-medium text-muted-foreground" : "font-medium"}>
            {info.title}
            <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
          </p>
          <p className="text-sm text-muted-foreground">
            {step.detail ?? info.description}
            {step.done && step.id === "phone" && data.simulatorChosen && !step.detail?.startsWith("Twilio")
              ? ". You can connect a real number in Settings at any time."
              : null}
          </p>
          {!allowed && !step.done ? (
            <p className="text-sm text-muted-foreground">{whoCan(info.least)}</p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 lg:justify-end">
        {offerSimulator ? (
          <Button
            variant="outline"
            size="sm"
            disabled={simulator.isPending}
            onClick={() =>
              simulator.mutate(true, {
                onError: (error) =>
                  toastError("Not saved", "The simulator could not be chosen. Please try again.", error),
              })
            }
          >
            {simulator.isPending ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : (
              <FlaskConical aria-hidden />
            )}
            Use the simulator
          </Button>
        ) : null}
        {allowed && !step.done ? (
          <Button asChild size="sm">
            <Link to={info.to}>{info.action}</Link>
          </Button>
        ) : (
          <Button asChild size="sm" variant="ghost">
            <Link to={info.to}>
              Open<span className="sr-only"> {info.title}</span>
            </Link>
          </Button>
        )}
      </div>
    </li>
  );
}
