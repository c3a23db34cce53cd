import {
  type AiAgentStaffing,
  CAMPAIGN_DEFAULTS,
  type Campaign,
  CampaignCreate,
  DEFAULT_CAMPAIGN_DISPOSITIONS,
  DEFAULT_WRAP_UP_SECONDS,
  type DialingMode,
  type DispositionCode,
} from "@common/dialer";
import type { FormContract } from "../../lib/forms/contract-form";

/** The create/edit dialog's tabs, in the order a problem's tab is opened. */
export const CAMPAIGN_TABS = ["basics", "pacing", "messages", "desk"] as const;
export type CampaignTab = (typeof CAMPAIGN_TABS)[number];

/** The campaign dialog's fields as typed (numbers as text until sent). */
export type CampaignFormState = {
  name: string;
  description: string;
  dialingMode: DialingMode;
  maxLines: string;
  dialRatio: string;
  maxAttempts: string;
  retryMinutes: string;
  abandonedRetryMinutes: string;
  callingHoursStart: string;
  callingHoursEnd: string;
  abandonTargetPercent: string;
  voicemailMessage: string;
  businessName: string;
  callbackNumber: string;
  /** AI agents staffing the campaign, by agent id: the calls each takes at once (as typed). */
  aiAgents: Record<string, string>;
  /** The agent console: wrap-up seconds (as typed), the script shown, the dispositions offered. */
  wrapUpSeconds: string;
  scriptId: string;
  dispositions: { code: DispositionCode; label: string; offered: boolean }[];
};

/** A new campaign's form: the defaults; an existing one's values to edit. */
export function campaignFormState(campaign: Campaign | null): CampaignFormState {
  const source = campaign ?? { ...CAMPAIGN_DEFAULTS, aiAgents: [] as AiAgentStaffing[] };
  return {
    name: campaign?.name ?? "",
    description: campaign?.description ?? "",
    dialingMode: source.dialingMode,
    maxLines: String(source.maxLines),
    dialRatio: String(source.dialRatio),
    maxAttempts: String(source.maxAttempts),
    retryMinutes: String(source.retryMinutes),
    abandonedRetryMinutes: String(source.abandonedRetryMinutes),
    callingHoursStart: source.callingHoursStart,
    callingHoursEnd: source.callingHoursEnd,
    abandonTargetPercent: String(source.abandonTargetPercent),
    voicemailMessage: campaign?.voicemailMessage ?? "",
    businessName: campaign?.businessName ?? "",
    callbackNumber: campaign?.callbackNumber ?? "",
    aiAgents: Object.fromEntries(
      source.aiAgents.map((staff) => [staff.agentId, String(staff.concurrentCalls)]),
    ),
    wrapUpSeconds: String(campaign?.wrapUpSeconds ?? DEFAULT_WRAP_UP_SECONDS),
    scriptId: campaign?.scriptId ?? "",
    // The campaign's own list in its order, then the codes it leaves out (unticked).
    dispositions: [
      ...(campaign?.ownDispositions ? campaign.dispositions : DEFAULT_CAMPAIGN_DISPOSITIONS).map((entry) => ({
        ...entry,
        offered: true,
      })),
      ...(campaign?.ownDispositions
        ? DEFAULT_CAMPAIGN_DISPOSITIONS.filter(
            (entry) => !campaign.dispositions.some((own) => own.code === entry.code),
          ).map((entry) => ({ ...entry, offered: false }))
        : []),
    ],
  };
}

/** A typed number: blank or not a number stays NaN, so the contract names the field's rule. */
const numberOf = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text));

/**
 * The body of POST /api/autodialer/campaigns and of PATCH .../:id: every field the dialog has,
 * blanks sent as null (which clears them on an edit).
 */
export function campaignBody(form: CampaignFormState) {
  return {
    name: form.name,
    description: form.description.trim() || null,
    dialingMode: form.dialingMode,
    maxLines: numberOf(form.maxLines),
    dialRatio: numberOf(form.dialRatio),
    maxAttempts: numberOf(form.maxAttempts),
    retryMinutes: numberOf(form.retryMinutes),
    abandonedRetryMinutes: numberOf(form.abandonedRetryMinutes),
    callingHoursStart: form.callingHoursStart,
    callingHoursEnd: form.callingHoursEnd,
    abandonTargetPercent: numberOf(form.abandonTargetPercent),
    voicemailMessage: form.voicemailMessage.trim() || null,
    businessName: form.businessName.trim() || null,
    callbackNumber: form.callbackNumber.trim() || null,
    aiAgents: Object.entries(form.aiAgents).map(([agentId, calls]) => ({
      agentId,
      concurrentCalls: numberOf(calls),
    })),
    wrapUpSeconds: numberOf(form.wrapUpSeconds),
    scriptId: form.scriptId || null,
    // Every default offered under its own label: the defaults (null), else the campaign's list.
    dispositions: sameAsDefaults(form.dispositions)
      ? null
      : form.dispositions.filter((entry) => entry.offered).map(({ code, label }) => ({ code, label })),
  };
}

function sameAsDefaults(list: CampaignFormState["dispositions"]): boolean {
  return (
    list.length === DEFAULT_CAMPAIGN_DISPOSITIONS.length &&
    list.every(
      (entry, index) =>
        entry.offered &&
        entry.code === DEFAULT_CAMPAIGN_DISPOSITIONS[index]?.code &&
        entry.label.trim() === DEFAULT_CAMPAIGN_DISPOSITIONS[index]?.label,
    )
  );
}

/** Which tab shows a field's message. */
export function tabOf(path: string): CampaignTab {
  const field = path.split(".")[0] ?? "";
  if (["name", "description", "dialingMode", "maxLines", "dialRatio", "form"].includes(field))
    return "basics";
  if (["voicemailMessage", "businessName", "callbackNumber", "aiAgents"].includes(field)) return "messages";
  if (["wrapUpSeconds", "scriptId", "dispositions"].includes(field)) return "desk";
  return "pacing";
}

/** The dialog's values checked by the contract of POST /api/autodialer/campaigns. */
export const campaignContract: FormContract<CampaignFormState, ReturnType<typeof campaignBody>> = {
  schema: CampaignCreate,
  toBody: campaignBody,
};
