import type { ImportMode } from "../../../../common/contacts";
import { contactLimitRefusal, type PlanDefinition, UNLIMITED } from "../../../../common/plans";
import type { Db } from "../../../db/client";
import { type ColumnPlan, headerlessPlan } from "./columns";
import { type Candidate, planBatch } from "./duplicates";
import type { ImportReading } from "./reading";
import { importRepository, type RejectRow } from "./repository";

/**
 * The import itself: rows read (reading.ts, in a worker thread) in, contacts out, in batches.
 * Each batch is one transaction that
 * finds the batch's duplicates in the workspace with one query, writes its new contacts and its
 * updates with a statement per few thousand rows (bound arrays through unnest), stores its
 * rejects, adds its counts to the import and moves the import's checkpoint (`committed_rows`).
 * The next batch is read and checked while the previous one is being written.
 *
 * Every data row ends in exactly one of imported, updated, skipped and rejected. A run that
 * starts again (a job after a crash) skips the rows before the checkpoint, so none is taken twice.
 */

export type RunOptions = {
  db: Db;
  importId: string;
  workspaceId: string;
  createdBy: string | null;
  mode: ImportMode;
  /** The workspace's default country, for numbers written without +country code. */
  country: string;
  plan: PlanDefinition;
  /** Data rows already committed by an earlier run (the reading left them out). */
  committedRows: number;
  /** Rows a transaction takes. */
  batchRows: number;
  /** Rows one statement writes (smaller on the embedded database, whose statements hold the event loop). */
  statementRows: number;
  /** The trigram index's queue of pending entries, in kB (gin_pending_list_limit; the server's when absent). */
  pendingListKb?: number | undefined;
  /** Memory the merge of that queue may sort in, in kB (work_mem; the server's when absent). */
  mergeMemoryKb?: number | undefined;
  signal?: AbortSignal | undefined;
  onBatch?: ((committedRows: number) => Promise<void>) | undefined;
};

type Batch = { rows: number; candidates: Candidate[]; rejects: RejectRow[] };
const emptyBatch = (): Batch => ({ rows: 0, candidates: [], rejects: [] });

function* slices<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Runs the import over the rows read after the checkpoint (the plan first); answers the plan. */
export async function importRecords(
  reading: AsyncIterable<ImportReading[]>,
  options: RunOptions,
): Promise<ColumnPlan> {
  const { db, importId, workspaceId, mode } = options;
  let columns: ColumnPlan | null = null;
  let committed = options.committedRows;
  let batch = emptyBatch();
  let writing: Promise<void> = Promise.resolve();

  const write = async (next: Batch) => {
    const after = committed + next.rows;
    await db.transaction(async (transaction) => {
      const repo = importRepository(transaction);
      await repo.claimBatch(importId, committed, {
        pendingListKb: options.pendingListKb,
        mergeMemoryKb: options.mergeMemoryKb,
      });
      const limit = options.plan.contactLimit;
      const room =
        limit === UNLIMITED
          ? Number.POSITIVE_INFINITY
          : Math.max(0, limit - (await repo.lockedContactCount(workspaceId)));
      const phones: string[] = [];
      const emails: string[] = [];
      if (mode !== "create")
        for (const { contact } of next.candidates) {
          if (contact.phoneE164) phones.push(contact.phoneE164);
          if (contact.email) emails.push(contact.email);
        }
      const existing = mode === "create" ? [] : await repo.findMatches(workspaceId, phones, emails);
      const planned = planBatch(next.candidates, existing, mode, room);
      for (const drafts of slices(planned.inserts, options.statementRows))
        await repo.insertContacts(workspaceId, importId, options.createdBy, drafts);
      const updates = [...planned.updates];
      for (const part of slices(updates, options.statementRows))
        await repo.updateContacts(workspaceId, new Map(part));
      const refusal = contactLimitRefusal(options.plan);
      const rejects = [
        ...next.rejects,
        ...planned.overLimit.map((row) => ({
          line: row.line,
          column: null,
          reason: refusal,
          cells: row.cells,
        })),
      ].sort((a, b) => a.line - b.line);
      for (const part of slices(rejects, options.statementRows)) await repo.insertRejects(importId, part);
      await repo.recordBatch(importId, {
        committedRows: after,
        imported: planned.imported,
        updated: planned.updated,
        skipped: planned.skipped,
        rejected: rejects.length,
      });
    });
    committed = after;
    await options.onBatch?.(committed);
  };

  const flush = async () => {
    const full = batch;
    batch = emptyBatch();
    await writing;
    options.signal?.throwIfAborted();
    writing = write(full);
    // Observed now, thrown when awaited: reading goes on meanwhile.
    writing.catch(() => {});
  };

  for await (const readings of reading) {
    for (const row of readings) {
      if ("plan" in row) {
        columns = row.plan;
        continue;
      }
      batch.rows++;
      if ("contact" in row) batch.candidates.push(row);
      else batch.rejects.push({ line: row.line, column: row.column, reason: row.reason, cells: row.cells });
      if (batch.rows >= options.batchRows) await flush();
    }
  }
  if (batch.rows > 0) await flush();
  await writing;
  return columns ?? headerlessPlan();
}
