import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { ContactImportResponse } from "../../../common/business";
import { CSV_COLUMNS, MAX_IMPORT_ROWS } from "../../../common/business";
import type { Account } from "../../http/account";
import { badRequest } from "../../http/errors";
import type { ContactService, NewContact } from "../contacts/service";
import { parseCsv } from "./csv";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * CSV import (spec 2 §5): columns Name, Phone, Email, Company, Notes, matched by header name
 * whatever their order or case; a file without a header row is read in that order. A row
 * without a name, or with an email that is not one, is reported and skipped.
 */
export type BusinessDeps = {
  contacts: Pick<ContactService, "insertMany">;
  /** Queues the bulk-call job (server/jobs/kinds/bulk-call.ts); answers its id. */
  queueBulkCall: (
    workspaceId: string,
    payload: { phoneNumbers: string[]; callPurpose: string | null },
    idempotencyKey: string,
  ) => Promise<string>;
};

export function businessService({ contacts, queueBulkCall }: BusinessDeps) {
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

    async importContacts(account: Account, csvData: string): Promise<ContactImportResponse> {
      const rows = parseCsv(csvData);
      if (rows.length === 0) throw badRequest("No Data - Please upload a CSV file or paste CSV data");
      const first = (rows[0] ?? []).map((cell) => cell.trim().toLowerCase());
      const hasHeader = first.includes("name");
      const index = Object.fromEntries(
        CSV_COLUMNS.map((column, position) => {
          const found = first.indexOf(column.toLowerCase());
          return [column, hasHeader ? found : position];
        }),
      ) as Record<(typeof CSV_COLUMNS)[number], number>;
      const body = hasHeader ? rows.slice(1) : rows;
      if (body.length > MAX_IMPORT_ROWS)
        throw badRequest(`Import at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows at a time`);

      const errors: string[] = [];
      const toInsert: NewContact[] = [];
      const batch = `import-${new Date().toISOString()}`;
      for (const [i, cells] of body.entries()) {
        const line = i + (hasHeader ? 2 : 1);
        const cell = (column: (typeof CSV_COLUMNS)[number]) => {
          const at = index[column];
          return at >= 0 ? (cells[at] ?? "").trim() : "";
        };
        const name = cell("Name");
        if (!name) {
          errors.push(`Row ${line}: Name is required`);
          continue;
        }
        const email = cell("Email");
        if (email && !EMAIL.test(email)) {
          errors.push(`Row ${line}: "${email}" is not a valid email`);
          continue;
        }
        const phone = cell("Phone");
        const parsed = phone ? parsePhoneNumberFromString(phone, "US") : undefined;
        toInsert.push({
          name: name.slice(0, 200),
          phoneNumber: phone ? phone.slice(0, 40) : null,
          phoneE164: parsed?.isPossible() ? parsed.number : null,
          email: email ? email.toLowerCase().slice(0, 254) : null,
          company: cell("Company").slice(0, 200) || null,
          notes: cell("Notes").slice(0, 2000) || null,
          leadSource: "csv_import",
          importBatch: batch,
          uploadDate: new Date(),
          createdBy: account.actor?.id ?? null,
        });
      }
      const imported = await contacts.insertMany(account.id, toInsert);
      return { imported, errors };
    },
  };
}

export type BusinessService = ReturnType<typeof businessService>;
