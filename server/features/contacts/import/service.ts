import type { Readable } from "node:stream";
import {
  type ContactImport,
  type ContactImportResponse,
  type ContactImportUndoResponse,
  type ImportMode,
  type ImportReject,
  MAX_IMPORT_BYTES,
} from "../../../../common/contacts";
import { planFor } from "../../../../common/plans";
import type { Db } from "../../../db/client";
import type { Account, AccountLoader } from "../../../domain/account";
import { Conflict, Invalid, notFound } from "../../../domain/errors";
import { csvFileStream, datedCsvName, flattenBatches } from "../../../http/csv";
import { UnretryableJobError } from "../../../jobs/types";
import { contactsReading } from "../reading";
import type { ImportEncoding } from "./decode";
import { databaseFiles, directoryFiles } from "./files";
import { receiveUpload, tooLarge } from "./intake";
import { describeReject, presentImport, presentReject } from "./presenter";
import { type ImportRepository, type ImportRow, importRepository } from "./repository";
import { importRecords } from "./run";

/**
 * CSV imports of contacts: POST /api/contacts/import {csvData} (the
 * /business-plan screen), POST /api/contacts/upload (the contact manager's file), their
 * results, rejects and undo. A file of up to INLINE_IMPORT_ROWS data rows is imported in the
 * request; a larger one is stored in the database and imported by a job (contacts.import),
 * which reports its progress and writes its counts as it goes.
 */

export type ContactImportDeps = {
  db: Db;
  /** The embedded database runs each statement on the event loop: its statements stay smaller. */
  engine: "pglite" | "postgres";
  /** Queues the contacts.import job for an import (server/jobs/kinds/contacts-import.ts); answers its id. */
  queueImport: (workspaceId: string, importId: string) => Promise<string>;
  /** A job acts for the workspace with no person: its plan and default country come from here. */
  accounts: AccountLoader;
  /**
   * Where a queued import's upload waits for its job (files.ts): this folder (the embedded
   * database's servers), or null for the database (PostgreSQL, shared by several servers).
   */
  filesDir: string | null;
  /** The import job's state (the queue's jobs.get), to settle an import whose job ended without it. */
  jobState: (
    workspaceId: string,
    jobId: string,
  ) => Promise<{ status: string; error: string | null } | undefined>;
  /**
   * Called once a queued (large) import has completed: the embedded database queues its
   * contacts.vacuum housekeeping here (no autovacuum there), so counts over the new rows are
   * index-only and the planner knows how many there are. Absent on PostgreSQL.
   */
  afterLargeImport?: ((importId: string) => Promise<unknown>) | undefined;
  now?: () => Date;
};

/**
 * Rows one transaction takes, and one statement writes. The embedded database runs each
 * statement on the event loop and a transaction holds its only connection, so there both stay
 * smaller: other requests' queries get their turn between transactions, and the event loop
 * between statements. (bench contacts-import, 300,000 rows on the embedded database: 1,000-row
 * transactions of 250-row statements with a 256 kB search-index queue imported 4,642 rows/s with
 * the event loop held up to 1.2 s; these, with the server's 4 MB queue, 6,551 rows/s, up to 1.6 s.)
 */
const BATCH_ROWS = { pglite: 2_000, postgres: 5_000 } as const;
const STATEMENT_ROWS = { pglite: 1_000, postgres: 5_000 } as const;
/**
 * The search index's queue of new entries (gin_pending_list_limit, kB) during an import: the
 * server's default on the embedded database (smaller queues merged more often, each merge
 * holding the event loop, cost a third of the speed and did not shorten the longest hold),
 * larger on PostgreSQL (fewer passes over the index). The queue left at the end is merged when
 * a large import completes.
 */
const PENDING_LIST_KB = { pglite: 4_096, postgres: 32_768 } as const;
/** The memory that merge sorts in (work_mem, kB): on PostgreSQL twice the queue, so a merge is one or two passes instead of eight. */
const MERGE_MEMORY_KB = { pglite: undefined, postgres: 65_536 } as const;
/** Rejects the answer lists as text (the rest are on GET .../rejects and in the rejects file). */
const ERRORS_LISTED = 100;
/** Recent imports the list shows. */
const RECENT_IMPORTS = 20;
const UNDO_BATCH = 10_000;

