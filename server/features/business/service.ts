import type { Account } from "../../domain/account";

/**
 * Business features (/business-plan): bulk calling. The screen's CSV import is the
 * contacts importer's (server/features/contacts/import, POST /api/contacts/import), the only
 * CSV path into contacts.
 */
export type BusinessDeps = {
  /** Queues the bulk-call job (server/jobs/kinds/bulk-call.ts); answers its id. */
  queueBulkCall: (
    workspaceId: string,
    payload: { phoneNumbers: string[]; callPurpose: string | null },
    idempotencyKey: string,
  ) => Promise<string>;
};

export function businessService({ queueBulkCall }: BusinessDeps) {
  return {
    /**
     * Bulk calling: the numbers are dialled in the background, one call each, and the screen
     * follows the job. The same idempotency key (a retried request) gets the same job.
     */
    startBulkCall(
      account: Account,
      input: { phoneNumbers: string[]; callPurpose?: string | undefined },
      idempotencyKey: string,
    ): Promise<string> {
      return queueBulkCall(
        account.id,
        { phoneNumbers: input.phoneNumbers, callPurpose: input.callPurpose ?? null },
        idempotencyKey,
      );
    },
  };
}

export type BusinessService = ReturnType<typeof businessService>;
