import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { ContactSort, ContactStatus, LeadSource } from "../../../common/contacts";
import type { SegmentFilter } from "../../../common/segments";
import type { BoundQuery, Db } from "../../db/client";
import { advisoryLock } from "../../db/locks";
import { contactCounts, contactListMembers, contacts, phoneLogs } from "../../db/schema";
import { inTimeZones } from "./zone-filter";

export type ContactRow = typeof contacts.$inferSelect;
export type NewContact = Omit<
  typeof contacts.$inferInsert,
  "id" | "workspaceId" | "createdAt" | "updatedAt" | "searchText"
>;
export type ContactFields = Partial<NewContact>;
export type PhoneLogRow = typeof phoneLogs.$inferSelect;

/** What a list, a count or an export is narrowed by (GET /api/contacts' filters). */
export type ContactFilters = {
  search?: string | undefined;
  status?: ContactStatus | undefined;
  source?: LeadSource | undefined;
  tag?: string | undefined;
  favorite?: boolean | undefined;
  hasPhone?: boolean | undefined;
  doNotCall?: boolean | undefined;
  /** A saved segment's contacts, resolved by the service (segments.ts). */
  segment?: SegmentScope | undefined;
  /** Contacts picked one by one (a bulk selection). */
  ids?: string[] | undefined;
};

/**
 * A segment as a condition: a filter segment's filter (common/segments SegmentFilter, as
 * stored), or a list's members.
 */
export type SegmentScope =
  | { kind: "filter"; filter: SegmentFilter }
  | { kind: "list"; segmentId: string; workspaceId: string };

/** The contact stats' counts, and the lead scores' sum (the mean is taken from it). */
export type StatsSums = {
  total: number;
  fresh: number;
  contactedToday: number;
  converted: number;
  scoreSum: number;
};

/** PostgreSQL takes at most 65,535 parameters a statement: contacts go in batches. */
const BATCH = 500;

/** LIKE's own characters in a search term are matched as themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A term made only of digits and phone punctuation, with 3 digits or more, also matches by its digits. */
const PHONE_LIKE = /^[\d\s()+.\-/]+$/;

function searchCondition(term: string): SQL {
  const lowered = term.toLowerCase();
  // search_text is lower-cased when stored, so the pattern is too (by the same lower()) and a
  // plain LIKE does: ILIKE folds the case of every row it reads, about 2.5 times the cost on the
  // embedded engine (a common name read 23,000 rows for its capped count: 46 ms against 18 ms).
  const like = (text: string) => sql`${contacts.searchText} like lower(${`%${escapeLike(text)}%`})`;
  const digits = lowered.replace(/\D/g, "");
  if (PHONE_LIKE.test(lowered) && digits.length >= 3 && digits !== lowered)
    return sql`(${like(lowered)} or ${like(digits)})`;
  return like(lowered);
}

/** The tags index's condition (schema/contacts.ts), said again so the planner proves it applies. */
const TAGGED = sql`${contacts.tags} <> '{}'::text[]`;

/**
 * Every condition is a bound parameter; the search goes through the trigram index on search_text.
 * `tagIndex` false leaves out the tag filter's repeat of the tags index's condition: the
 * planner takes the two as independent and multiplies their shares (vip: 5% of contacts, all of
 * them tagged, estimated as 5% of the 55% tagged, half the real count), so the estimate of how
 * many match is asked without it.
 */
export function contactWhere(workspaceId: string, filters: ContactFilters, tagIndex = true): SQL {
  return and(
    eq(contacts.workspaceId, workspaceId),
    filters.segment ? segmentCondition(filters.segment, tagIndex) : undefined,
    filters.ids ? sql`${contacts.id} = any(${sql.param(filters.ids)}::uuid[])` : undefined,
    filters.search ? searchCondition(filters.search) : undefined,
    filters.status ? eq(contacts.contactStatus, filters.status) : undefined,
    filters.source ? eq(contacts.leadSource, filters.source) : undefined,
    filters.tag ? and(arrayContains(contacts.tags, [filters.tag]), tagIndex ? TAGGED : undefined) : undefined,
    filters.favorite === undefined ? undefined : eq(contacts.isFavorite, filters.favorite),
    filters.hasPhone === undefined
      ? undefined
      : filters.hasPhone
        ? isNotNull(contacts.phoneNumber)
        : isNull(contacts.phoneNumber),
    filters.doNotCall === undefined ? undefined : eq(contacts.doNotCall, filters.doNotCall),
  ) as SQL;
}

