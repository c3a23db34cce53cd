import {
  DATA_DELETION_WARNING_DAYS,
  DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION,
  dataDeletionDate,
  daysAfter,
} from "../../../common/retention";
import type { Db } from "../../db/client";
import { formatDay } from "../billing/subscription-state";
import { nextTurn, type RetentionContext } from "./context";

/** Lapsed subscriptions moved on per sweep, at most (each is a read and maybe a short write). */
const SETTLE_AT_MOST = 5_000;

/** What one sweep did: the job's result. */
export type ExpirySweep = {
  /** Subscriptions whose period passed unread, moved on first (an unpaid trial to Free, ...). */
  subscriptionsSettled: number;
  /** Owners warned by email that their workspace's data will be deleted. */
  warned: number;
  /** Warnings the mail server refused for good: the data still goes, on the day they named. */
  warningsUndeliverable: number;
  /** Warnings that could not be sent this time: tried again at the next sweep (nothing is deleted unwarned). */
  warningsToRetry: number;
  /** Workspaces deleted with everything in them. */
  workspacesDeleted: string[];
  /** Their owners' accounts deleted with them (they belonged to no other workspace). */
  ownersDeleted: number;
  /** Their folders under DATA_DIR removed. */
  foldersRemoved: number;
  /** Past the Terms' days, kept by an administrator's "keep data until". */
  keptByAdministrator: number;
  /** Owned by a platform administrator: never deleted by this sweep. */
  administratorsSkipped: number;
};

/**
 * A workspace's data is deleted DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION days after its
 * subscription ended, with its owner warned DATA_DELETION_WARNING_DAYS days before.
 *
 * "Ended" is billing's `subscriptions.ended_at`: a cancelled plan at its period's end, a plan
 * Stripe ended, a trial that ended without a plan chosen. A workspace that has only ever been on
 * Free (someone whose last team removed them gets one at their next sign-in) had no
 * subscription to end, and is not deleted by this; choosing a plan again clears the end.
 *
 * The day is the later of the Terms' and the administrator's "keep data until" (the end of that
 * day, UTC). It is never sooner than DATA_DELETION_WARNING_DAYS after the warning that named it:
 * a workspace found past its day unwarned (the server was off, an address refused a while) is
 * warned now and deleted that many days later, and a kept day that moves later gets a warning
 * of its own. Workspaces owned by a platform administrator are left alone.
 *
 * The deletion is the administrator's own (admin/workspace-delete.ts): every row of the
 * workspace by its foreign keys, the owner's account when it belongs nowhere else, and the
 * workspace's folders under DATA_DIR. Under its lock the subscription is read again, so a plan
 * bought a moment before keeps the workspace. Its biggest tables (contacts, calls) go first a
 * piece at a time, so that one workspace's transaction stays short; a page of candidates at a
 * time with the event loop free between pages.
 */
