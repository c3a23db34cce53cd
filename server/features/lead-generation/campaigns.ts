import type { CampaignSchedule, CampaignStatus, LeadLimit } from "../../../common/lead-generation";
import type { Account } from "../../domain/account";
import { notFound } from "../../domain/errors";
import type { LeadContext } from "./context";
import type { CampaignRow } from "./repository";
import { BULK_SAVE, saveLeads } from "./save-leads";
import { findLeads, type SearchCache } from "./search";

/**
 * Lead campaigns: a saved search that adds the businesses it finds as contacts,
 * now (Run, or autoStart) and again every day or week while active. A run adds only businesses
 * the workspace has not taken before; its counts add up on the campaign.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const CAMPAIGNS_LISTED = 200;

export type NewCampaignInput = {
  name: string;
  industry: string;
  location: string;
  businessType: string | null;
  limit: LeadLimit;
  schedule: CampaignSchedule;
  autoStart: boolean;
};

export type RunOutcome = {
  leadsAdded: number;
  duplicatesSkipped: number;
  found: number;
  campaign: CampaignRow;
};

/** When a campaign runs next after a run at `from`: never for one-off campaigns. */
export function nextRunAfter(schedule: string, from: Date): Date | null {
  if (schedule === "daily") return new Date(from.getTime() + DAY_MS);
  if (schedule === "weekly") return new Date(from.getTime() + 7 * DAY_MS);
  return null;
}

async function found(context: LeadContext, account: Account, id: string): Promise<CampaignRow> {
  const row = await context.repo.getCampaign(account.id, id);
  if (!row) throw notFound("That campaign");
  return row;
}

export async function createCampaign(
  context: LeadContext,
  account: Account,
  input: NewCampaignInput,
): Promise<CampaignRow> {
  const now = context.now();
  const row = await context.repo.createCampaign(account.id, {
    createdBy: account.actor?.id ?? null,
    name: input.name,
    industry: input.industry,
    location: input.location,
    businessType: input.businessType,
    resultLimit: input.limit,
    schedule: input.schedule,
    // autoStart: active and due now (its first run is queued at once); otherwise it waits, paused.
    status: input.autoStart ? "active" : "paused",
    nextRunAt: input.autoStart ? now : null,
  });
  if (input.autoStart) await context.queueRun(account.id, row.id, now);
  return row;
}

/** The workspace's campaigns, each with the calls made to and conversions among the contacts it added. */
export async function listCampaigns(context: LeadContext, account: Account): Promise<CampaignWithFigures[]> {
  const rows = await context.repo.listCampaigns(account.id, CAMPAIGNS_LISTED);
  const pairs = await context.repo.campaignContacts(
    account.id,
    rows.map((row) => row.id),
  );
  const figures = await context.contacts.callFigures(account, pairs);
  return rows.map((row) => ({ ...row, figures: figures.get(row.id) ?? { called: 0, converted: 0 } }));
}

export type CampaignWithFigures = CampaignRow & { figures: { called: number; converted: number } };

/** Pause, resume (due at once, so it runs now and then on its schedule), or change the repeat. */
export async function updateCampaign(
  context: LeadContext,
  account: Account,
  id: string,
  change: { status?: CampaignStatus | undefined; schedule?: CampaignSchedule | undefined },
): Promise<CampaignRow> {
  const current = await found(context, account, id);
  const now = context.now();
  const status = change.status ?? (current.status === "active" ? "active" : "paused");
  const schedule = change.schedule ?? current.schedule;
  let nextRunAt: Date | null;
  if (status === "paused") nextRunAt = null;
  else if (current.status !== "active") nextRunAt = now;
  else if (change.schedule && current.lastRunAt) nextRunAt = nextRunAfter(schedule, current.lastRunAt);
  else nextRunAt = current.nextRunAt;
  const row = await context.repo.updateCampaign(account.id, id, { status, schedule, nextRunAt });
  if (!row) throw notFound("That campaign");
  if (nextRunAt && nextRunAt.getTime() <= now.getTime()) await context.queueRun(account.id, id, nextRunAt);
  return row;
}

/**
 * One run: search afresh, keep the businesses with a phone the workspace has not taken, save
 * them (score 75, as bulk saves), and add the counts to the campaign. A failed search is kept on
 * the campaign (lastError) and thrown: the run's caller shows it, the schedule tries next time.
 */
export async function runCampaign(
  context: LeadContext,
  cache: SearchCache,
  account: Account,
  id: string,
): Promise<RunOutcome> {
  const campaign = await found(context, account, id);
  const at = context.now();
  const next = campaign.status === "active" ? nextRunAfter(campaign.schedule, at) : null;
  let leads: Awaited<ReturnType<typeof findLeads>>;
  try {
    leads = await findLeads(
      context,
      cache,
      account,
      { industry: campaign.industry, location: campaign.location, limit: campaign.resultLimit },
      { fresh: true },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await context.repo.recordRun(account.id, id, {
      added: 0,
      skipped: 0,
      at,
      error: message,
      nextRunAt: next,
    });
    throw error;
  }
  const taken = await context.repo.takenPlaces(
    account.id,
    leads.map((lead) => String(lead.serpApiData.placeKey)),
  );
  const toSave = leads
    .filter((lead) => lead.phone)
    .map((lead) => ({
      name: lead.name,
      phoneNumber: lead.phone,
      email: null,
      company: lead.name,
      address: lead.address,
      website: lead.website,
      industry: campaign.industry,
      businessType: campaign.businessType ?? lead.category,
      serpApiData: lead.serpApiData,
      campaignId: id,
    }));
  const fresh = toSave.filter((lead) => !taken.has(String(lead.serpApiData.placeKey)));
  const outcome = await saveLeads(context, account, fresh, { ...BULK_SAVE, campaignId: id });
  const duplicatesSkipped = toSave.length - fresh.length + outcome.skipped;
  const row = await context.repo.recordRun(account.id, id, {
    added: outcome.saved.length,
    skipped: duplicatesSkipped,
    at,
    error: outcome.message,
    nextRunAt: next,
  });
  return {
    leadsAdded: outcome.saved.length,
    duplicatesSkipped,
    found: leads.length,
    campaign: row ?? campaign,
  };
}

/**
 * A scheduled run (the job): only if the campaign is still active and still due at the time the
 * job was queued for, so a run queued twice, or a campaign paused meanwhile, does nothing.
 */
export async function runScheduled(
  context: LeadContext,
  cache: SearchCache,
  account: Account,
  id: string,
  dueAt: Date,
): Promise<RunOutcome | null> {
  const campaign = await context.repo.getCampaign(account.id, id);
  if (campaign?.status !== "active" || !campaign.nextRunAt) return null;
  if (campaign.nextRunAt.getTime() !== dueAt.getTime()) return null;
  return runCampaign(context, cache, account, id);
}

/** The sweep: queues a run for every campaign that is due (each run's key is its due time). */
export async function queueDueCampaigns(context: LeadContext): Promise<number> {
  const due = await context.repo.dueCampaigns(context.now(), 100);
  for (const campaign of due) {
    if (campaign.nextRunAt) await context.queueRun(campaign.workspaceId, campaign.id, campaign.nextRunAt);
  }
  return due.length;
}
