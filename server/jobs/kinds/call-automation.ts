import type { AiStudioService } from "../../features/ai-studio/service";
import type { JobKind, JobQueue } from "../types";

export type CallAutomationPayload = { callId: string };

/**
 * AI Studio's automation rules on a call that ended (server/features/ai-studio): queued by the
 * call's end inside its transaction, so it runs once the call is stored. The rules' run counts
 * commit with the job's completion; a failing rule is recorded on the rule, not retried.
 */
export function defineCallAutomation(
  jobs: JobQueue,
  deps: { studio: Pick<AiStudioService, "runForCall"> },
): JobKind<CallAutomationPayload> {
  return jobs.define<CallAutomationPayload>(
    "automation.call-ended",
    async ({ payload, workspaceId, completeWith }) => {
      if (!workspaceId) throw new Error("An automation run belongs to a workspace");
      return deps.studio.runForCall(workspaceId, payload.callId, (effect) =>
        completeWith((tx) => effect(tx)),
      );
    },
    { retryLimit: 2, retryBackoff: 2_000, concurrency: 2 },
  );
}