const hasEmail = sql`(${contacts.email} is not null and ${contacts.email} <> '')`;

/** A saved segment's condition (a list: its members; a filter: every field it sets, together). */
function segmentCondition(scope: SegmentScope, tagIndex: boolean): SQL {
  if (scope.kind === "list")
    return sql`exists (select 1 from ${contactListMembers} where ${contactListMembers.segmentId} = ${scope.segmentId}::uuid and ${contactListMembers.workspaceId} = ${scope.workspaceId}::uuid and ${contactListMembers.contactId} = ${contacts.id})`;
  const filter = scope.filter;
  const tags = filter.tags?.length ? filter.tags : undefined;
  const yes = (value: boolean | undefined, when: SQL) =>
    value === undefined ? undefined : value ? when : sql`not ${when}`;
  return (and(
    filter.search ? searchCondition(filter.search) : undefined,
    tags
      ? and(
          filter.tagsMatch === "all"
            ? arrayContains(contacts.tags, tags)
            : arrayOverlaps(contacts.tags, tags),
          tagIndex ? TAGGED : undefined,
        )
      : undefined,
    filter.statuses?.length ? inArray(contacts.contactStatus, filter.statuses) : undefined,
    filter.sources?.length ? inArray(contacts.leadSource, filter.sources) : undefined,
    filter.leadScoreMin === undefined ? undefined : gte(contacts.leadScore, filter.leadScoreMin),
    filter.leadScoreMax === undefined ? undefined : lte(contacts.leadScore, filter.leadScoreMax),
    filter.lastCalledAfter ? gte(contacts.lastCalled, new Date(filter.lastCalledAfter)) : undefined,
    filter.lastCalledBefore ? lt(contacts.lastCalled, new Date(filter.lastCalledBefore)) : undefined,
    filter.neverCalled === undefined
      ? undefined
      : filter.neverCalled
        ? isNull(contacts.lastCalled)
        : isNotNull(contacts.lastCalled),
    filter.timezones?.length ? inTimeZones(filter.timezones) : undefined,
    filter.favorite === undefined ? undefined : eq(contacts.isFavorite, filter.favorite),
    yes(filter.hasPhone, sql`(${contacts.phoneNumber} is not null)`),
    yes(filter.hasEmail, hasEmail),
    filter.doNotCall === undefined ? undefined : eq(contacts.doNotCall, filter.doNotCall),
  ) ?? sql`true`) as SQL;
}

/** Descending with nulls last: the order the sort indexes are built in (see schema/contacts.ts). */
const latestFirst = (column: AnyPgColumn) => sql`${column} desc nulls last`;

/**
 * Each sort's keys, ending with the id so pages never repeat or skip a row. The descending
 * sorts say "nulls last" as their indexes do: PostgreSQL matches an index to ORDER BY only when
 * the null placement agrees too (plain DESC means nulls first), even on a column with no nulls.
 */
function sortOrder(sort: ContactSort): SQL[] {
  switch (sort) {
    case "newest":
      return [desc(contacts.createdAt), desc(contacts.id)];
    case "oldest":
      return [asc(contacts.createdAt), asc(contacts.id)];
    case "name":
      return [asc(contacts.name), asc(contacts.id)];
    case "lastCalled":
      return [latestFirst(contacts.lastCalled), latestFirst(contacts.id)];
    case "leadScore":
      return [latestFirst(contacts.leadScore), latestFirst(contacts.id)];
    case "updated":
      return [latestFirst(contacts.updatedAt), latestFirst(contacts.id)];
  }
}

/** A place in the export's order (created_at, then id), as the database writes them. */
export type ExportKey = { created: string; id: string };

const exportAfter = (after: ExportKey | null): SQL | undefined =>
  after
    ? sql`(${contacts.createdAt}, ${contacts.id}) > (${after.created}::timestamptz, ${after.id}::uuid)`
    : undefined;

