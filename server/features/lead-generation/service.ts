import { FLORIDA_CITIES, type LeadStats, type LeadToSave } from "../../../common/lead-generation";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { Conflict } from "../../domain/errors";
import type { LeadSearchProvider } from "../../providers/lead-search";
import type { ContactService } from "../contacts/service";
import {
  createCampaign,
  listCampaigns,
  type NewCampaignInput,
  queueDueCampaigns,
  runCampaign,
  runScheduled,
  updateCampaign,
} from "./campaigns";
import type { LeadContext } from "./context";
import { dealerExport, EXPORT_DAYS, searchDealers } from "./dealers";
import { leadGenerationRepository } from "./repository";
import { BULK_SAVE, saveLeads } from "./save-leads";
import { findLeads, searchCache } from "./search";

export type LeadGenerationDeps = {
  db: Db;
  provider: LeadSearchProvider;
  contacts: LeadContext["contacts"];
  queueRun: LeadContext["queueRun"];
  dealerSpacingMs: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Lead generation, assembled: each job is done in its own module. */
export function leadGenerationService(deps: LeadGenerationDeps) {
  const context: LeadContext = {
    repo: leadGenerationRepository(deps.db),
    provider: deps.provider,
    contacts: deps.contacts,
    now: deps.now ?? (() => new Date()),
    queueRun: deps.queueRun,
    dealerSpacingMs: deps.dealerSpacingMs,
    sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };
  const cache = searchCache();

  return {
    provider: deps.provider.name,

    search: (account: Account, query: { industry: string; location: string; limit: number }) =>
      findLeads(context, cache, account, query),

    /** One lead (the Save button): a duplicate is refused, naming the contact it duplicates. */
    async saveOne(account: Account, lead: LeadToSave) {
      const outcome = await saveLeads(context, account, [lead], {
        requirePhone: false,
        campaignId: lead.campaignId ?? null,
      });
      const contact = outcome.saved[0];
      if (!contact) throw new Conflict(`${lead.name} is already in your contacts`);
      return contact;
    },

    /** Save All: the leads with a phone number, score 75. */
    async saveMany(account: Account, leads: LeadToSave[]) {
      const outcome = await saveLeads(context, account, leads, { ...BULK_SAVE, campaignId: null });
      return {
        saved: outcome.saved.length,
        skipped: outcome.skipped,
        withoutPhone: outcome.withoutPhone,
        overLimit: outcome.overLimit,
        message: outcome.message,
      };
    },

    createCampaign: (account: Account, input: NewCampaignInput) => createCampaign(context, account, input),
    listCampaigns: (account: Account) => listCampaigns(context, account),
    updateCampaign: (account: Account, id: string, change: Parameters<typeof updateCampaign>[3]) =>
      updateCampaign(context, account, id, change),
    runCampaign: (account: Account, id: string) => runCampaign(context, cache, account, id),
    /** The job's entry (server/jobs/kinds/lead-campaigns.ts). */
    runScheduled: (account: Account, id: string, dueAt: Date) =>
      runScheduled(context, cache, account, id, dueAt),
    /** The sweep: queues due campaigns, and drops dealer exports older than a week. */
    async sweep(): Promise<{ queued: number; exportsDeleted: number }> {
      const queued = await queueDueCampaigns(context);
      const exportsDeleted = await context.repo.deleteExportsBefore(
        new Date(context.now().getTime() - EXPORT_DAYS * DAY_MS),
      );
      return { queued, exportsDeleted };
    },

    async stats(account: Account): Promise<LeadStats> {
      return context.repo.stats(account.id, new Date(context.now().getTime() - 7 * DAY_MS));
    },

    floridaLocations: () => FLORIDA_CITIES.map((city) => ({ city })),
    searchDealers: (account: Account, request: { locations: string[]; exportCSV: boolean }) =>
      searchDealers(context, cache, account, request),
    dealerExport: (account: Account, exportId: string) => dealerExport(context, account, exportId),
  };
}

export type LeadGenerationService = ReturnType<typeof leadGenerationService>;
export type { ContactService };
