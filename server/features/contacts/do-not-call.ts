import type { Readable } from "node:stream";
import { type DoNotCallImportResponse, INVALID_PHONE } from "../../../common/contacts";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { Invalid, notFound } from "../../domain/errors";
import { csvFileStream } from "../../http/csv";
import { type DoNotCallRow, doNotCallRepository } from "./do-not-call-repository";
import { normalizePhone } from "./phone";
import { contactsReading } from "./reading";

export type { DoNotCallRow };

/**
 * Numbers an import writes a statement. On the embedded database a statement holds the event
 * loop while it runs: 250 numbers took 20 to 130 ms there on a loaded machine, 1,000 up to
 * 300 ms. (On PostgreSQL 60,000 numbers are then 600 short round trips, about a second.)
 */
const IMPORT_STATEMENT_ROWS = 100;

/**
 * The workspace's do-not-call list: numbers no outbound path dials (dial, bulk calls; the
 * autodialer later), whether or not they belong to a contact. `isDoNotCall` is what every
 * outbound path asks at the moment of dialling.
 */
export function doNotCallService(deps: { db: Db }) {
  const repo = doNotCallRepository(deps.db);

  return {
    /** True when the number (E.164) is on the list, or a contact with it is marked do-not-call. */
    isDoNotCall: (workspaceId: string, e164: string) => repo.isDoNotCall(workspaceId, e164),

    /** Which of the numbers (E.164) are do-not-call, in one query (the autodialer's lead imports). */
    listedAmong: (workspaceId: string, e164s: string[]) => repo.listedAmong(workspaceId, e164s),

    list: (account: Account, query: { search?: string | undefined; page: number; limit: number }) =>
      repo.page(account.id, { ...query, search: query.search || undefined }),

    /** Adds a number; one already listed answers its entry (`created` false). */
    async add(account: Account, phoneNumber: string): Promise<{ row: DoNotCallRow; created: boolean }> {
      const e164 = normalizePhone(phoneNumber, account.defaultCountry).e164;
      if (!e164) throw new Invalid(INVALID_PHONE, [{ path: "phoneNumber", message: INVALID_PHONE }]);
      const [added] = await repo.add(
        account.id,
        [{ phoneE164: e164, phoneNumber }],
        "manual",
        account.actor?.id ?? null,
      );
      if (added) return { row: added, created: true };
      const existing = await repo.find(account.id, e164);
      if (!existing) throw new Error("a listed number was not found");
      return { row: existing, created: false };
    },

    async remove(account: Account, id: string): Promise<void> {
      if (!(await repo.delete(account.id, id))) throw notFound("That do-not-call entry");
    },

    /**
     * A CSV (or a plain list, one a line) of numbers: the column named phone or number, else the
     * first. Each line ends added, already listed (on the list before, or earlier in the file), or
     * rejected with its line number (counting the header as line 1, as a spreadsheet does). The
     * file is read in a worker thread (do-not-call-reading.ts); a file past the CSV limits is
     * refused whole (400, naming the line) before any number is added.
     */
    async importCsv(account: Account, csvData: string): Promise<DoNotCallImportResponse> {
      const rejected: DoNotCallImportResponse["rejected"] = [];
      const numbers = new Map<string, string>();
      let repeated = 0;
      for await (const lines of contactsReading.doNotCallLines([csvData], account.defaultCountry))
        for (const line of lines) {
          if (!("e164" in line)) rejected.push({ line: line.line, value: line.value, reason: line.reason });
          else if (numbers.has(line.e164)) repeated += 1;
          else numbers.set(line.e164, line.value);
        }
      const entries = [...numbers].map(([phoneE164, phoneNumber]) => ({ phoneE164, phoneNumber }));
      // A statement of IMPORT_STATEMENT_ROWS numbers at a time, each its own: on the embedded
      // database every statement runs on the event loop and holds its one connection, so a
      // transaction around all of them would make every other request wait for the whole list.
      // Adding a number twice adds it once: a list cut short by a failure is imported again whole.
      let added = 0;
      for (let at = 0; at < entries.length; at += IMPORT_STATEMENT_ROWS)
        added += await repo.addMany(
          account.id,
          entries.slice(at, at + IMPORT_STATEMENT_ROWS),
          "import",
          account.actor?.id ?? null,
        );
      return { added, alreadyListed: entries.length - added + repeated, rejected };
    },

    /** The list as CSV, oldest first. */
    export(account: Account): Readable {
      return csvFileStream(
        ["Phone Number", "E.164", "Source", "Added"],
        (async function* () {
          for await (const batch of repo.batches(account.id))
            for (const row of batch)
              yield [row.phoneNumber, row.phoneE164, row.source, row.createdAt.toISOString()];
        })(),
      );
    },
  };
}

export type DoNotCallService = ReturnType<typeof doNotCallService>;
