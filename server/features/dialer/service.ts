import {
  type AiAgentStaffing,
  CAMPAIGN_HAS_NO_LEADS,
  CampaignCreate,
  type CampaignCreateParsed,
  type CampaignStatus,
  DIALER_MESSAGES,
  type DialingMode,
  type DispositionCode,
  INVALID_PHONE,
  type LeadStatus,
  NO_AI_CONSENT_LEADS,
} from "../../../common/dialer";
import type { EnterpriseCampaignType, StartCampaignResponse } from "../../../common/enterprise";
import type { Account } from "../../domain/account";
import { Conflict, Invalid, notFound } from "../../domain/errors";
import {
  agentConsole,
  dialLead,
  endCall,
  listAgents,
  scheduleCallback,
  setAgentStatus,
} from "./agent-console";
import { repConnected, repSays } from "./console-conversation";
import { addContactLeadsIn, removeContactLeadsIn } from "./contact-leads";
import { type DialerContext, type DialerDeps, dialerContext, planLineLimit } from "./context";
import { dialPort } from "./dial-port";
import { handOver } from "./hand-over";
import { leadCalls } from "./lead-calls";
import { addLeads, importFromContacts, type LeadFields } from "./leads-import";
import type { CampaignWithCounts, NewCampaign } from "./repository";
import {
  cancelTransfer,
  completeTransfer,
  holdCall,
  joinRep,
  monitorCall,
  softphoneToken,
  softphoneVoice,
  stopMonitoring,
  transferCall,
} from "./softphone";
import { campaignStats } from "./stats";
import { listenIn, supervisorView } from "./supervisor";

export type { DialerDeps };

/** A validated change (common/dialer CampaignUpdate after parsing): absent fields stay. */
export type CampaignChange = {
  name?: string | undefined;
  description?: string | null | undefined;
  dialingMode?: DialingMode | undefined;
  maxLines?: number | undefined;
  dialRatio?: number | undefined;
  maxAttempts?: number | undefined;
  retryMinutes?: number | undefined;
  abandonedRetryMinutes?: number | undefined;
  callingHoursStart?: string | undefined;
  callingHoursEnd?: string | undefined;
  abandonTargetPercent?: number | undefined;
  voicemailMessage?: string | null | undefined;
  businessName?: string | null | undefined;
  callbackNumber?: string | null | undefined;
  aiAgents?: AiAgentStaffing[] | undefined;
  scheduledStartAt?: string | null | undefined;
  wrapUpSeconds?: number | undefined;
  dispositions?: { code: DispositionCode; label: string }[] | null | undefined;
  scriptId?: string | null | undefined;
};

const ENTERPRISE_CAMPAIGN_NAMES: Record<EnterpriseCampaignType, string> = {
  cold_outreach: "Cold outreach",
  follow_up: "Follow-up",
};

/**
 * The autodialer (Autodialer): campaigns and their settings, Start and Pause,
 * leads (text lines, objects, the lead manager's contacts), the campaign's do-not-call list,
 * stats and abandonment, the agents and their console. The runtime reaches the tables through
 * `dialPort` (dial-port.ts); the enterprise dashboard through `leadFigures` and `startForContacts`.
 */
