import type { ContactImportService } from "../../features/contacts/import/service";
import type { JobKind, JobQueue } from "../types";

export type ContactsImportPayload = { importId: string };

const RETRY_LIMIT = 3;

/**
 * A large CSV import (server/features/contacts/import): the stored upload read from the
 * database piece by piece, a few thousand rows a transaction, progress after each. Every batch
 * moves the import's checkpoint in its own transaction, so a run that starts again (after a
 * crash, or on another server once the lease ran out) carries on after the last committed row:
 * no row is imported twice. The import's completion commits with the job's.
 */
export function defineContactsImport(
  jobs: JobQueue,
  deps: { imports: Pick<ContactImportService, "runJob"> },
): JobKind<ContactsImportPayload> {
  return jobs.define<ContactsImportPayload>(
    "contacts.import",
    async ({ id, payload, workspaceId, attempt, signal, reportProgress, completeWith }) => {
      if (!workspaceId) throw new Error("A contacts import belongs to a workspace");
      return deps.imports.runJob({
        importId: payload.importId,
        workspaceId,
        signal,
        lastAttempt: attempt > RETRY_LIMIT,
        reportProgress,
        complete: (effect) => completeWith((tx) => effect(tx)),
        wasCancelled: async () => (await jobs.get(workspaceId, id))?.status === "cancelled",
      });
    },
    { retryLimit: RETRY_LIMIT, retryBackoff: 2_000, concurrency: 1 },
  );
}
