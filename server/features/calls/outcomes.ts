import { type CallDisposition, type CallOutcomeCounts, CONVERTED_DISPOSITIONS } from "../../../common/calls";
import type { Account } from "../../domain/account";
import type { CallsContext } from "./context";
import { type AgentOutcomeTally, callOutcomeRepository } from "./outcome-repository";
import type { CallRow } from "./repository";

/** What calls came to, read back: a contact's calls with their outcomes, and each agent's counts. */

/** The count each outcome adds to. */
const COUNT_OF: Record<CallDisposition, keyof CallOutcomeCounts> = {
  booked: "booked",
  interested: "interested",
  qualified: "qualified",
  call_back: "callBacks",
  not_interested: "notInterested",
  do_not_call: "doNotCall",
  wrong_number: "wrongNumber",
  voicemail: "voicemail",
  transferred: "transferred",
};

const percentOneDecimal = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;

export function emptyOutcomeCounts(): CallOutcomeCounts {
  return {
    calls: 0,
    answered: 0,
    booked: 0,
    interested: 0,
    qualified: 0,
    callBacks: 0,
    notInterested: 0,
    doNotCall: 0,
    wrongNumber: 0,
    voicemail: 0,
    transferred: 0,
    noOutcome: 0,
    conversionRate: 0,
  };
}

/** Tallies (one per outcome) summed into counts, with the conversion rate. */
export function outcomeCounts(tallies: readonly Omit<AgentOutcomeTally, "agentId">[]): CallOutcomeCounts {
  const counts = emptyOutcomeCounts();
  for (const tally of tallies) {
    counts.calls += tally.calls;
    counts.answered += tally.answered;
    const key = tally.disposition ? COUNT_OF[tally.disposition as CallDisposition] : undefined;
    if (key) counts[key] += tally.calls;
    else counts.noOutcome += tally.calls;
  }
  const converted = CONVERTED_DISPOSITIONS.reduce((sum, outcome) => sum + counts[COUNT_OF[outcome]], 0);
  counts.conversionRate = percentOneDecimal(converted, counts.answered);
  return counts;
}

/**
 * Each of these agents' ended real calls by outcome (an agent with no such call is absent), and
 * theirs together. Calls of agents not asked about (deleted since) count in neither.
 */
export async function agentOutcomes(
  ctx: CallsContext,
  account: Account,
  agentIds: readonly string[],
): Promise<{ byAgent: Map<string, CallOutcomeCounts>; total: CallOutcomeCounts }> {
  const asked = new Set(agentIds);
  const tallies = (await callOutcomeRepository(ctx.db).agentOutcomes(account.id)).filter((tally) =>
    asked.has(tally.agentId),
  );
  const grouped = new Map<string, AgentOutcomeTally[]>();
  for (const tally of tallies) grouped.set(tally.agentId, [...(grouped.get(tally.agentId) ?? []), tally]);
  return {
    byAgent: new Map([...grouped].map(([agentId, own]) => [agentId, outcomeCounts(own)])),
    total: outcomeCounts(tallies),
  };
}

/**
 * A person's last calls (their contact's, and their number's), newest first: what the agent
 * desktop's contact card lists.
 */
export async function recentCalls(
  ctx: CallsContext,
  account: Account,
  person: { contactId: string | null; phoneE164: string },
  limit: number,
): Promise<CallRow[]> {
  return callOutcomeRepository(ctx.db).recentCalls(account.id, person, limit);
}

/** A page of one contact's calls (404 for a contact that is not the workspace's), with its call back. */
export async function contactCalls(
  ctx: CallsContext,
  account: Account,
  contactId: string,
  query: { page: number; limit: number },
) {
  const contact = await ctx.contacts.get(account, contactId);
  const { rows, total } = await callOutcomeRepository(ctx.db).contactCalls(
    account.id,
    { id: contact.id, phoneE164: contact.phoneE164 },
    query,
  );
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  return {
    contact,
    rows,
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages,
      hasPrev: query.page > 1,
      hasNext: query.page < totalPages,
    },
  };
}
