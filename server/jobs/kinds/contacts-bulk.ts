import type { BulkPhase, ContactBulkService } from "../../features/contacts/bulk";
import type { JobKind, JobQueue } from "../types";

export type ContactsBulkPayload = { bulkId: string; phase: BulkPhase };

/**
 * A bulk action on more contacts than a request handles (server/features/contacts/bulk.ts), or
 * its undo: batches of set-based SQL from the action's cursor on, each batch moving the cursor
 * in its own statement or transaction, so a run that starts again (after a crash, or on another
 * server once the lease ran out) carries on after the last batch done. Progress after each
 * batch; the action's completion commits with the job's.
 */
export function defineContactsBulk(
  jobs: JobQueue,
  deps: { bulk: () => Pick<ContactBulkService, "runJob"> },
): JobKind<ContactsBulkPayload> {
  return jobs.define<ContactsBulkPayload>(
    "contacts.bulk",
    async ({ payload, workspaceId, signal, reportProgress, completeWith }) => {
      if (!workspaceId) throw new Error("A bulk action on contacts belongs to a workspace");
      return deps.bulk().runJob({
        workspaceId,
        bulkId: payload.bulkId,
        phase: payload.phase,
        signal,
        reportProgress,
        complete: (effect) => completeWith((tx) => effect(tx)),
      });
    },
    { retryLimit: 3, retryBackoff: 2_000, concurrency: 1 },
  );
}
