import type { AccountLoader } from "../../domain/account";
import type { LeadGenerationService } from "../../features/lead-generation/service";
import type { JobKind, JobQueue } from "../types";

export type LeadCampaignRunPayload = { campaignId: string; dueAt: string };

/**
 * Lead campaigns on their schedule: every minute one server sweeps the campaigns that
 * are due and queues a `leads.campaign-run` job for each, keyed by the campaign and its due
 * time, so every server's tick and a repeated sweep queue it once. The run checks it is still
 * due, searches, saves the new businesses and moves the campaign to its next run; a failed
 * search is kept on the campaign (lastError) and the next run tries again rather than the job
 * hammering the provider.
 */
export function defineLeadCampaigns(
  jobs: JobQueue,
  deps: { leads: () => Pick<LeadGenerationService, "runScheduled" | "sweep">; accounts: AccountLoader },
): { run: JobKind<LeadCampaignRunPayload>; sweep: JobKind<Record<string, never>> } {
  const run = jobs.define<LeadCampaignRunPayload>(
    "leads.campaign-run",
    async ({ payload, workspaceId }) => {
      if (!workspaceId) throw new Error("A campaign run belongs to a workspace");
      const account = await deps.accounts.load(workspaceId);
      if (!account) return { skipped: "the workspace is gone" };
      try {
        const outcome = await deps.leads().runScheduled(account, payload.campaignId, new Date(payload.dueAt));
        if (!outcome) return { skipped: "not due any more" };
        return { leadsAdded: outcome.leadsAdded, duplicatesSkipped: outcome.duplicatesSkipped };
      } catch (error) {
        // Recorded on the campaign by the run; the job ends here rather than retrying a provider that failed.
        return { failed: error instanceof Error ? error.message : String(error) };
      }
    },
    { retryLimit: 1, retryBackoff: 30_000 },
  );
  const sweep = jobs.define<Record<string, never>>("leads.campaigns-due", async () => deps.leads().sweep());
  return { run, sweep };
}

/** Queues one campaign's run for the time it is due (the key makes a second queueing a no-op). */
export function queueLeadCampaignRun(
  jobs: JobQueue,
  kind: JobKind<LeadCampaignRunPayload>,
  workspaceId: string,
  campaignId: string,
  dueAt: Date,
): Promise<string> {
  return jobs.send(
    kind,
    { campaignId, dueAt: dueAt.toISOString() },
    { workspaceId, idempotencyKey: `lead-campaign:${campaignId}:${dueAt.toISOString()}` },
  );
}
