import type { AgentStatus, CampaignStatus, LeadStatus } from "@common/dialer";
import { serverMessage, toast } from "../../lib/toast";

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  active: "Active",
  paused: "Paused",
  completed: "Completed",
  scheduled: "Scheduled",
};

export const CAMPAIGN_STATUS_BADGES: Record<CampaignStatus, "success" | "secondary" | "outline" | "warning"> =
  {
    active: "success",
    paused: "secondary",
    completed: "outline",
    scheduled: "warning",
  };

export const AGENT_STATUS_LABELS: Record<AgentStatus, string> = {
  available: "Available",
  busy: "Busy",
  on_call: "On call",
  break: "On break",
  offline: "Offline",
};

export const AGENT_STATUS_BADGES: Record<
  AgentStatus,
  "success" | "secondary" | "outline" | "warning" | "default"
> = {
  available: "success",
  busy: "warning",
  on_call: "default",
  break: "secondary",
  offline: "outline",
};

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  retry: "Retry due",
  callback: "Callback",
  dialing: "Dialing",
  completed: "Completed",
  do_not_call: "Do not call",
  exhausted: "Attempts used up",
};

/** "1 lead", "3 leads". */
export function plural(count: number, noun: string, many = `${noun}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? noun : many}`;
}

/** A percentage the server rounded to one decimal: "2.4%". */
export const percent = (value: number) => `${Number(value.toFixed(1))}%`;

/** A lead's name as a person reads it, else its company, else its number. */
export function leadName(lead: {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  phoneNumber: string;
}): string {
  const name = [lead.firstName, lead.lastName].filter(Boolean).join(" ");
  return name || lead.company || lead.phoneNumber;
}

/**
 * Failure toast (title Error, the spec's text), followed by the server's own reason
 * when it gave one, so the person learns both what failed and what to change.
 */
export function toastFailure(fallback: string, error: unknown): void {
  const reason = serverMessage(error);
  toast({
    title: "Error",
    description: reason && reason !== fallback ? `${fallback}: ${reason}` : fallback,
    variant: "destructive",
  });
}

/** Success toasts. */
export const toastSuccess = (description: string) => toast({ title: "Success", description });
