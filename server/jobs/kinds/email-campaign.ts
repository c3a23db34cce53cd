import type { EmailService } from "../../features/email/service";
import type { JobKind, JobQueue } from "../types";

/** `run`: the campaign's run this job sends (resume and retry start a new one; an older job stops). */
export type EmailCampaignPayload = { campaignId: string; run: number };

/**
 * Sends one email campaign (server/features/email/sending.ts). Progress lives in the send rows,
 * each marked sent only after the SMTP server accepted it, so an attempt that starts again (a
 * crash, a lease taken over, a restart) carries on with the rows still pending, after freeing
 * the rows its earlier attempts had claimed and not finished: nobody is sent the campaign twice
 * (but for a message the server accepted in the instant before a crash: sending.ts). Pause and
 * cancel are read between batches; resume queues a new job.
 */
export function defineEmailCampaign(
  jobs: JobQueue,
  deps: { email: () => Pick<EmailService, "runCampaign"> },
): JobKind<EmailCampaignPayload> {
  // Its result: { status, sent }, and "retrying" with retryAt when only deferred sends are left.
  return jobs.define<EmailCampaignPayload>(
    "email.campaign",
    async ({ id, attempt, payload, workspaceId, signal, reportProgress }) => {
      if (!workspaceId) throw new Error("An email campaign belongs to a workspace");
      return deps.email().runCampaign(
        workspaceId,
        payload.campaignId,
        payload.run ?? 0,
        signal,
        (done, total) => reportProgress({ done, total, message: `Sent ${done} of ${total}` }),
        // The sends it claims name this attempt, so the job's next attempt frees them at once.
        { jobId: id, attempt },
      );
    },
    { retryLimit: 5, retryBackoff: 2_000, concurrency: 4 },
  );
}

/**
 * The retry sweep: every minute one server queues the run of each campaign whose sends deferred
 * by a temporary SMTP failure (4xx, a dropped connection) are due again (`sweepRetries`).
 */
export function defineEmailRetrySweep(
  jobs: JobQueue,
  deps: { email: () => Pick<EmailService, "sweepRetries"> },
): JobKind<Record<string, never>> {
  return jobs.define<Record<string, never>>("email.retries-due", async () => deps.email().sweepRetries());
}
