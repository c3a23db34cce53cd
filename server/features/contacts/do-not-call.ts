import type { Readable } from "node:stream";
import { parse } from "csv-parse/sync";
import { type DoNotCallImportResponse, INVALID_PHONE, NO_CSV_DATA } from "../../../common/contacts";
import type { Db } from "../../db/client";
import type { Account } from "../../http/account";
import { csvFileStream } from "../../http/csv";
import { badRequest, notFound } from "../../http/errors";
import { type DoNotCallRow, doNotCallRepository } from "./do-not-call-repository";
import { normalizePhone } from "./phone";

export type { DoNotCallRow };

/** Header cells that name the column of numbers in an uploaded list (lower case, letters only). */
const PHONE_HEADERS = new Set([
  "phone",
  "phones",
  "number",
  "numbers",
  "phonenumber",
  "phonenumbers",
  "telephone",
  "tel",
  "mobile",
  "cell",
  "cellphone",
  "e164",
]);

const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Which column holds the numbers, and whether the first row is a header. */
function phoneColumn(first: string[], country: string): { column: number; header: boolean } {
  const named = first.findIndex((cell) => PHONE_HEADERS.has(headerKey(cell)));
  if (named >= 0) return { column: named, header: true };
  // No named column: the first. The first row is data if its first cell reads as a number.
  const firstCell = first[0] ?? "";
  return { column: 0, header: firstCell.trim() !== "" && normalizePhone(firstCell, country).e164 === null };
}

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
      if (!e164) throw badRequest(INVALID_PHONE, [{ path: "phoneNumber", message: INVALID_PHONE }]);
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
     * rejected with its line number (counting the header as line 1, as a spreadsheet does).
     */
    async importCsv(account: Account, csvData: string): Promise<DoNotCallImportResponse> {
      let parsed: { record: string[]; info: { lines: number } }[];
      try {
        parsed = parse(csvData, {
          bom: true,
          delimiter: [",", ";", "\t"],
          record_delimiter: ["\r\n", "\n", "\r"],
          relax_column_count: true,
          relax_quotes: true,
          skip_empty_lines: true,
          info: true,
        }) as unknown as { record: string[]; info: { lines: number } }[];
      } catch (error) {
        const reason = error instanceof Error ? error.message : "it is not CSV";
        throw badRequest(`That file could not be read as CSV: ${reason}`);
      }
      const first = parsed[0]?.record;
      if (!first) throw badRequest(NO_CSV_DATA);
      const { column, header } = phoneColumn(first, account.defaultCountry);
      const rejected: DoNotCallImportResponse["rejected"] = [];
      const numbers = new Map<string, string>();
      let repeated = 0;
      parsed.forEach(({ record, info }, index) => {
        if (header && index === 0) return;
        const value = (record[column] ?? "").trim();
        // The parser counts the line a record ends on; a quoted cell may span several.
        const line =
          info.lines - record.reduce((breaks, cell) => breaks + (cell.match(/\r\n|\n|\r/g)?.length ?? 0), 0);
        if (!value) {
          rejected.push({ line, value, reason: "There is no phone number on this line" });
          return;
        }
        const e164 = normalizePhone(value, account.defaultCountry).e164;
        if (!e164) rejected.push({ line, value, reason: INVALID_PHONE });
        else if (numbers.has(e164)) repeated += 1;
        else numbers.set(e164, value);
      });
      const entries = [...numbers].map(([phoneE164, phoneNumber]) => ({ phoneE164, phoneNumber }));
      const added = await deps.db.transaction(async (tx) =>
        doNotCallRepository(tx as unknown as Db).add(
          account.id,
          entries,
          "import",
          account.actor?.id ?? null,
        ),
      );
      return { added: added.length, alreadyListed: entries.length - added.length + repeated, rejected };
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
