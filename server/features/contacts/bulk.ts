import type { Readable } from "node:stream";
import { and, lte, type SQL } from "drizzle-orm";
import type { z } from "zod";
import {
  BULK_MESSAGES,
  type BulkAction,
  type BulkActionType,
  type BulkStatus,
  type ContactSelection,
  INLINE_BULK_LIMIT,
  SelectionFilter,
} from "../../../common/contacts-bulk";

type ActionInput = z.output<typeof BulkAction>;
type SelectionInput = z.output<typeof ContactSelection>;

import { roleAtLeast, roleNeededMessage, type WorkspaceRole } from "../../../common/workspaces";
import type { Db } from "../../db/client";
import { contacts } from "../../db/schema";
import type { Account, AccountLoader } from "../../domain/account";
import { Conflict, Invalid, NotAllowed, NotFound, notFound } from "../../domain/errors";
import { type BulkCursor, type BulkRow, bulkRepository } from "./bulk-repository";
import { doNotCallRepository } from "./do-not-call-repository";
import { type ContactFilters, type ContactRow, contactWhere } from "./repository";
import { isUniqueViolation } from "./segment-repository";
import type { SegmentService } from "./segments";

export type { BulkRow };

/** What the dialer does for "add to campaign" (its service, built after this one). */
export type BulkCampaigns = {
  campaignName(account: Account, id: string): Promise<string>;
  addContactLeadsIn(
    tx: Db,
    account: Account,
    campaignId: string,
    contacts: ContactRow[],
    listed: ReadonlySet<string>,
  ): Promise<{ contactId: string; leadId: string }[]>;
  removeContactLeadsIn(tx: Db, account: Account, campaignId: string, leadIds: string[]): Promise<number>;
};

export type BulkPhase = "apply" | "undo";

export type ContactBulkDeps = {
  db: Db;
  /** The embedded database runs each statement on the event loop: its batches stay smaller. */
  engine: "pglite" | "postgres";
  segments: SegmentService;
  campaigns: () => BulkCampaigns;
  /** The selection's contacts as CSV (the contacts service's export). */
  exportContacts(account: Account, filters: ContactFilters): Readable;
  /** A job acts for the workspace with no person: its account comes from here. */
  accounts: AccountLoader;
  /** Queues the contacts.bulk job in the caller's transaction under `key`; answers its id. */
  queueJob(tx: Db, workspaceId: string, bulkId: string, phase: BulkPhase, key: string): Promise<string>;
  /** The job's state (the queue's jobs.get), to settle an action whose job ended without it. */
  jobState(workspaceId: string, jobId: string): Promise<{ status: string; error: string | null } | undefined>;
  /** Contacts a batch takes (tests make it small); by default per engine. */
  batchRows?: number | undefined;
  now?: () => Date;
};

/**
 * Contacts a batch (one statement) takes. A statement on the embedded database holds the event
 * loop; 500 contacts tagged (every index of the contacts table written again) took about 40 ms
 * there. PostgreSQL runs beside the event loop: larger batches, fewer round trips.
 */
const BATCH_ROWS = { pglite: 250, postgres: 5_000 } as const;
/** An action run in a request (no job) that has not moved for this long was cut off. */
const INLINE_STALE_MS = 5 * 60_000;
/** Undo rows of earlier actions deleted a statement. */
const PURGE_ROWS = { pglite: 1_000, postgres: 20_000 } as const;

/** The least role each action needs (adding leads to a campaign is an admin's, as on the dialer). */
const ACTION_ROLE: Record<BulkActionType, WorkspaceRole> = {
  tag: "agent",
  untag: "agent",
  status: "agent",
  doNotCall: "agent",
  addToList: "agent",
  addToCampaign: "admin",
  delete: "admin",
};

type Params = {
  tags?: string[];
  status?: string;
  campaignId?: string;
  campaignName?: string;
  listId?: string;
  listName?: string;
  /** The list was made by this action (its undo deletes it again once empty). */
  newList?: boolean;
};