export function dialerService(deps: DialerDeps) {
  const ctx: DialerContext = dialerContext(deps);
  const { repo } = ctx;

  async function ownCampaign(account: Account, id: string): Promise<CampaignWithCounts> {
    const row = await repo.getCampaign(account.id, id);
    if (!row) throw notFound("That campaign");
    return row;
  }

  /** Every AI agent named must be the workspace's. */
  async function checkAiAgents(account: Account, staffing: AiAgentStaffing[] | undefined): Promise<void> {
    if (!staffing?.length) return;
    const known = await ctx.aiAgentIds(account);
    const index = staffing.findIndex((entry) => !known.has(entry.agentId));
    if (index >= 0) {
      const message = "That AI agent is not one of this workspace's agents";
      throw new Invalid(message, [{ path: `aiAgents.${index}.agentId`, message }]);
    }
  }

  /** The safe-harbor call-back number in E.164, read in the workspace's country. */
  function callbackNumberOf(account: Account, raw: string | null | undefined): string | null | undefined {
    if (raw === undefined || raw === null) return raw;
    const e164 = ctx.contacts.normalize(account, raw).e164;
    if (!e164) throw new Invalid(INVALID_PHONE, [{ path: "callbackNumber", message: INVALID_PHONE }]);
    return e164;
  }

  function columnsOf(account: Account, input: CampaignChange): Partial<NewCampaign> {
    const fields: Partial<NewCampaign> = {};
    const keys = [
      "name",
      "description",
      "dialingMode",
      "maxLines",
      "dialRatio",
      "maxAttempts",
      "retryMinutes",
      "abandonedRetryMinutes",
      "callingHoursStart",
      "callingHoursEnd",
      "abandonTargetPercent",
      "voicemailMessage",
      "businessName",
      "aiAgents",
      "wrapUpSeconds",
      "dispositions",
      "scriptId",
    ] as const;
    for (const key of keys)
      if (input[key] !== undefined) (fields as Record<string, unknown>)[key] = input[key];
    const callbackNumber = callbackNumberOf(account, input.callbackNumber);
    if (callbackNumber !== undefined) fields.callbackNumber = callbackNumber;
    if (input.scheduledStartAt !== undefined)
      fields.scheduledStartAt = input.scheduledStartAt ? new Date(input.scheduledStartAt) : null;
    return fields;
  }

  const present = (account: Account, row: CampaignWithCounts) => ({
    row,
    lineLimit: planLineLimit(account.planType).limit,
  });

  /** A script named must be one of the workspace's. */
  async function checkScript(account: Account, scriptId: string | null | undefined): Promise<void> {
    if (!scriptId || !ctx.scripts) return;
    if (!(await ctx.scripts.find(account, scriptId))) {
      const message = "That script is not one of this workspace's scripts";
      throw new Invalid(message, [{ path: "scriptId", message }]);
    }
  }

  async function create(account: Account, input: CampaignCreateParsed) {
    await checkAiAgents(account, input.aiAgents);
    await checkScript(account, input.scriptId);
    const fields = columnsOf(account, input);
    const row = await repo.insertCampaign(account.id, {
      ...fields,
      name: input.name,
      status: "paused",
      createdBy: account.actor?.id ?? null,
    });
    return present(account, await ownCampaign(account, row.id));
  }

  /**
   * Start: active, or scheduled when its start time is still ahead. A campaign
   * needs dialable leads; one staffed by AI agents needs leads with AI-voice consent.
   */
  async function start(account: Account, id: string) {
    const now = ctx.now();
    await ctx.inTransaction(async (tx) => {
      const campaign = await tx.lockCampaign(account.id, id);
      if (!campaign) throw notFound("That campaign");
      const counts = await tx.dialableCounts(id);
      if (counts.dialable === 0) throw new Conflict(CAMPAIGN_HAS_NO_LEADS);
      if (campaign.aiAgents.length > 0 && counts.consented === 0) throw new Conflict(NO_AI_CONSENT_LEADS);
      const later = campaign.scheduledStartAt && campaign.scheduledStartAt > now;
      const status: CampaignStatus = later ? "scheduled" : "active";
      await tx.updateCampaign(account.id, id, {
        status,
        ...(status === "active" ? { startedAt: campaign.startedAt ?? now } : {}),
      });
    });
    return { message: DIALER_MESSAGES.started, ...present(account, await ownCampaign(account, id)) };
  }

  async function pause(account: Account, id: string) {
    const updated = await repo.updateCampaign(account.id, id, { status: "paused" });
    if (!updated) throw notFound("That campaign");
    return { message: DIALER_MESSAGES.paused, ...present(account, await ownCampaign(account, id)) };
  }

  return {
    /** The runtime's narrow interface: see dial-port.ts. */
    dialPort: dialPort(ctx),

    async list(account: Account) {
      const lineLimit = planLineLimit(account.planType).limit;
      return { rows: await repo.listCampaigns(account.id), lineLimit };
    },
    get: async (account: Account, id: string) => present(account, await ownCampaign(account, id)),
    create,

    async update(account: Account, id: string, change: CampaignChange) {
      const current = await ownCampaign(account, id);
      const start = change.callingHoursStart ?? current.callingHoursStart;
      const end = change.callingHoursEnd ?? current.callingHoursEnd;
      if (end <= start) {
        const message = "The calling hours must end after they start";
        throw new Invalid(message, [{ path: "callingHoursEnd", message }]);
      }
      await checkAiAgents(account, change.aiAgents);
      await checkScript(account, change.scriptId);
      const updated = await repo.updateCampaign(account.id, id, columnsOf(account, change));
      if (!updated) throw notFound("That campaign");
      return present(account, await ownCampaign(account, id));
    },

    async remove(account: Account, id: string): Promise<void> {
      if (!(await repo.deleteCampaign(account.id, id))) throw notFound("That campaign");
    },

    start,
    pause,

    addLeads: (
      account: Account,
      id: string,
      input: { text?: string | undefined; leads?: LeadFields[] | undefined },
    ) => addLeads(ctx, account, id, input),
    importLeads: (account: Account, id: string, contactIds: string[] | undefined) =>
      importFromContacts(ctx, account, id, contactIds),
    /** The contacts area's bulk "add to campaign": a batch's leads, in the batch's transaction. */
    addContactLeadsIn,
    /** Its undo: those of its leads never dialled, in the undo batch's transaction. */
    removeContactLeadsIn,
    /** A campaign's name, for a bulk action's label; 404 when it is not the workspace's. */
    async campaignName(account: Account, id: string): Promise<string> {
      return (await ownCampaign(account, id)).name;
    },

    async leads(
      account: Account,
      id: string,
      query: { status?: LeadStatus | undefined; page: number; limit: number },
    ) {
      await ownCampaign(account, id);
      const page = await repo.pageLeads(id, query);
      const callbacks = await repo.pendingCallbacksFor(page.rows.map((row) => row.id));
      // Callbacks kept for one agent are shown with the agent's name.
      const names = callbacks.some((callback) => callback.agentUserId)
        ? new Map((await ctx.members(account)).map((member) => [member.userId, member.name]))
        : new Map<string, string>();
      return { ...page, callbacks, names };
    },

    async stats(account: Account, id: string) {
      return campaignStats(ctx, await ownCampaign(account, id), account.timezone);
    },

    async doNotCallList(account: Account, id: string) {
      await ownCampaign(account, id);
      return repo.doNotCallEntries(id);
    },

    /** Adds a number to the campaign's own list; its leads become do_not_call at once. */
    async addDoNotCall(account: Account, id: string, phoneNumber: string) {
      await ownCampaign(account, id);
      const e164 = ctx.contacts.normalize(account, phoneNumber).e164;
      if (!e164) throw new Invalid(INVALID_PHONE, [{ path: "phoneNumber", message: INVALID_PHONE }]);
      return ctx.inTransaction(async (tx) => {
        const added = await tx.addDoNotCall(account.id, id, {
          phoneE164: e164,
          phoneNumber: phoneNumber.trim(),
          createdBy: account.actor?.id ?? null,
        });
        await tx.markLeadsDoNotCall(id, [e164]);
        return added;
      });
    },

    /** Takes a number off the campaign's list (its leads stay as they are: a person may re-add them). */
    async removeDoNotCall(account: Account, id: string, entryId: string): Promise<void> {
      await ownCampaign(account, id);
      if (!(await repo.deleteDoNotCall(account.id, id, entryId))) throw notFound("That do-not-call entry");
    },

    agents: (account: Account) => listAgents(ctx, account),
    console: (account: Account) => agentConsole(ctx, account),
    setStatus: (account: Account, input: Parameters<typeof setAgentStatus>[2]) =>
      setAgentStatus(ctx, account, input),
    endCall: (account: Account, attemptId: string, input: Parameters<typeof endCall>[3]) =>
      endCall(ctx, account, attemptId, input),
    scheduleCallback: (account: Account, leadId: string, input: { at: string; agentOnly: boolean }) =>
      scheduleCallback(ctx, account, leadId, input),
    dialLead: (account: Account, leadId: string) => dialLead(ctx, account, leadId),

    // The agent desktop: the simulator's conversation, the softphone's conference, supervisors.
    say: (account: Account, attemptId: string, text: string) => repSays(ctx, account, attemptId, text),
    /** A lead's past calls, for the contact card. */
    leadCalls: (account: Account, leadId: string) => leadCalls(ctx, account, leadId),
    /** A cold transfer on the simulator: the call moves to another rep's console. */
    handOver: (account: Account, attemptId: string, agentId: string) =>
      handOver(ctx, account, attemptId, agentId),
    /** A supervisor follows a simulated call's words. */
    listen: (account: Account, attemptId: string) => listenIn(ctx, account, attemptId),
    /** The runtime put a rep through on a simulated line. */
    repConnected: (account: Account, callId: string) => repConnected(ctx, account, callId),
    softphoneToken: (account: Account) => softphoneToken(ctx, account),
    softphoneVoice: (request: Parameters<typeof softphoneVoice>[1], workspaceId: string) =>
      softphoneVoice(ctx, request, workspaceId),
    /** The runtime's hook: a rep on the softphone takes a Twilio line through a conference. */
    softphone: {
      joinRep: (...args: Parameters<typeof joinRep> extends [unknown, ...infer R] ? R : never) =>
        joinRep(ctx, ...args),
    },
    hold: (account: Account, attemptId: string, hold: boolean) => holdCall(ctx, account, attemptId, hold),
    transfer: (account: Account, attemptId: string, input: Parameters<typeof transferCall>[3]) =>
      transferCall(ctx, account, attemptId, input),
    completeTransfer: (account: Account, attemptId: string) => completeTransfer(ctx, account, attemptId),
    cancelTransfer: (account: Account, attemptId: string) => cancelTransfer(ctx, account, attemptId),
    monitor: (account: Account, attemptId: string, mode: Parameters<typeof monitorCall>[3]) =>
      monitorCall(ctx, account, attemptId, mode),
    stopMonitoring: (account: Account, attemptId: string) => stopMonitoring(ctx, account, attemptId),
    supervisor: (account: Account) => supervisorView(ctx, account),

    /**
     * Consent to AI-voice calls on file for a number: a lead of any of the workspace's campaigns
     * with it recorded (the dial gate asks it for calls the assistant makes outside a campaign).
     */
    hasAiVoiceConsent: (workspaceId: string, e164: string) => repo.hasAiVoiceConsent(workspaceId, e164),

    /** The enterprise dashboard's lead figures over every campaign of the workspace. */
    leadFigures: (account: Account) => repo.leadFigures(account.id),

    /**
     * The enterprise dashboard's Campaigns tab: a predictive campaign named for its type and
     * date, the chosen contacts imported as leads, started. Contacts left out say why.
     */
    async startForContacts(
      account: Account,
      input: { campaignType: EnterpriseCampaignType; contactIds: string[] },
    ): Promise<StartCampaignResponse> {
      const day = ctx.now().toLocaleDateString("en-US", { timeZone: account.timezone, dateStyle: "medium" });
      const created = await create(
        account,
        CampaignCreate.parse({
          name: `${ENTERPRISE_CAMPAIGN_NAMES[input.campaignType]} ${day}`,
          description: `Started from the enterprise dashboard (${input.campaignType})`,
        }),
      );
      // None of the contacts can be dialled: no campaign is left behind.
      const imported = await importFromContacts(ctx, account, created.row.id, input.contactIds).catch(
        async (error: unknown) => {
          await repo.deleteCampaign(account.id, created.row.id);
          throw error;
        },
      );
      const started = await start(account, created.row.id);
      return {
        campaignId: started.row.id,
        name: started.row.name,
        status: started.row.status,
        leadsAdded: imported.added - imported.doNotCall,
        skipped: imported.skipped,
      };
    },
  };
}

export type DialerService = ReturnType<typeof dialerService>;
