import type { Readable } from "node:stream";
import { TZDate } from "@date-fns/tz";
import type { SQL } from "drizzle-orm";
import type { z } from "zod";
import { isTimeZone } from "../../../common/ai-settings";
import {
  type ContactCreate,
  type ContactSort,
  type ContactStats,
  type ContactUpdate,
  INVALID_PHONE,
} from "../../../common/contacts";
import { contactLimitRefusal, planFor, UNLIMITED } from "../../../common/plans";
import type { Database, Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { Invalid, LimitReached, notFound } from "../../domain/errors";
import { copiedCsvFileStream } from "../../http/csv";
import { doNotCallRepository } from "./do-not-call-repository";
import { contactColumns, type ExportColumns, exportSettings, leadColumns } from "./export";
import { normalizePhone } from "./phone";
import {
  type ContactFields,
  type ContactFilters,
  type ContactRepository,
  type ContactRow,
  contactRepository,
  type ExportKey,
  type NewContact,
} from "./repository";

export type { ContactFilters, ContactRow, NewContact };

export type ContactInput = z.output<typeof ContactCreate>;
export type ContactChange = z.output<typeof ContactUpdate>;

/** Exact counts stop here; past it the list's total is the planner's estimate (X-Total-Count-Estimated). */
export const EXACT_COUNT_CAP = 10_000;
/**
 * A search counts fewer: each match is checked against the text after the trigram index, so a
 * common term ("per") costs about 1 ms a hundred matches (history caps its searches at 500).
 */
export const SEARCH_COUNT_CAP = 1_000;
/**
 * A tag filter counts no further either: the tags' GIN index answers with a bitmap, so every
 * counted match is a visit to the table, never an index-only read (bench contacts: a count of
 * 10,001 "vip" contacts among a million took about 250 ms).
 */
export const TAG_COUNT_CAP = 1_000;

/** Where a list's exact count stops for these filters. */
export function countCap(filters: ContactFilters): number {
  if (filters.search) return SEARCH_COUNT_CAP;
  // A segment's conditions (tags, zones, a list's members) are no index's order either.
  if (filters.tag || filters.segment) return TAG_COUNT_CAP;
  return EXACT_COUNT_CAP;
}
/** Phone logs a contact's history shows. */
const PHONE_LOG_LIMIT = 200;
const TIMEZONE_MESSAGE = "Time zone must be a time zone name such as America/New_York";

export type ContactServiceDeps = {
  db: Db;
  /** The database's own CSV writer (COPY), for the exports. */
  copyCsv: Database["copyCsv"];
  /** Rows per COPY statement (see composition.ts). */
  exportChunkRows: number;
  now?: () => Date;
};

/** Midnight today in the zone, as an instant. */
function startOfToday(at: Date, timeZone: string): Date {
  const z = new TZDate(at.getTime(), timeZone);
  return new Date(new TZDate(z.getFullYear(), z.getMonth(), z.getDate(), 0, 0, timeZone).getTime());
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * The plan's contact limit, checked inside the caller's transaction with the workspace's
 * contacts locked (two additions cannot both take the last place). Every path that adds
 * contacts calls it: the form here, the importer (server/features/contacts/import).
 */
export async function assertRoomForContacts(tx: Db, account: Account, adding: number): Promise<void> {
  const plan = planFor(account.planType);
  if (plan.contactLimit === UNLIMITED || adding <= 0) return;
  const repo = contactRepository(tx);
  await repo.lockCount(account.id);
  const count = await repo.count(account.id);
  if (count + adding > plan.contactLimit) throw new LimitReached(contactLimitRefusal(plan));
}

/** Contacts, per workspace ("Contact (lead side)"): the rules; SQL is the repository's. */
export function contactService(deps: ContactServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const repo = contactRepository(db);

  function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(work);
  }

  /** A zone to record; an empty one clears it (the number's own zone applies again). */
  function checkTimezone(value: string | null | undefined): string | null | undefined {
    if (value === undefined) return undefined;
    if (value === null || value === "") return null;
    if (!isTimeZone(value))
      throw new Invalid(TIMEZONE_MESSAGE, [{ path: "timezone", message: TIMEZONE_MESSAGE }]);
    return value;
  }

  /** The validated fields as columns; the phone number is read again whenever it is sent. */
  function columnsOf(account: Account, input: ContactChange): ContactFields {
    const fields: ContactFields = {};
    const copy = <K extends keyof ContactChange & keyof ContactFields>(key: K) => {
      if (input[key] !== undefined) fields[key] = input[key] as ContactFields[K];
    };
    for (const key of [
      "name",
      "email",
      "company",
      "notes",
      "preferredContactMethod",
      "mailingAddress",
      "address",
      "website",
      "industry",
      "businessType",
      "tags",
      "isFavorite",
      "doNotCall",
      "leadSource",
      "leadScore",
      "contactStatus",
      "preferredContactTime",
      "serpApiData",
      "campaignId",
    ] as const)
      copy(key);
    if (input.phoneNumber !== undefined) {
      fields.phoneNumber = input.phoneNumber;
      fields.phoneE164 = normalizePhone(input.phoneNumber, account.defaultCountry).e164;
      // A number typed that no one could hold (+1 000 000 0000, seven digits) is refused here
      // rather than kept undiallable; clearing the box (blank) still removes the number.
      if (input.phoneNumber?.trim() && !fields.phoneE164)
        throw new Invalid(INVALID_PHONE, [{ path: "phoneNumber", message: INVALID_PHONE }]);
    }
    const timezone = checkTimezone(input.timezone);
    if (timezone !== undefined) fields.timezone = timezone;
    if (input.aiVoiceConsent !== undefined) fields.aiVoiceConsentAt = input.aiVoiceConsent ? now() : null;
    return fields;
  }

  /**
   * Keeps the list in step with a contact's flag: flagged adds its number (source "contact");
   * unflagged, or a new number, takes the old one off only if the flag put it there and no other
   * flagged contact has it.
   */
  async function syncDoNotCall(
    tx: Db,
    account: Account,
    before: Pick<ContactRow, "id" | "doNotCall" | "phoneE164" | "phoneNumber"> | null,
    after: ContactRow,
  ): Promise<void> {
    const list = doNotCallRepository(tx);
    if (after.doNotCall && after.phoneE164)
      await list.add(
        account.id,
        [{ phoneE164: after.phoneE164, phoneNumber: after.phoneNumber ?? after.phoneE164 }],
        "contact",
        account.actor?.id ?? null,
      );
    const old = before?.doNotCall ? before.phoneE164 : null;
    if (old && (!after.doNotCall || old !== after.phoneE164)) {
      if (!(await contactRepository(tx).otherDoNotCallContact(account.id, old, after.id)))
        await list.removeContactEntry(account.id, old);
    }
  }

  /**
   * An export as CSV text: the rows a range of `exportChunkRows` at a time (keyset on
   * created_at, id, so each range is an index range scan), each written by the database.
   */
  async function* exportText(
    account: Account,
    filters: ContactFilters,
    cells: SQL[],
  ): AsyncGenerator<Uint8Array> {
    let after: ExportKey | null = null;
    for (;;) {
      const upTo = await repo.exportKeyAfter(account.id, filters, after, deps.exportChunkRows);
      yield* deps.copyCsv(
        repo.exportRangeQuery(account.id, filters, cells, after, upTo),
        exportSettings(account.timezone),
      );
      if (!upTo) return;
      after = upTo;
    }
  }

  function exportStream(account: Account, filters: ContactFilters, columns: ExportColumns): Readable {
    return copiedCsvFileStream(Object.keys(columns), exportText(account, filters, Object.values(columns)));
  }

  return {
    nameForNumber: (workspaceId: string, e164: string) => repo.nameForNumber(workspaceId, e164),
    /** The zones recorded on contacts with this number: the dial gate checks each with the number's. */
    recordedTimeZones: (workspaceId: string, e164: string) => repo.timeZonesForNumber(workspaceId, e164),
    /** Whether a contact with this number agreed to AI-voice calls (the dial gate asks). */
    hasAiVoiceConsent: (workspaceId: string, e164: string) => repo.hasAiVoiceConsent(workspaceId, e164),
    /** Which of these numbers (E.164) are contacts now interested, qualified or converted. */
    convertedNumbers: (workspaceId: string, e164s: string[]) =>
      repo.numbersWithStatus(workspaceId, e164s, ["interested", "qualified", "converted"]),
    /** Inserts the rows in batches in one transaction; answers how many went in. */
    insertMany: (workspaceId: string, rows: NewContact[]) => repo.insertContacts(workspaceId, rows),

    /** One page, and the total: exact up to EXACT_COUNT_CAP, the planner's estimate past it. */
    async list(
      account: Account,
      query: ContactFilters & { sort: ContactSort; page: number; limit: number },
    ): Promise<{ rows: ContactRow[]; total: number; estimated: boolean }> {
      const filters = { ...query, search: query.search || undefined, tag: query.tag || undefined };
      const cap = countCap(filters);
      const [rows, counted] = await Promise.all([
        repo.page(account.id, filters),
        repo.countUpTo(account.id, filters, cap),
      ]);
      if (counted <= cap) return { rows, total: counted, estimated: false };
      const estimate = await repo.estimate(account.id, filters);
      return { rows, total: Math.max(estimate, cap + 1), estimated: true };
    },

    /** Calls made to and conversions among groups of this workspace's contacts (lead campaigns'). */
    async callFigures(
      account: Account,
      groups: { group: string; contactId: string }[],
    ): Promise<Map<string, { called: number; converted: number }>> {
      const rows = await repo.callFigures(account.id, groups);
      return new Map(rows.map((row) => [row.group, { called: row.called, converted: row.converted }]));
    },

    /**
     * Another area's record on a contact (a satellite order's confirmation), in its transaction:
     * a line added to the contact's notes. Answers the contact's name and phone, or undefined.
     */
    noteIn: (tx: Db, workspaceId: string, contactId: string, line: string) =>
      contactRepository(tx).appendNote(workspaceId, contactId, line),

    async get(account: Account, id: string): Promise<ContactRow> {
      const row = await repo.get(account.id, id);
      if (!row) throw notFound("That contact");
      return row;
    },

    async create(account: Account, input: ContactInput): Promise<ContactRow> {
      const fields = columnsOf(account, input);
      return inTransaction(async (tx) => {
        await assertRoomForContacts(tx, account, 1);
        const row = await contactRepository(tx).insert(account.id, {
          ...fields,
          name: input.name,
          createdBy: account.actor?.id ?? null,
        });
        await syncDoNotCall(tx, account, null, row);
        return row;
      });
    },

    async update(account: Account, id: string, change: ContactChange): Promise<ContactRow> {
      const fields = columnsOf(account, change);
      return inTransaction(async (tx) => {
        const contacts = contactRepository(tx);
        const before = await contacts.getForUpdate(account.id, id);
        if (!before) throw notFound("That contact");
        const after = await contacts.update(account.id, id, fields);
        if (!after) throw notFound("That contact");
        await syncDoNotCall(tx, account, before, after);
        return after;
      });
    },

    /** A workspace being deleted, a piece at a time (its data's retention): phone logs, then contacts. */
    purgeSome: (workspaceId: string, limit: number) => repo.purgeSome(workspaceId, limit),

    /**
     * Deletes the contact and its phone logs' link to it. A number its do-not-call flag put on
     * the list stays there: a person who asked not to be called still should not be.
     */
    async remove(account: Account, id: string): Promise<void> {
      if (!(await repo.delete(account.id, id))) throw notFound("That contact");
    },

    /** "Contact stats"; today starts at midnight in the workspace's time zone. */
    async stats(account: Account): Promise<ContactStats> {
      const since = startOfToday(now(), account.timezone);
      // The workspace's counter row (kept by triggers) and the contacts called since midnight:
      // a pass over every contact took 0.3-0.6 s on PostgreSQL and 1.7 s on the embedded
      // database at a million.
      const counts = await repo.statsSums(account.id, since);
      return {
        totalContacts: counts.total,
        newContacts: counts.fresh,
        contactedToday: counts.contactedToday,
        conversionRate: counts.total === 0 ? 0 : oneDecimal((counts.converted / counts.total) * 100),
        avgLeadScore: counts.total === 0 ? 0 : oneDecimal(counts.scoreSum / counts.total),
        contactLimit: planFor(account.planType).contactLimit,
      };
    },

    /** Every contact (or those the filters keep) as CSV, oldest first, in constant memory. */
    exportContacts: (account: Account, filters: ContactFilters) =>
      exportStream(account, filters, contactColumns()),
    /** The lead side's columns. */
    exportLeads: (account: Account, filters: ContactFilters) => exportStream(account, filters, leadColumns()),

    async phoneLogs(account: Account, id: string) {
      if (!(await repo.get(account.id, id))) throw notFound("That contact");
      return repo.phoneLogs(account.id, id, PHONE_LOG_LIMIT);
    },

    /** A dial went out: the contact's call counters and a phone log of it. */
    recordDial: (
      account: Account,
      contactId: string,
      log: { callId: string; phoneNumber: string; notes: string | null },
    ) => repo.recordDial(account.id, contactId, { ...log, createdBy: account.actor?.id ?? null, at: now() }),

    /**
     * The embedded database's housekeeping (server/jobs/kinds/housekeeping.ts, contacts.vacuum):
     * VACUUM (ANALYZE) of every workspace's contacts; answers how long it took in milliseconds.
     */
    async vacuum(): Promise<number> {
      const started = performance.now();
      await repo.vacuum();
      return Math.round(performance.now() - started);
    },

    /** The workspace's default country, for reading a number someone typed. */
    normalize: (account: Account, raw: string | null | undefined) =>
      normalizePhone(raw, account.defaultCountry),
  };
}

export type ContactService = ReturnType<typeof contactService>;
export type { ContactRepository };
