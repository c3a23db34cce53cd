import type { Db } from "../../db/client";
import type { DeleteWorkspace } from "../admin/workspace-delete";
import type { DataDeletionNotices } from "../auth/notices";
import type { BillingService } from "../billing/service";
import type { CallService } from "../calls/service";
import type { VoicemailBox } from "../phone-system/voicemail";
import type { TelephonyService } from "../telephony/service";
import type { WorkspaceService } from "../workspaces/service";
import { type RetentionRepository, retentionRepository } from "./repository";

export type RetentionDeps = {
  db: Db;
  /** Calls keep their recording's address (a Twilio RecordingUrl). */
  calls: Pick<CallService, "recordingsBefore" | "forgetRecordings">;
  /** Telephony deletes a recording in the workspace's Twilio account. */
  carrier: Pick<TelephonyService, "recordingDeleter">;
  /** The business phone system's voicemails: a file under DATA_DIR, and Twilio's recording. */
  voicemails: Pick<VoicemailBox, "audioBefore" | "deleteAudio">;
  billing: Pick<BillingService, "settleLapsed" | "endedBy" | "endedAtIn">;
  /** The administrator's "keep data until" days (the admin area's), read and re-read under the lock. */
  holds: {
    dataHolds(workspaceIds: readonly string[]): Promise<Map<string, string>>;
    dataHoldIn(tx: Db, workspaceId: string): Promise<string | null>;
  };
  owners: Pick<WorkspaceService, "ownerContact">;
  notices: DataDeletionNotices;
  /** The admin area's deletion of one workspace (workspace-delete.ts). */
  deleteWorkspace: DeleteWorkspace;
  /**
   * The areas whose tables can hold a workspace's rows by the hundred thousand (contacts and
   * their phone logs, calls): each deletes up to `limit` of them and answers how many went, so a
   * big workspace goes a piece at a time before the transaction that deletes the rest.
   */
  bulkRows: ((workspaceId: string, limit: number) => Promise<number>)[];
  /**
   * Files of a workspace kept outside its DATA_DIR folders, named by rows that go with it (an
   * unfinished contacts import's upload): removed just before the workspace is deleted.
   */
  filesOutsideFolders: ((workspaceId: string) => Promise<unknown>)[];
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
  now?: () => Date;
  /** Rows a page: each page is a short statement or two, with the event loop free between pages. */
  batchSize?: number;
  /**
   * Rows of a big table deleted per statement before a workspace's last transaction: on the
   * embedded database a statement holds the event loop (about 0.15 ms a contact or call with its
   * indexes), so pieces stay small there; PostgreSQL works in its own process.
   */
  pieceRows?: number;
};

/** What the retention area's modules share. */
export type RetentionContext = Omit<RetentionDeps, "now" | "batchSize" | "pieceRows"> & {
  now: () => Date;
  batchSize: number;
  pieceRows: number;
  repo: RetentionRepository;
};

export function retentionContext(deps: RetentionDeps): RetentionContext {
  return {
    ...deps,
    now: deps.now ?? (() => new Date()),
    batchSize: deps.batchSize ?? 50,
    pieceRows: deps.pieceRows ?? 250,
    repo: retentionRepository(deps.db),
  };
}

/** Lets sockets and timers run between two pages of work. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