export async function expireWorkspaces(ctx: RetentionContext, signal?: AbortSignal): Promise<ExpirySweep> {
  const result: ExpirySweep = {
    subscriptionsSettled: 0,
    warned: 0,
    warningsUndeliverable: 0,
    warningsToRetry: 0,
    workspacesDeleted: [],
    ownersDeleted: 0,
    foldersRemoved: 0,
    keptByAdministrator: 0,
    administratorsSkipped: 0,
  };

  // Trials and cancelled plans end when read: those nobody read since are moved on first.
  while (result.subscriptionsSettled < SETTLE_AT_MOST) {
    signal?.throwIfAborted();
    const settled = await ctx.billing.settleLapsed(ctx.batchSize);
    result.subscriptionsSettled += settled;
    if (settled < ctx.batchSize) break;
    await nextTurn();
  }

  const at = ctx.now();
  // No workspace that ended after this is due a warning yet, whatever is kept.
  const warnFrom = daysAfter(at, -(DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION - DATA_DELETION_WARNING_DAYS));
  let cursor: { at: string; workspaceId: string } | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const page = await ctx.billing.endedBy(warnFrom, cursor, ctx.batchSize);
    if (page.length === 0) break;
    const ids = page.map((row) => row.workspaceId);
    const [holds, notices] = await Promise.all([ctx.holds.dataHolds(ids), ctx.repo.notices(ids)]);
    for (const { workspaceId, endedAt } of page) {
      signal?.throwIfAborted();
      const owner = await ctx.owners.ownerContact(workspaceId);
      if (!owner) continue;
      if (owner.platformRole === "admin") {
        result.administratorsSkipped++;
        continue;
      }
      const keepUntil = holds.get(workspaceId) ?? null;
      const deletesAt = dataDeletionDate(endedAt, keepUntil);
      const notice = notices.get(workspaceId);
      // A warning sent before this ending was about an earlier one.
      const warned = notice && notice.sentAt.getTime() >= endedAt.getTime() ? notice : undefined;

      if (warned && warned.deletesAt.getTime() >= deletesAt.getTime()) {
        if (at.getTime() < warned.deletesAt.getTime()) continue;
        if (!(await deleteBigTables(ctx, workspaceId, endedAt, at, signal))) continue;
        for (const remove of ctx.filesOutsideFolders) await remove(workspaceId);
        const deleted = await ctx.deleteWorkspace(workspaceId, (tx) =>
          stillDue(ctx, tx, workspaceId, endedAt, at),
        );
        if (!deleted) continue;
        result.workspacesDeleted.push(workspaceId);
        if (deleted.ownerDeleted) result.ownersDeleted++;
        result.foldersRemoved += deleted.foldersRemoved;
        continue;
      }

      if (at.getTime() < daysAfter(deletesAt, -DATA_DELETION_WARNING_DAYS).getTime()) {
        if (keepUntil && at.getTime() >= dataDeletionDate(endedAt, null).getTime())
          result.keptByAdministrator++;
        continue;
      }
      // Due a warning: it names a day at least the warning's days away.
      const promised = new Date(
        Math.max(deletesAt.getTime(), daysAfter(at, DATA_DELETION_WARNING_DAYS).getTime()),
      );
      const outcome = await ctx.notices.dataDeletionWarning(
        { id: owner.userId, email: owner.email, username: owner.fullName || owner.username },
        {
          workspaceName: owner.workspaceName,
          endedOn: formatDay(endedAt, owner.timezone),
          deletesOn: formatDay(promised, owner.timezone),
          retentionDays: DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION,
        },
      );
      if (outcome === "retry") {
        result.warningsToRetry++;
        continue;
      }
      await ctx.repo.recordNotice(workspaceId, { deletesAt: promised, sentAt: at });
      if (outcome === "sent") result.warned++;
      else result.warningsUndeliverable++;
    }
    const last = page[page.length - 1];
    cursor = last ? { at: last.at, workspaceId: last.workspaceId } : null;
    await nextTurn();
  }

  if (result.warned + result.workspacesDeleted.length + result.warningsToRetry > 0)
    ctx.log.info({ ...result }, "workspaces past their data retention warned or deleted");
  return result;
}

/**
 * The workspace's biggest tables, a piece at a time, each piece a short statement with the event
 * loop free between pieces, so that the transaction deleting the rest stays short. Checked again
 * between pieces: a plan bought meanwhile stops it (answers false, the workspace stays).
 */
async function deleteBigTables(
  ctx: RetentionContext,
  workspaceId: string,
  endedAt: Date,
  at: Date,
  signal?: AbortSignal,
): Promise<boolean> {
  for (const deleteSome of ctx.bulkRows) {
    for (;;) {
      signal?.throwIfAborted();
      if (!(await stillDue(ctx, ctx.db, workspaceId, endedAt, at))) return false;
      if ((await deleteSome(workspaceId, ctx.pieceRows)) === 0) break;
      await nextTurn();
    }
  }
  return true;
}

/**
 * Under the deletion's lock: the subscription still ended when it did (no plan bought since)
 * and the administrator has not kept the data past now meanwhile.
 */
async function stillDue(ctx: RetentionContext, tx: Db, workspaceId: string, endedAt: Date, at: Date) {
  const ended = await ctx.billing.endedAtIn(tx, workspaceId);
  if (!ended || ended.getTime() !== endedAt.getTime()) return false;
  const keepUntil = await ctx.holds.dataHoldIn(tx, workspaceId);
  return at.getTime() >= dataDeletionDate(ended, keepUntil).getTime();
}
