import {
  ANALYTICS_RANGE_MS,
  type AnalyticsRange,
  CLASSIFICATION_KEYS,
  type EnterpriseAnalytics,
  type EnterpriseCampaignStats,
  LIVE_CALLS_SHOWN,
} from "../../../common/enterprise";
import type { Account } from "../../domain/account";
import type { EnterpriseContext, LeadFigures } from "./context";

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : oneDecimal((part / whole) * 100));

/** The average call length in the campaign figures is over the last 30 days of calls. */
const DURATION_WINDOW_MS = ANALYTICS_RANGE_MS["30d"];

/**
 * Live Calls ("Enterprise stats" realTime): the workspace's calls in progress now,
 * newest first (test and demo calls left out); activeCalls counts them all, the list shows the
 * first LIVE_CALLS_SHOWN.
 */
export async function liveCalls(ctx: EnterpriseContext, account: Account) {
  const { rows, pagination } = await ctx.calls.list(account, {
    page: 1,
    limit: LIVE_CALLS_SHOWN,
    filter: "all",
    sortBy: "createdAt",
    sortOrder: "desc",
    active: "true",
    testCalls: "exclude",
  });
  return { rows, activeCalls: pagination.total, timestamp: ctx.now() };
}

/** The part of the campaign figures the calls give: the average length of the month's calls. */
export async function averageCallSeconds(ctx: EnterpriseContext, account: Account): Promise<number> {
  const since = new Date(ctx.now().getTime() - DURATION_WINDOW_MS);
  const figures = await ctx.calls.figuresSince(account, since);
  return figures.averageDuration === null ? 0 : Math.round(Number(figures.averageDuration));
}

export function campaignStats(leads: LeadFigures, averageCallDuration: number): EnterpriseCampaignStats {
  return {
    totalLeads: leads.total,
    interestedLeads: leads.interested,
    qualifiedLeads: leads.qualified,
    contactedLeads: leads.contacted,
    conversionRate: percent(leads.sales, leads.contacted),
    averageCallDuration,
  };
}

/**
 * Analytics for the last 24 hours, 7 days or 30 days ("Enterprise analytics"), from
 * the workspace's real calls that started in the range and have ended. successfulCalls follows
 * the dashboard's Success Rate rule (handled to an outcome: blocked, booked, forwarded,
 * transferred or a message taken); appointments are those booked in the range.
 */
export async function analytics(
  ctx: EnterpriseContext,
  account: Account,
  range: AnalyticsRange,
): Promise<EnterpriseAnalytics> {
  const since = new Date(ctx.now().getTime() - ANALYTICS_RANGE_MS[range]);
  const [figures, appointmentsScheduled] = await Promise.all([
    ctx.calls.figuresSince(account, since),
    ctx.appointments.countCreatedSince(account.id, since),
  ]);
  // Every classification is present, so the screen's chart keeps its shape with no calls.
  const callsByClassification: Record<string, number> = Object.fromEntries(
    CLASSIFICATION_KEYS.map((key) => [key, 0]),
  );
  for (const { classification, calls } of figures.byClassification)
    callsByClassification[classification] = (callsByClassification[classification] ?? 0) + calls;
  return {
    timeRange: range,
    totalCalls: figures.calls,
    successfulCalls: figures.handled,
    successRate: percent(figures.handled, figures.calls),
    conversionMetrics: {
      leadsGenerated: figures.leads,
      appointmentsScheduled,
      callsTransferred: figures.transferred,
    },
    callsByClassification,
  };
}