export type ImportOptions = { mode: ImportMode; fileName?: string | undefined };
/** An import done in the request, or queued as a job (`queued`). */
export type ImportAnswer = { queued: boolean; body: ContactImportResponse };

/** What a job run is given (server/jobs/kinds/contacts-import.ts). */
export type ImportJobRun = {
  importId: string;
  workspaceId: string;
  signal: AbortSignal;
  /** True on the attempt after which the queue gives up. */
  lastAttempt: boolean;
  reportProgress(progress: { done: number; total: number; message: string }): Promise<void>;
  /** Commits the import's completion with the job's (the queue's completeWith). */
  complete(effect: (db: Db) => Promise<ContactImport>): Promise<ContactImport>;
  /** Whether the job was cancelled (rather than taken over or handed back at shutdown). */
  wasCancelled(): Promise<boolean>;
};

/** Why an import ended early, and what of it is in. */
function stoppedMessage(why: string, row: Pick<ImportRow, "committedRows" | "totalRows">): string {
  const n = (value: number) => value.toLocaleString("en-US");
  return `${why} after ${n(row.committedRows)} of ${n(row.totalRows)} rows. The rows before that are in; upload the rest again.`;
}

async function* one<T>(value: T): AsyncGenerator<T> {
  yield value;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function contactImportService(deps: ContactImportDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const repo = importRepository(db);
  const statementRows = STATEMENT_ROWS[deps.engine];
  const batchRows = BATCH_ROWS[deps.engine];
  const files = deps.filesDir ? directoryFiles(deps.filesDir) : databaseFiles(repo);

  async function found(account: Account, id: string): Promise<ImportRow> {
    const row = await repo.get(account.id, id);
    if (!row) throw notFound("That import");
    return settle(row);
  }

  /**
   * An import still queued or running whose job is over: cancelled before it ran, or given up
   * after a server died on its last attempt. Its job could not say so; it says so here.
   */
  async function settle(row: ImportRow): Promise<ImportRow> {
    if ((row.status !== "queued" && row.status !== "running") || !row.jobId) return row;
    const job = await deps.jobState(row.workspaceId, row.jobId);
    if (job && job.status !== "cancelled" && job.status !== "failed") return row;
    const why =
      job?.status === "cancelled"
        ? "The import was cancelled"
        : `The import stopped: ${job?.error ?? "its job is gone"}`;
    const settled = await repo.stop(row.workspaceId, row.id, (locked) => stoppedMessage(why, locked), now());
    if (settled) await files.remove(row.id);
    return settled ?? (await repo.get(row.workspaceId, row.id)) ?? row;
  }

  async function answer(row: ImportRow): Promise<ContactImportResponse> {
    const rejects = row.rejected > 0 ? await repo.rejects(row.id, { offset: 0, limit: ERRORS_LISTED }) : [];
    return { ...presentImport(row), importId: row.id, errors: rejects.map(describeReject) };
  }

  /** Imports the file's bytes from the import's checkpoint on, the rows read in a worker thread. */
  function run(
    account: Pick<Account, "id" | "planType" | "defaultCountry">,
    row: ImportRow,
    bytes: AsyncIterable<Uint8Array>,
    extra: { signal?: AbortSignal; onBatch?: (committedRows: number) => Promise<void> } = {},
  ) {
    const rows = contactsReading.importRows(bytes, {
      encoding: row.encoding as ImportEncoding,
      country: account.defaultCountry,
      skipRows: row.committedRows,
    });
    return importRecords(rows, {
      db,
      importId: row.id,
      workspaceId: account.id,
      createdBy: row.createdBy,
      mode: row.mode as ImportMode,
      country: account.defaultCountry,
      plan: planFor(account.planType),
      committedRows: row.committedRows,
      batchRows,
      statementRows,
      pendingListKb: PENDING_LIST_KB[deps.engine],
      mergeMemoryKb: MERGE_MEMORY_KB[deps.engine],
      signal: extra.signal,
      onBatch: extra.onBatch,
    });
  }

  /** Reads the upload; imports it here when small, or stores it and queues the job. */
  async function receive(
    account: Account,
    body: AsyncIterable<Uint8Array>,
    options: ImportOptions,
  ): Promise<ImportAnswer> {
    const base = {
      createdBy: account.actor?.id ?? null,
      fileName: options.fileName ?? null,
      mode: options.mode,
    };
    let spilled: ImportRow | null = null;
    let received: Awaited<ReturnType<typeof receiveUpload>>;
    try {
      received = await receiveUpload(body, async () => {
        spilled = await repo.create(account.id, {
          ...base,
          status: "queued",
          header: [],
          unknownColumns: [],
          encoding: "utf-8",
          totalRows: 0,
        });
        return files.writer(spilled.id);
      });
    } catch (error) {
      // A refused or broken upload leaves nothing behind (its stored pieces go with it).
      const left = spilled as ImportRow | null;
      if (left) {
        await files.remove(left.id);
        await repo.remove(account.id, left.id);
      }
      throw error;
    }
    const described = {
      header: received.plan.header,
      unknownColumns: received.plan.unknownColumns,
      encoding: received.encoding,
      totalRows: received.dataRows,
    };

    if (received.inline) {
      const row = await repo.create(account.id, { ...base, status: "running", ...described });
      try {
        await run(account, row, one(received.inline));
      } catch (error) {
        await repo.update(account.id, row.id, { status: "failed", error: message(error), finishedAt: now() });
        throw error;
      }
      const done = await repo.update(account.id, row.id, { status: "completed", finishedAt: now() });
      return { queued: false, body: await answer(done!) };
    }

    const queued = (spilled as ImportRow | null)!;
    await repo.update(account.id, queued.id, described);
    const jobId = await deps.queueImport(account.id, queued.id);
    const row = await repo.update(account.id, queued.id, { jobId });
    return { queued: true, body: await answer(row!) };
  }

  return {
    /**
     * A workspace being deleted: the uploads its unfinished imports still keep (a file under
     * DATA_DIR/imports on the embedded database) are removed; its rows go with the workspace.
     * Answers how many imports had one.
     */
    async discardUploadsOf(workspaceId: string): Promise<number> {
      const waiting = await repo.unsettled(workspaceId);
      for (const id of waiting) await files.remove(id);
      return waiting.length;
    },

    /** POST /api/contacts/import {csvData}: the text as pasted or read by the browser. */
    importText(account: Account, csvData: string, options: ImportOptions): Promise<ImportAnswer> {
      const bytes = Buffer.from(csvData, "utf8");
      if (bytes.length > MAX_IMPORT_BYTES) throw tooLarge();
      return receive(account, one(bytes), options);
    },

    /** POST /api/contacts/upload: the file's bytes as they arrive. */
    upload(account: Account, body: AsyncIterable<Uint8Array>, options: ImportOptions): Promise<ImportAnswer> {
      return receive(account, body, options);
    },

    async list(account: Account): Promise<ContactImport[]> {
      const recent = await repo.recent(account.id, RECENT_IMPORTS);
      return (await Promise.all(recent.map(settle))).map(presentImport);
    },

    async get(account: Account, id: string): Promise<ContactImport> {
      return presentImport(await found(account, id));
    },

    async rejects(
      account: Account,
      id: string,
      page: { offset: number; limit: number },
    ): Promise<{ rejects: ImportReject[]; total: number }> {
      const row = await found(account, id);
      const rejects = await repo.rejects(row.id, page);
      return { rejects: rejects.map(presentReject), total: row.rejected };
    },

    /**
     * The rejected rows as a CSV to fix and upload again: a Line and a Reason column, then the
     * upload's own columns with each row's cells as they were read. Cells a spreadsheet would
     * run as a formula get our export's apostrophe, which an import takes off again.
     */
    async rejectsFile(account: Account, id: string): Promise<{ fileName: string; stream: Readable }> {
      const row = await found(account, id);
      const lines = flattenBatches(
        (async function* () {
          for await (const batch of repo.allRejects(row.id))
            yield batch.map((reject) => [
              reject.line,
              reject.column ? `${reject.column}: ${reject.reason}` : reject.reason,
              ...reject.cells,
            ]);
        })(),
      );
      return {
        fileName: datedCsvName("contact-import-rejects", now(), account.timezone),
        stream: csvFileStream(["Line", "Reason", ...row.header], lines),
      };
    },

    /**
     * Deletes the contacts the import added (a few thousand a statement; a second try after a
     * crash deletes the rest). Contacts it updated keep their new values: their old ones were
     * not kept.
     */
    async undo(account: Account, id: string): Promise<ContactImportUndoResponse> {
      const row = await found(account, id);
      if (row.status === "undone") throw new Conflict("This import has already been undone.");
      if (row.status === "queued" || row.status === "running")
        throw new Conflict(
          "This import is still running. Wait for it to finish, or cancel it, before undoing it.",
        );
      let deleted = 0;
      for (;;) {
        const n = await repo.deleteCreated(account.id, row.id, UNDO_BATCH);
        deleted += n;
        if (n < UNDO_BATCH) break;
      }
      const undone = await repo.transition(account.id, row.id, ["completed", "failed"], {
        status: "undone",
        undoneAt: now(),
      });
      if (!undone) throw new Conflict("This import has already been undone.");
      const plural = (n: number, what: string) => `${n.toLocaleString("en-US")} ${what}${n === 1 ? "" : "s"}`;
      const kept =
        row.updated === 0
          ? ""
          : row.updated === 1
            ? " The contact it updated keeps its new values: an import does not keep the old ones."
            : ` The ${plural(row.updated, "contact")} it updated keep their new values: an import does not keep the old ones.`;
      return {
        ...presentImport(undone),
        deleted,
        message: `Removed ${plural(deleted, "contact")} this import added.${kept}`,
      };
    },

    /** The contacts.import job: imports a stored upload from its checkpoint on. */
    async runJob(job: ImportJobRun): Promise<ContactImport | { gone: true }> {
      const row = await repo.get(job.workspaceId, job.importId);
      if (!row) return { gone: true };
      if (row.status !== "queued" && row.status !== "running") return presentImport(row);
      const account = await deps.accounts.load(job.workspaceId);
      if (!account) return { gone: true };
      const running = await repo.transition(account.id, row.id, ["queued", "running"], { status: "running" });
      if (!running) return presentImport((await repo.get(account.id, row.id)) ?? row);
      const total = row.totalRows;
      const progress = (done: number) =>
        job.reportProgress({
          done,
          total,
          message: `${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} rows`,
        });
      try {
        await progress(running.committedRows);
        await run(account, running, files.read(row.id), { signal: job.signal, onBatch: progress });
        const done = await job.complete(async (tx) => {
          const completed = await importRepository(tx).update(account.id, row.id, {
            status: "completed",
            finishedAt: now(),
          });
          return presentImport(completed!);
        });
        // After the completion commits: a run that has to start again still finds the file.
        await files.remove(row.id);
        // Searches read the whole queue until it is merged, and the embedded database has no
        // autovacuum to merge it later.
        await repo.mergeSearchIndex();
        await deps.afterLargeImport?.(row.id);
        return done;
      } catch (error) {
        // A file past the CSV limits (Invalid, naming the line) reads no better a second time:
        // the import and its job end failed at once, with that message.
        const refused = error instanceof Invalid;
        if (refused || job.lastAttempt || (await job.wasCancelled()))
          await fail(account.id, row.id, error, job);
        throw refused ? new UnretryableJobError(error.message) : error;
      }
    },
  };

  async function fail(workspaceId: string, id: string, error: unknown, job: ImportJobRun): Promise<void> {
    const cancelled = await job.wasCancelled();
    const refused = error instanceof Invalid;
    const why = cancelled ? "The import was cancelled" : `The import stopped: ${message(error)}`;
    const stopped = await repo.stop(
      workspaceId,
      id,
      // A refused file's message already says what to fix, and where.
      (locked) =>
        refused
          ? `${message(error)} ${stoppedMessage("The import stopped", locked)}`
          : stoppedMessage(why, locked),
      now(),
    );
    if (stopped) await files.remove(id);
  }
}

export type ContactImportService = ReturnType<typeof contactImportService>;
export type { ImportRepository };