const FINISHED: BulkStatus[] = ["completed", "failed", "cancelled"];
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Bulk work on contacts (common/contacts-bulk): a selection (ids, or every contact matching the
 * list's filters or a segment, as it was when the action started) and one action, in batches of
 * set-based SQL (bulk-repository.ts). Small selections run in the request, larger ones as a
 * contacts.bulk job with progress. The workspace's last action can be undone: each batch
 * records what its undo needs, and undo puts back only what still holds the action's value.
 */
export function contactBulkService(deps: ContactBulkDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const repo = bulkRepository(db);
  const batchRows = deps.batchRows ?? BATCH_ROWS[deps.engine];
  const purgeRows = PURGE_ROWS[deps.engine];

  const params = (row: BulkRow) => row.params as Params;

  /** The selection as a condition on contacts; a filter's is the contacts as they were at its start. */
  async function selectionOf(row: BulkRow): Promise<SQL> {
    if (row.ids) return contactWhere(row.workspaceId, { ids: row.ids });
    const filter = SelectionFilter.parse(row.filter ?? {});
    const filters = await filtersOf(row.workspaceId, filter);
    return and(contactWhere(row.workspaceId, filters), lte(contacts.createdAt, row.asOf)) as SQL;
  }

  async function filtersOf(workspaceId: string, filter: SelectionFilter): Promise<ContactFilters> {
    const { segmentId, ...rest } = filter;
    return {
      ...rest,
      search: rest.search || undefined,
      tag: rest.tag || undefined,
      segment: segmentId ? await deps.segments.scope(workspaceId, segmentId) : undefined,
    };
  }

  /** Picked ids must all be the workspace's contacts: one that is not is a 404, as for a single contact. */
  async function checkIds(account: Account, ids: string[]): Promise<number> {
    const found = await repo.count(contactWhere(account.id, { ids }));
    if (found < ids.length)
      throw new NotFound(
        "Some of the selected contacts were not found: they may have been deleted. Reload the list and try again.",
      );
    return found;
  }

  /**
   * An action still queued, running or undoing whose job is over (cancelled, failed for good, or
   * gone): its job could not say so; it is said here.
   */
  async function settle(row: BulkRow): Promise<BulkRow> {
    const undoing = row.status === "undoing";
    const jobId = undoing ? row.undoJobId : row.jobId;
    if (!["queued", "running", "undoing"].includes(row.status)) return row;
    if (!jobId) {
      // Run in a request: each batch touches it within seconds, so one still for minutes was
      // cut off with its server. What its batches did stays, and undo puts it back.
      if (now().getTime() - row.touchedAt.getTime() < INLINE_STALE_MS) return row;
      const stopped = await repo.move(row.workspaceId, row.id, [row.status], {
        status: "failed",
        error: `${undoing ? "The undo" : "The action"} stopped when the server did: ${undoing ? "undo again to finish it" : "undo what it did, or run it again"}`,
        finishedAt: now(),
      });
      return stopped ?? row;
    }
    const job = await deps.jobState(row.workspaceId, jobId);
    if (job && job.status !== "cancelled" && job.status !== "failed") return row;
    const cancelled = job?.status === "cancelled";
    const error = cancelled
      ? undoing
        ? "The undo was cancelled part way: undo again to finish it"
        : "Cancelled: the contacts handled before that keep the change (undo puts them back)"
      : `${undoing ? "The undo" : "The action"} stopped: ${job?.error ?? "its job is gone"}`;
    const settled = await repo.move(row.workspaceId, row.id, [row.status], {
      status: cancelled && !undoing ? "cancelled" : "failed",
      error,
      finishedAt: now(),
    });
    return settled ?? (await repo.get(row.workspaceId, row.id)) ?? row;
  }

  async function found(account: Account, id: string): Promise<BulkRow> {
    const row = await repo.get(account.id, id);
    if (!row) throw notFound("That bulk action");
    return settle(row);
  }

  /** The action's row, or 409 when another one is still going (its job may have ended first). */
  async function insertAction(tx: Db, account: Account, values: Parameters<typeof repo.insert>[1]) {
    try {
      return await bulkRepository(tx).insert(account.id, values);
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(BULK_MESSAGES.busy);
      throw error;
    }
  }

  /** Settles a stale running action before a new one is refused because of it. */
  async function clearStale(account: Account): Promise<void> {
    const active = await repo.active(account.id);
    if (active) await settle(active);
  }

  /** What the action needs from other areas (a campaign's name), checked before anything starts. */
  async function paramsOf(account: Account, action: ActionInput): Promise<Params> {
    switch (action.type) {
      case "tag":
      case "untag":
        return { tags: action.tags };
      case "status":
        return { status: action.status };
      case "addToCampaign":
        return {
          campaignId: action.campaignId,
          campaignName: await deps.campaigns().campaignName(account, action.campaignId),
        };
      case "addToList": {
        if (!action.listId) return { listName: action.newListName ?? "", newList: true };
        const list = await deps.segments.row(account.id, action.listId).catch(() => null);
        if (list?.kind !== "list") throw new NotFound(BULK_MESSAGES.notAList);
        return { listId: list.id, listName: list.name };
      }
      default:
        return {};
    }
  }

  async function purgeEarlier(row: BulkRow): Promise<void> {
    while ((await repo.purgeEarlierUndo(row.workspaceId, row.id, purgeRows)) >= purgeRows);
  }

  /** One batch of the action from `cursor` on. */
  async function applyBatch(account: Account, row: BulkRow, selection: SQL, cursor: BulkCursor | null) {
    const p = params(row);
    switch (row.type as BulkActionType) {
      case "tag":
        return repo.tag(row.id, selection, cursor, batchRows, p.tags ?? []);
      case "untag":
        return repo.untag(row.id, selection, cursor, batchRows, p.tags ?? []);
      case "status":
        return repo.status(row.id, selection, cursor, batchRows, p.status ?? "new");
      case "doNotCall":
        return repo.doNotCall(
          row.id,
          row.workspaceId,
          account.actor?.id ?? row.createdBy,
          selection,
          cursor,
          batchRows,
        );
      case "delete":
        return repo.delete(row.id, row.workspaceId, selection, cursor, batchRows);
      case "addToList":
        return repo.addToList(row.id, row.workspaceId, p.listId ?? "", selection, cursor, batchRows);
      case "addToCampaign":
        return addToCampaignBatch(account, row, selection, cursor);
    }
  }

  /**
   * The batch's contacts made leads through the dialer, with the record of the leads added and
   * the action's cursor, in one transaction: a batch run again adds nothing twice.
   */
  async function addToCampaignBatch(
    account: Account,
    row: BulkRow,
    selection: SQL,
    cursor: BulkCursor | null,
  ) {
    const campaignId = params(row).campaignId ?? "";
    const picked = await repo.pick(selection, cursor, batchRows);
    const last = picked.at(-1);
    const next = last ? { created: last.created, id: last.contact.id } : cursor;
    // The workspace's list is read before the transaction: on the embedded database a query
    // outside an open transaction waits for its only connection.
    const numbers = picked.flatMap(({ contact }) => (contact.phoneE164 ? [contact.phoneE164] : []));
    const listed = await doNotCallRepository(db).listedAmong(row.workspaceId, [...new Set(numbers)]);
    const added = await db.transaction(async (inTx) => {
      const leads = await deps.campaigns().addContactLeadsIn(
        inTx,
        account,
        campaignId,
        picked.map(({ contact }) => contact),
        listed,
      );
      await bulkRepository(inTx).recordLeads(row.id, leads, picked.length, next);
      return leads.length;
    });
    return { seen: picked.length, changed: added, cursor: next };
  }

  type Progress = (done: number, total: number) => Promise<void>;

  /** Every batch from the action's cursor on, until the selection is done. */
  async function applyAll(account: Account, row: BulkRow, signal?: AbortSignal, progress?: Progress) {
    await purgeEarlier(row);
    const selection = await selectionOf(row);
    let cursor = await repo.cursorOf(row.id);
    let done = row.done;
    for (;;) {
      signal?.throwIfAborted();
      const outcome = await applyBatch(account, row, selection, cursor);
      if (outcome.cursor) cursor = outcome.cursor;
      done += outcome.seen;
      await progress?.(Math.min(done, row.total), row.total);
      if (outcome.seen < batchRows) return;
    }
  }

  /** One batch of the undo from the undo's cursor on; answers how many undo rows it read. */
  async function undoBatch(account: Account, row: BulkRow, after: string | null) {
    const p = params(row);
    switch (row.type as BulkActionType) {
      case "tag":
      case "untag":
        return repo.undoTags(row.id, row.workspaceId, after, batchRows);
      case "status":
        return repo.undoStatus(row.id, row.workspaceId, p.status ?? "new", after, batchRows);
      case "delete":
        return repo.undoDelete(row.id, row.workspaceId, after, batchRows);
      case "doNotCall": {
        const ids = await repo.undoContactIds(row.id, after, batchRows);
        return db.transaction(async (tx) => {
          const inTx = bulkRepository(tx);
          const outcome = await inTx.undoDoNotCall(row.id, row.workspaceId, after, batchRows);
          await inTx.unlistNumbers(row.id, row.workspaceId, ids);
          return outcome;
        });
      }
      case "addToCampaign": {
        const leads = await repo.undoLeads(row.id, after, batchRows);
        const last = leads.at(-1)?.contactId ?? null;
        const leadIds = leads.flatMap((lead) => (lead.leadId ? [lead.leadId] : []));
        const removed = await db.transaction(async (inTx) => {
          const gone = await deps
            .campaigns()
            .removeContactLeadsIn(inTx, account, p.campaignId ?? "", leadIds);
          await bulkRepository(inTx).recordUndone(row.id, leads.length, gone, last);
          return gone;
        });
        return { seen: leads.length, restored: removed, cursor: last };
      }
      case "addToList": {
        const removed = await repo.undoListMembers(row.id, row.workspaceId, batchRows);
        return { seen: removed, restored: removed, cursor: null };
      }
    }
  }

  async function undoAll(account: Account, row: BulkRow, signal?: AbortSignal, progress?: Progress) {
    let after = row.undoCursor;
    let done = row.restored + row.kept;
    for (;;) {
      signal?.throwIfAborted();
      const outcome = await undoBatch(account, row, after);
      if (outcome.cursor) after = outcome.cursor;
      done += outcome.seen;
      await progress?.(Math.min(done, row.changed), row.changed);
      if (outcome.seen < batchRows) break;
    }
    const p = params(row);
    // A list this action made, now empty again, goes with the undo.
    if (row.type === "addToList" && p.newList && p.listId) {
      const left = await deps.segments.get(account, p.listId).catch(() => null);
      if (left && left.count === 0) await deps.segments.remove(account, p.listId);
    }
  }

  /** Runs work in the request, the action marked failed (and the error passed on) if it throws. */
  async function inline(
    row: BulkRow,
    work: () => Promise<void>,
    finished: Partial<BulkRow>,
  ): Promise<BulkRow> {
    try {
      await work();
    } catch (error) {
      await repo.set(row.workspaceId, row.id, { status: "failed", error: message(error), finishedAt: now() });
      throw error;
    }
    return (await repo.set(row.workspaceId, row.id, { ...finished, finishedAt: now() })) ?? row;
  }

  return {
    /**
     * Starts an action on a selection: in the request up to INLINE_BULK_LIMIT contacts (the
     * answer is the finished action), else as a job (the answer is the queued action, 202).
     */
    async start(
      account: Account,
      selection: SelectionInput,
      action: ActionInput,
    ): Promise<{ row: BulkRow; queued: boolean }> {
      const least = ACTION_ROLE[action.type];
      if (!roleAtLeast(account.role, least))
        throw new NotAllowed(
          action.type === "delete" ? BULK_MESSAGES.deleteNeedsAdmin : roleNeededMessage(least),
        );
      const ids = selection.ids ? [...new Set(selection.ids)] : null;
      const filter = selection.ids ? null : (selection.filter ?? {});
      let total: number;
      if (ids) total = await checkIds(account, ids);
      else {
        const filters = await filtersOf(account.id, filter ?? {});
        total = await repo.count(contactWhere(account.id, filters));
      }
      if (total === 0) throw new Invalid(BULK_MESSAGES.nothingSelected);
      const actionParams = await paramsOf(account, action);
      await clearStale(account);
      const queued = total > INLINE_BULK_LIMIT;
      const row = await db.transaction(async (inTx) => {
        if (actionParams.newList) {
          const list = await deps.segments.createListIn(inTx, account, actionParams.listName ?? "");
          actionParams.listId = list.id;
        }
        const inserted = await insertAction(inTx, account, {
          createdBy: account.actor?.id ?? null,
          type: action.type,
          params: actionParams,
          filter,
          ids,
          asOf: now(),
          status: queued ? "queued" : "running",
          total,
        });
        if (!queued) return inserted;
        const jobId = await deps.queueJob(
          inTx,
          account.id,
          inserted.id,
          "apply",
          `contacts-bulk:${inserted.id}:apply`,
        );
        return (await bulkRepository(inTx).set(account.id, inserted.id, { jobId })) ?? inserted;
      });
      if (queued) return { row, queued };
      return {
        row: await inline(row, () => applyAll(account, row), { status: "completed" }),
        queued,
      };
    },

    get: found,

    /** The workspace's last action (the one undo applies to), or null. */
    async last(account: Account): Promise<BulkRow | null> {
      const row = await repo.latest(account.id);
      return row ? settle(row) : null;
    },

    /** Whether undo is offered for the action now. */
    async isLatest(account: Account, id: string): Promise<boolean> {
      return (await repo.latest(account.id))?.id === id;
    },

    /**
     * Undoes the workspace's last action: in the request when it changed up to
     * INLINE_BULK_LIMIT contacts, else as a job. Its author, an admin or the owner may.
     */
    async undo(account: Account, id: string): Promise<{ row: BulkRow; queued: boolean }> {
      const row = await found(account, id);
      if ((await repo.latest(account.id))?.id !== row.id) throw new Conflict(BULK_MESSAGES.notLast);
      if (row.status === "undone") throw new Conflict(BULK_MESSAGES.alreadyUndone);
      if (!FINISHED.includes(row.status as BulkStatus)) throw new Conflict(BULK_MESSAGES.notFinished);
      if (row.createdBy !== (account.actor?.id ?? null) && !roleAtLeast(account.role, "admin"))
        throw new NotAllowed(BULK_MESSAGES.undoNeedsAuthor);
      const queued = row.changed > INLINE_BULK_LIMIT;
      const moving = await db.transaction(async (tx) => {
        const inTx = bulkRepository(tx);
        let moved: BulkRow | undefined;
        try {
          moved = await inTx.move(account.id, row.id, FINISHED, {
            status: "undoing",
            error: null,
            touchedAt: now(),
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw new Conflict(BULK_MESSAGES.busy);
          throw error;
        }
        if (!moved) throw new Conflict(BULK_MESSAGES.notFinished);
        if (!queued) return moved;
        // An undo that stopped can be asked again: each asking is a job of its own.
        const undoJobId = await deps.queueJob(
          tx,
          account.id,
          row.id,
          "undo",
          `contacts-bulk:${row.id}:undo:${now().getTime()}`,
        );
        return (await inTx.set(account.id, row.id, { undoJobId })) ?? moved;
      });
      if (queued) return { row: moving, queued };
      return {
        row: await inline(moving, () => undoAll(account, moving), { status: "undone", undoneAt: now() }),
        queued,
      };
    },

    /** The selection's contacts as CSV (the contacts export's columns), streamed. */
    async exportSelection(account: Account, selection: SelectionInput): Promise<Readable> {
      if (selection.ids) {
        const ids = [...new Set(selection.ids)];
        await checkIds(account, ids);
        return deps.exportContacts(account, { ids });
      }
      return deps.exportContacts(account, await filtersOf(account.id, selection.filter ?? {}));
    },

    /** The contacts.bulk job's body: the action or its undo, from where it got to. */
    async runJob(run: {
      workspaceId: string;
      bulkId: string;
      phase: BulkPhase;
      signal: AbortSignal;
      reportProgress(progress: { done: number; total: number; message: string }): Promise<void>;
      complete(effect: (db: Db) => Promise<unknown>): Promise<unknown>;
    }): Promise<{ changed: number; restored: number; kept: number }> {
      const account = await deps.accounts.load(run.workspaceId);
      const row = await repo.get(run.workspaceId, run.bulkId);
      if (!account || !row) throw new Error("The bulk action or its workspace is gone");
      const verb = run.phase === "undo" ? "Undoing" : "Working on";
      const progress: Progress = (done, total) =>
        run.reportProgress({
          done,
          total,
          message: `${verb} contacts: ${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`,
        });
      if (run.phase === "apply") {
        const running =
          (await repo.move(run.workspaceId, row.id, ["queued", "running"], { status: "running" })) ?? row;
        await applyAll(account, running, run.signal, progress);
        await run.complete((tx) =>
          bulkRepository(tx).move(run.workspaceId, row.id, ["running"], {
            status: "completed",
            finishedAt: now(),
          }),
        );
      } else {
        await undoAll(account, row, run.signal, progress);
        await run.complete((tx) =>
          bulkRepository(tx).move(run.workspaceId, row.id, ["undoing"], {
            status: "undone",
            undoneAt: now(),
            finishedAt: now(),
          }),
        );
      }
      const final = (await repo.get(run.workspaceId, row.id)) ?? row;
      return { changed: final.changed, restored: final.restored, kept: final.kept };
    },
  };
}

export type ContactBulkService = ReturnType<typeof contactBulkService>;
