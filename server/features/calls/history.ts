import { type CallListParams, DELETE_LIVE_CALL_MESSAGE, type Stats } from "../../../common/calls";
import type { Account } from "../../domain/account";
import { Conflict, notFound } from "../../domain/errors";
import type { CallsContext } from "./context";
import { startOfToday } from "./engine-state";
import { csvStream, flattenBatches } from "./export";
import { type CallRow, callRepository, isCappedCount, SEARCH_COUNT_CAP } from "./repository";

/** Call History: one call, the live one, the list with its summary, the export, today's figures, deletion. */

export async function getCall(ctx: CallsContext, account: Account, callId: string): Promise<CallRow> {
  const row = await ctx.calls.get(account.id, callId);
  if (!row) throw notFound("That call");
  return row;
}

export function activeCall(ctx: CallsContext, account: Account, callType?: string) {
  return ctx.calls.latestActive(account.id, callType);
}

export async function listCalls(
  ctx: CallsContext,
  account: Account,
  query: Omit<CallListParams, "outcome"> & Partial<Pick<CallListParams, "outcome">>,
) {
  const options = {
    page: query.page,
    limit: query.limit,
    filter: query.filter,
    outcome: query.outcome,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    search: query.search || undefined,
    active: query.active === undefined ? undefined : query.active === "true",
    testCalls: query.testCalls,
  };
  const [{ rows, total: counted }, summary] = await Promise.all([
    ctx.calls.list(account.id, options),
    ctx.calls.summary(account.id),
  ]);
  const totalCapped = isCappedCount(options) && counted > SEARCH_COUNT_CAP;
  const total = totalCapped ? SEARCH_COUNT_CAP : counted;
  const totalPages = Math.max(1, Math.ceil(total / options.limit));
  return {
    rows,
    pagination: {
      page: options.page,
      limit: options.limit,
      total,
      totalPages,
      hasPrev: options.page > 1,
      hasNext: options.page < totalPages,
      ...(totalCapped ? { totalCapped } : {}),
    },
    summary,
  };
}

/**
 * The CSV export: on PostgreSQL one bound query read through a cursor; on the embedded
 * database (no cursors) keyset batches. Both in constant memory, both with bound values only.
 */
export function exportCsv(
  ctx: CallsContext,
  account: Account,
  filters: Pick<CallListParams, "filter" | "outcome" | "search" | "sortBy" | "sortOrder" | "testCalls">,
) {
  const options = { ...filters, search: filters.search || undefined };
  if (ctx.streamRows)
    return csvStream(ctx.streamRows(ctx.calls.exportQuery(account.id, options, account.timezone)));
  return csvStream(flattenBatches(ctx.calls.exportBatches(account.id, options, account.timezone)));
}

/** Today in the account's time zone. Success rate: see README ("Dashboard figures"). */
export async function callStats(ctx: CallsContext, account: Account): Promise<Stats> {
  const since = startOfToday(ctx.now(), account.timezone);
  const [today, appointmentsToday] = await Promise.all([
    ctx.calls.statsSince(account.id, since),
    ctx.appointments.countCreatedSince(account.id, since),
  ]);
  return {
    todaysCalls: today.calls,
    spamBlocked: today.spamBlocked,
    appointments: appointmentsToday,
    successRate: today.ended === 0 ? 0 : Math.round((today.handled / today.ended) * 100),
    testCallsToday: today.testCalls,
  };
}

/**
 * AI Studio's performance figures for the last `days` days, from the stored
 * calls: rates are shares of the ended real calls, null when there were none.
 */
export async function performanceFigures(ctx: CallsContext, account: Account, days: number) {
  const since = new Date(ctx.now().getTime() - days * 86_400_000);
  const figures = await ctx.calls.figuresSince(account.id, since);
  const share = (part: number) =>
    figures.calls === 0 ? null : Math.round((part / figures.calls) * 1000) / 10;
  return {
    days,
    calls: figures.calls,
    resolutionRate: share(figures.handled),
    transferRate: share(figures.transferred),
    averageDurationSeconds:
      figures.averageDuration === null ? null : Math.round(Number(figures.averageDuration)),
    byClassification: figures.byClassification,
  };
}

/**
 * The raw figures of the account's real calls that started since `since` and have ended: counts
 * (handled by the Success Rate rule, transferred, leads) and calls by classification. The
 * enterprise dashboard's Analytics tab shapes them.
 */
export function figuresSince(ctx: CallsContext, account: Account, since: Date) {
  return ctx.calls.figuresSince(account.id, since);
}

/** Deletes one call of the account; a live one must be ended first (409). */
export async function deleteCall(ctx: CallsContext, account: Account, callId: string): Promise<void> {
  const result = await ctx.inTransaction((tx) => callRepository(tx).deleteMany(account.id, [callId]));
  if (result.missing) throw notFound("That call");
  if (result.live) throw new Conflict(DELETE_LIVE_CALL_MESSAGE);
}

/** Deletes the chosen calls, all or none: an id that is not the account's is a 404, a live call a 409. */
export async function deleteCalls(
  ctx: CallsContext,
  account: Account,
  ids: string[],
): Promise<{ deleted: number }> {
  const result = await ctx.inTransaction((tx) => callRepository(tx).deleteMany(account.id, ids));
  if (result.missing)
    throw notFound(result.missing === 1 ? "One of those calls" : `${result.missing} of those calls`);
  if (result.live)
    throw new Conflict(
      result.live === 1
        ? "One of the chosen calls is still in progress. End it first, or leave it out, then delete."
        : `${result.live} of the chosen calls are still in progress. End them first, or leave them out, then delete.`,
    );
  return { deleted: result.deleted };
}

/** Deletes every ended test call of the account; test calls still live are kept. */
export function deleteTestCalls(ctx: CallsContext, account: Account) {
  return ctx.calls.deleteEndedTestCalls(account.id);
}