/** The contacts table and its phone logs: this area's alone. */
export function contactRepository(db: Db) {
  return {
    /** Adds a line to a contact's notes (an order another area made for them); undefined: no such contact. */
    async appendNote(
      workspaceId: string,
      id: string,
      line: string,
    ): Promise<{ name: string; phoneNumber: string | null; email: string | null } | undefined> {
      const [row] = await db
        .update(contacts)
        .set({
          notes: sql`case when coalesce(${contacts.notes}, '') = '' then ${line} else ${contacts.notes} || E'\n' || ${line} end`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, id)))
        .returning({ name: contacts.name, phoneNumber: contacts.phoneNumber, email: contacts.email });
      return row;
    },

    /** A contact's name for a number in E.164, or null: the engine never files a contact as spam. */
    /** Which of these numbers belong to a contact whose status is one of `statuses`. */
    async numbersWithStatus(workspaceId: string, e164s: string[], statuses: string[]): Promise<string[]> {
      if (e164s.length === 0) return [];
      const rows = await db
        .selectDistinct({ phone: contacts.phoneE164 })
        .from(contacts)
        .where(
          and(
            eq(contacts.workspaceId, workspaceId),
            inArray(contacts.phoneE164, e164s),
            inArray(contacts.contactStatus, statuses),
          ),
        );
      return rows.flatMap((row) => (row.phone ? [row.phone] : []));
    },

    async nameForNumber(workspaceId: string, e164: string): Promise<string | null> {
      const [contact] = await db
        .select({ name: contacts.name })
        .from(contacts)
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.phoneE164, e164)))
        // Two contacts with one number: the one edited last is the name people expect.
        .orderBy(desc(contacts.updatedAt))
        .limit(1);
      return contact?.name ?? null;
    },

    /** Whether a contact of the workspace with this number agreed to AI-voice calls. */
    async hasAiVoiceConsent(workspaceId: string, e164: string): Promise<boolean> {
      const [row] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          and(
            eq(contacts.workspaceId, workspaceId),
            eq(contacts.phoneE164, e164),
            isNotNull(contacts.aiVoiceConsentAt),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** The time zones of the workspace's contacts with this number (usually one contact, one zone). */
    async timeZonesForNumber(workspaceId: string, e164: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ zone: contacts.timezone })
        .from(contacts)
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.phoneE164, e164)));
      return rows.map((row) => row.zone).filter((zone): zone is string => zone !== null);
    },

    async insertContacts(workspaceId: string, rows: NewContact[]): Promise<number> {
      if (rows.length === 0) return 0;
      return db.transaction(async (tx) => {
        let count = 0;
        for (let i = 0; i < rows.length; i += BATCH) {
          const inserted = await tx
            .insert(contacts)
            .values(rows.slice(i, i + BATCH).map((row) => ({ ...row, workspaceId })))
            .returning({ id: contacts.id });
          count += inserted.length;
        }
        return count;
      });
    },

    /**
     * Serialises everything that adds contacts to one workspace until the transaction ends, so
     * two additions cannot both find room under the plan's limit and both take it. The importer
     * takes the same lock.
     */
    async lockCount(workspaceId: string): Promise<void> {
      await advisoryLock(db, "contacts", workspaceId);
    },

    async count(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(contacts)
        .where(eq(contacts.workspaceId, workspaceId));
      return row?.n ?? 0;
    },

    /**
     * One page: the page's ids first, then their rows. Picking the ids reads only what the
     * filters and the sort need, so an index holding those columns answers it alone (the small
     * sets' partial indexes, schema/contacts.ts; the sort indexes without a filter); selecting
     * every column at once would visit the table for every contact a sort index passes.
     */
    async page(
      workspaceId: string,
      options: ContactFilters & { sort: ContactSort; page: number; limit: number },
    ): Promise<ContactRow[]> {
      const order = sortOrder(options.sort);
      const ids = db
        .select({ id: contacts.id })
        .from(contacts)
        .where(contactWhere(workspaceId, options))
        .orderBy(...order)
        .limit(options.limit)
        .offset((options.page - 1) * options.limit);
      return db
        .select()
        .from(contacts)
        .where(and(eq(contacts.workspaceId, workspaceId), inArray(contacts.id, ids)))
        .orderBy(...order);
    },

    /**
     * How many match, counting no further than `cap` + 1: a count over a million rows reads them
     * all, while this reads at most cap + 1 index entries.
     */
    async countUpTo(workspaceId: string, filters: ContactFilters, cap: number): Promise<number> {
      const inner = db
        .select({ one: sql`1` })
        .from(contacts)
        .where(contactWhere(workspaceId, filters))
        .limit(cap + 1)
        .as("matched");
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
      return row?.n ?? 0;
    },

    /** The planner's estimate of how many match (EXPLAIN, nothing read): for counts past the cap. */
    async estimate(workspaceId: string, filters: ContactFilters): Promise<number> {
      const query = db
        .select({ id: contacts.id })
        .from(contacts)
        .where(contactWhere(workspaceId, filters, false));
      const result = (await db.execute(sql`explain (format json) ${query}`)) as unknown as {
        rows: Record<string, unknown>[];
      };
      const cell = result.rows[0] ? Object.values(result.rows[0])[0] : undefined;
      const plan = (typeof cell === "string" ? JSON.parse(cell) : cell) as
        | { Plan?: { "Plan Rows"?: number } }[]
        | undefined;
      return Math.round(plan?.[0]?.Plan?.["Plan Rows"] ?? 0);
    },

    async get(workspaceId: string, id: string): Promise<ContactRow | undefined> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, id)));
      return row;
    },

    /** The row, locked until the transaction ends (an edit reads then writes it). */
    async getForUpdate(workspaceId: string, id: string): Promise<ContactRow | undefined> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, id)))
        .for("update");
      return row;
    },

    async insert(workspaceId: string, fields: NewContact): Promise<ContactRow> {
      const [row] = await db
        .insert(contacts)
        .values({ ...fields, workspaceId })
        .returning();
      if (!row) throw new Error("insert returned no contact");
      return row;
    },

    async update(workspaceId: string, id: string, fields: ContactFields): Promise<ContactRow | undefined> {
      const [row] = await db
        .update(contacts)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, id)))
        .returning();
      return row;
    },

    async delete(workspaceId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(contacts)
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, id)))
        .returning({ id: contacts.id });
      return deleted.length > 0;
    },

    /**
     * A workspace being deleted, a piece at a time: up to `limit` of its phone log entries, or
     * once those are gone up to `limit` of its contacts. Answers how many went (0: none left).
     */
    async purgeSome(workspaceId: string, limit: number): Promise<number> {
      const logs = await db
        .delete(phoneLogs)
        .where(
          inArray(
            phoneLogs.id,
            db
              .select({ id: phoneLogs.id })
              .from(phoneLogs)
              .where(eq(phoneLogs.workspaceId, workspaceId))
              .limit(limit),
          ),
        )
        .returning({ id: phoneLogs.id });
      if (logs.length > 0) return logs.length;
      const gone = await db
        .delete(contacts)
        .where(
          inArray(
            contacts.id,
            db
              .select({ id: contacts.id })
              .from(contacts)
              .where(eq(contacts.workspaceId, workspaceId))
              .limit(limit),
          ),
        )
        .returning({ id: contacts.id });
      return gone.length;
    },

    /** Whether another contact of the workspace with this number is marked do-not-call. */
    async otherDoNotCallContact(workspaceId: string, e164: string, exceptId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          and(
            eq(contacts.workspaceId, workspaceId),
            eq(contacts.phoneE164, e164),
            eq(contacts.doNotCall, true),
            ne(contacts.id, exceptId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** Whether a contact of the workspace with this number is marked do-not-call. */
    async doNotCallContact(workspaceId: string, e164: string): Promise<boolean> {
      const [row] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          and(
            eq(contacts.workspaceId, workspaceId),
            eq(contacts.phoneE164, e164),
            eq(contacts.doNotCall, true),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /**
     * Per group of contact ids (a lead campaign's contacts, say): how many were called and how
     * many converted. One statement: the groups arrive as two bound arrays, unnested in pairs.
     */
    async callFigures(
      workspaceId: string,
      groups: { group: string; contactId: string }[],
    ): Promise<{ group: string; called: number; converted: number }[]> {
      if (groups.length === 0) return [];
      const result = await db.execute(sql`
        select g.grp as "group",
               count(*) filter (where ${contacts.callCount} > 0)::int as called,
               count(*) filter (where ${contacts.contactStatus} = 'converted')::int as converted
        from unnest(${sql.param(groups.map((g) => g.group))}::text[], ${sql.param(groups.map((g) => g.contactId))}::uuid[]) as g(grp, id)
        join ${contacts} on ${contacts.id} = g.id and ${contacts.workspaceId} = ${workspaceId}
        group by g.grp`);
      return (result as unknown as { rows: { group: string; called: number; converted: number }[] }).rows;
    },

    /**
     * "Contact stats": the counts that do not depend on the day from the workspace's
     * contact_counts row (kept by triggers on every write), and "contacted today" from the two
     * small index ranges of contacts called or attempted since midnight.
     */
    async statsSums(workspaceId: string, since: Date): Promise<StatsSums> {
      const [[kept], [today]] = await Promise.all([
        db
          .select({
            total: contactCounts.total,
            fresh: contactCounts.fresh,
            converted: contactCounts.converted,
            scoreSum: contactCounts.scoreSum,
          })
          .from(contactCounts)
          .where(eq(contactCounts.workspaceId, workspaceId)),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(contacts)
          .where(
            and(
              eq(contacts.workspaceId, workspaceId),
              or(gte(contacts.lastCalled, since), gte(contacts.lastContactAttempt, since)),
            ),
          ),
      ]);
      return {
        total: kept?.total ?? 0,
        fresh: kept?.fresh ?? 0,
        contactedToday: today?.n ?? 0,
        converted: kept?.converted ?? 0,
        scoreSum: kept?.scoreSum ?? 0,
      };
    },

    /**
     * VACUUM (ANALYZE) of the contacts table and the area's tables written in bulk: sets the
     * visibility map (index-only counts), merges the search index's pending entries and refreshes
     * the planner's statistics. Not in a transaction (VACUUM cannot run in one).
     */
    async vacuum(): Promise<void> {
      // The do-not-call list and the bulk actions' tables change in bulk too (a bulk mark lists
      // a number per contact; its undo rows come and go by the hundred thousand). One table a
      // statement: on the embedded database each holds the event loop, so holds do not add up.
      for (const table of ["contacts", "do_not_call_numbers", "contact_bulk_undo", "contact_list_members"])
        await db.execute(sql.raw(`vacuum (analyze) ${table}`));
    },

    /** A dial placed: the contact's call counters and a phone log, together. */
    async recordDial(
      workspaceId: string,
      contactId: string,
      log: { callId: string; phoneNumber: string; createdBy: string | null; at: Date; notes: string | null },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(contacts)
          .set({
            lastCalled: log.at,
            lastContactAttempt: log.at,
            callCount: sql`${contacts.callCount} + 1`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, contactId)));
        await tx.insert(phoneLogs).values({
          workspaceId,
          contactId,
          callId: log.callId,
          createdBy: log.createdBy,
          phoneNumber: log.phoneNumber,
          direction: "outbound",
          timestamp: log.at,
          callType: "dial",
          notes: log.notes,
        });
      });
    },

    async phoneLogs(workspaceId: string, contactId: string, limit: number): Promise<PhoneLogRow[]> {
      return db
        .select()
        .from(phoneLogs)
        .where(and(eq(phoneLogs.workspaceId, workspaceId), eq(phoneLogs.contactId, contactId)))
        .orderBy(desc(phoneLogs.timestamp), desc(phoneLogs.id))
        .limit(limit);
    },

    /**
     * The key (created_at, id) of the `rows`-th contact after `after` in the export's order, oldest
     * first; null when fewer are left. The export copies one such range at a time.
     */
    async exportKeyAfter(
      workspaceId: string,
      filters: ContactFilters,
      after: ExportKey | null,
      rows: number,
    ): Promise<ExportKey | null> {
      const range = db
        .select({ created: contacts.createdAt, id: contacts.id })
        .from(contacts)
        .where(and(contactWhere(workspaceId, filters), exportAfter(after)))
        .orderBy(asc(contacts.createdAt), asc(contacts.id))
        .offset(rows - 1)
        .limit(1)
        .as("range_end");
      // Keys travel as text: a JavaScript Date would drop the microseconds and repeat rows. Cast
      // outside the skip, or every skipped row would be cast too.
      const [key] = await db
        .select({ created: sql<string>`${range.created}::text`, id: sql<string>`${range.id}::text` })
        .from(range);
      return key ?? null;
    },

    /**
     * The export's cells (one SQL expression per column) for the contacts after `after` up to and
     * including `upTo` (to the end when null), oldest first, as one bound query for COPY.
     */
    exportRangeQuery(
      workspaceId: string,
      filters: ContactFilters,
      cells: SQL[],
      after: ExportKey | null,
      upTo: ExportKey | null,
    ): BoundQuery {
      const upToKey = upTo
        ? sql`(${contacts.createdAt}, ${contacts.id}) <= (${upTo.created}::timestamptz, ${upTo.id}::uuid)`
        : undefined;
      return db
        .select(Object.fromEntries(cells.map((cell, i) => [`c${i}`, cell])))
        .from(contacts)
        .where(and(contactWhere(workspaceId, filters), exportAfter(after), upToKey))
        .orderBy(asc(contacts.createdAt), asc(contacts.id))
        .toSQL();
    },
  };
}

export type ContactRepository = ReturnType<typeof contactRepository>;
