import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import {
  type CallListParams,
  type CallOutcomeFilter,
  CLASSIFICATIONS,
  type TestCallChoice,
} from "../../../common/calls";
import type { BoundQuery, Db } from "../../db/client";
import { blockedNumbers, callCounts, calls } from "../../db/schema";
import { EXPORT_HEADERS, exportColumns } from "./export";

export type CallRow = typeof calls.$inferSelect;
export type NewCall = Omit<typeof calls.$inferInsert, "id" | "workspaceId" | "createdAt">;
export type CallPatch = Partial<Omit<typeof calls.$inferInsert, "id" | "workspaceId" | "createdAt">>;

type ExportOptions = Pick<
  ListOptions,
  "filter" | "outcome" | "search" | "sortBy" | "sortOrder" | "testCalls"
>;

type ListOptions = Pick<CallListParams, "page" | "limit" | "filter" | "sortBy" | "sortOrder"> & {
  /** One outcome, the calls with none, or every call (the default). */
  outcome?: CallOutcomeFilter | undefined;
  search?: string | undefined;
  active?: boolean | undefined;
  /** Test calls too (the default), none of them, or only them. */
  testCalls?: TestCallChoice | undefined;
};

/** The condition on an is_test column for a list's test-call choice (undefined: every call). */
function testCallCondition(column: typeof calls.isTest | typeof callCounts.isTest, choice?: TestCallChoice) {
  if (choice === "exclude") return eq(column, false);
  if (choice === "only") return eq(column, true);
  return undefined;
}

/** The condition on calls.disposition for an outcome filter (undefined: every call). */
function outcomeCondition(outcome?: CallOutcomeFilter): SQL | undefined {
  if (outcome === undefined || outcome === "all") return undefined;
  if (outcome === "none") return isNull(calls.disposition);
  return eq(calls.disposition, outcome);
}

/** A search or an outcome filter counts at most this many matches (see countQuery). */
export const SEARCH_COUNT_CAP = 500;

const SORT_COLUMNS = {
  createdAt: calls.createdAt,
  duration: calls.duration,
  importance: calls.importance,
} as const;

/**
 * The SQL type each sort key is cast to when its last value comes back as text. The only text
 * ever put into SQL with sql.raw: it comes from this fixed list, never from a request.
 */
const KEY_TYPES = new Map<unknown, "timestamptz" | "uuid" | "integer">([
  [calls.createdAt, "timestamptz"],
  [calls.id, "uuid"],
  [calls.duration, "integer"],
  [calls.importance, "integer"],
]);

/** The full ordering for a sort: ties broken by time, then id, so pages never overlap. */
function sortKeys(sortBy: keyof typeof SORT_COLUMNS) {
  return sortBy === "createdAt"
    ? [calls.createdAt, calls.id]
    : [SORT_COLUMNS[sortBy], calls.createdAt, calls.id];
}

/** Whether a list's count looks at the calls themselves (and so stops at SEARCH_COUNT_CAP). */
export function isCappedCount(options: {
  search?: string | undefined;
  outcome?: CallOutcomeFilter | undefined;
}) {
  return Boolean(options.search) || outcomeCondition(options.outcome) !== undefined;
}

export function callRepository(db: Db) {
  function listWhere(
    workspaceId: string,
    options: Pick<ListOptions, "filter" | "outcome" | "search" | "active" | "testCalls">,
  ): SQL {
    const conditions: SQL[] = [eq(calls.workspaceId, workspaceId)];
    if (options.filter !== "all") conditions.push(eq(calls.classification, options.filter));
    const outcome = outcomeCondition(options.outcome);
    if (outcome) conditions.push(outcome);
    if (options.active !== undefined) conditions.push(eq(calls.isActive, options.active));
    const tests = testCallCondition(calls.isTest, options.testCalls);
    if (tests) conditions.push(tests);
    if (options.search) {
      const term = options.search.toLowerCase();
      const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // The six classes are known words: match them here, so the database runs only the
      // trigram-indexed substring searches plus an indexed equality.
      const classes = CLASSIFICATIONS.filter((label) => label.includes(term));
      const matches: SQL[] = [ilike(calls.phoneNumber, pattern), ilike(calls.callerName, pattern)];
      if (classes.length) matches.push(inArray(calls.classification, classes));
      // Digits typed with spaces or dashes ("555 123") still find "+1555123...".
      const digits = term.replace(/\D/g, "");
      if (digits.length >= 3 && digits !== term) matches.push(ilike(calls.phoneNumber, `%${digits}%`));
      conditions.push(or(...matches) as SQL);
    }
    return and(...conditions) as SQL;
  }

  /** The page and count queries behind list(), unexecuted (the bench runs the same SQL bare). */
  function listQueries(workspaceId: string, options: ListOptions) {
    const where = listWhere(workspaceId, options);
    const order = options.sortOrder === "asc" ? asc : desc;
    return {
      page: db
        .select()
        .from(calls)
        .where(where)
        .orderBy(...sortKeys(options.sortBy).map((column) => order(column)))
        .limit(options.limit)
        .offset((options.page - 1) * options.limit),
      count: countQuery(workspaceId, options, where),
    };
  }

  /**
   * How many calls match. Without a search or an outcome, from the trigger-kept counters (a few
   * rows, however many calls). A substring search or an outcome (the counters do not keep it)
   * has to look at the calls, so it counts at most SEARCH_COUNT_CAP of them: a page of results
   * stays fast even when "5" matches everything.
   */
  function countQuery(workspaceId: string, options: ListOptions, where: SQL) {
    if (!isCappedCount(options)) {
      const conditions: SQL[] = [eq(callCounts.workspaceId, workspaceId)];
      if (options.filter !== "all") conditions.push(eq(callCounts.classification, options.filter));
      if (options.active !== undefined) conditions.push(eq(callCounts.isActive, options.active));
      const tests = testCallCondition(callCounts.isTest, options.testCalls);
      if (tests) conditions.push(tests);
      return db
        .select({ n: sql<number>`coalesce(sum(${callCounts.n}), 0)::int` })
        .from(callCounts)
        .where(and(...conditions));
    }
    const matching = db
      .select({ one: sql`1` })
      .from(calls)
      .where(where)
      .limit(SEARCH_COUNT_CAP + 1)
      .as("matching");
    return db.select({ n: sql<number>`count(*)::int` }).from(matching);
  }

  /** The history's summary cards, from the counters: real calls only, and how many test calls there are. */
  function summaryQuery(workspaceId: string) {
    const real = sql`not ${callCounts.isTest}`;
    const ended = sql`${real} and not ${callCounts.isActive}`;
    return db
      .select({
        totalCalls: sql<number>`coalesce(sum(${callCounts.n}) filter (where ${real}), 0)::int`,
        spamBlocked: sql<number>`coalesce(sum(${callCounts.n}) filter (where ${real} and ${callCounts.status} = 'blocked'), 0)::int`,
        appointmentsScheduled: sql<number>`coalesce(sum(${callCounts.n}) filter (where ${real} and ${callCounts.classification} = 'appointment'), 0)::int`,
        supportResolved: sql<number>`coalesce(sum(${callCounts.n}) filter (where ${callCounts.classification} = 'support' and ${ended}), 0)::int`,
        averageDuration: sql<number>`coalesce(round(sum(${callCounts.durationSum}) filter (where ${ended})::numeric / nullif(sum(${callCounts.n}) filter (where ${ended}), 0)), 0)::int`,
        testCalls: sql<number>`coalesce(sum(${callCounts.n}) filter (where ${callCounts.isTest}), 0)::int`,
      })
      .from(callCounts)
      .where(eq(callCounts.workspaceId, workspaceId));
  }

  return {
    listQueries,
    summaryQuery,

    async insert(workspaceId: string, values: NewCall): Promise<CallRow> {
      const [row] = await db
        .insert(calls)
        .values({ ...values, workspaceId })
        .returning();
      if (!row) throw new Error("insert returned no call");
      return row;
    },

    async get(workspaceId: string, id: string): Promise<CallRow | undefined> {
      const [row] = await db
        .select()
        .from(calls)
        .where(and(eq(calls.workspaceId, workspaceId), eq(calls.id, id)));
      return row;
    },

    /**
     * The call with its row version (PostgreSQL's xmin: it changes with every write), for a turn
     * that writes back only if nobody else wrote in between (updateIfUnchanged).
     */
    async getWithVersion(
      workspaceId: string,
      id: string,
    ): Promise<{ row: CallRow; version: string } | undefined> {
      const [found] = await db
        .select({ row: calls, version: sql<string>`${calls}.xmin::text` })
        .from(calls)
        .where(and(eq(calls.workspaceId, workspaceId), eq(calls.id, id)));
      return found;
    },

    /** Writes the patch only if the call is still at `version`; undefined when someone wrote first. */
    async updateIfUnchanged(
      workspaceId: string,
      id: string,
      version: string,
      patch: CallPatch,
    ): Promise<CallRow | undefined> {
      const [row] = await db
        .update(calls)
        .set(patch)
        .where(
          and(eq(calls.workspaceId, workspaceId), eq(calls.id, id), sql`${calls}.xmin::text = ${version}`),
        )
        .returning();
      return row;
    },

    /** Reads the call and locks it until the transaction ends: turns on one call run one at a time. */
    async getForUpdate(workspaceId: string, id: string): Promise<CallRow | undefined> {
      const [row] = await db
        .select()
        .from(calls)
        .where(and(eq(calls.workspaceId, workspaceId), eq(calls.id, id)))
        .for("update");
      return row;
    },

    async update(workspaceId: string, id: string, patch: CallPatch): Promise<CallRow | undefined> {
      const [row] = await db
        .update(calls)
        .set(patch)
        .where(and(eq(calls.workspaceId, workspaceId), eq(calls.id, id)))
        .returning();
      return row;
    },

    /** The account's newest live call, or its newest live call of one type. */
    async latestActive(workspaceId: string, callType?: string): Promise<CallRow | undefined> {
      const [row] = await db
        .select()
        .from(calls)
        .where(
          and(
            eq(calls.workspaceId, workspaceId),
            eq(calls.isActive, true),
            callType === undefined ? undefined : eq(calls.callType, callType),
          ),
        )
        .orderBy(desc(calls.startTime))
        .limit(1);
      return row;
    },

    async list(workspaceId: string, options: ListOptions): Promise<{ rows: CallRow[]; total: number }> {
      const queries = listQueries(workspaceId, options);
      const [rows, [count]] = await Promise.all([queries.page, queries.count]);
      return { rows, total: count?.n ?? 0 };
    },

    /** The CSV export as one SELECT with bound parameters, for a cursor (see Database.streamRows). */
    exportQuery(workspaceId: string, options: ExportOptions, timeZone: string): BoundQuery {
      const columns = exportColumns(timeZone);
      const order = options.sortOrder === "asc" ? asc : desc;
      const query = db
        .select(
          Object.fromEntries(Object.entries(columns).map(([header, cell]) => [header, cell.as(header)])),
        )
        .from(calls)
        .where(listWhere(workspaceId, options))
        .orderBy(...sortKeys(options.sortBy).map((column) => order(column)));
      return query.toSQL();
    },

    /**
     * The CSV export's rows, a batch at a time, in constant memory: keyset pagination on the
     * sort keys, so every batch is an index range scan however deep into the history it is.
     */
    async *exportBatches(
      workspaceId: string,
      options: ExportOptions,
      timeZone: string,
      batchSize = 5000,
    ): AsyncGenerator<string[][]> {
      const columns = exportColumns(timeZone);
      const keys = sortKeys(options.sortBy);
      const order = options.sortOrder === "asc" ? asc : desc;
      const after = options.sortOrder === "asc" ? sql`>` : sql`<`;
      const where = listWhere(workspaceId, options);
      const fields = {
        ...Object.fromEntries(Object.entries(columns).map(([header, cell]) => [header, cell.as(header)])),
        // Keys travel as text: a JavaScript Date would drop the microseconds and repeat rows.
        ...Object.fromEntries(keys.map((column, i) => [`key${i}`, sql<string>`${column}::text`])),
      };
      let last: unknown[] | null = null;
      for (;;) {
        const position: SQL | undefined = last
          ? sql`(${sql.join(keys, sql`, `)}) ${after} (${sql.join(
              last.map((value, i) => sql`${value}::${sql.raw(KEY_TYPES.get(keys[i]!) ?? "text")}`),
              sql`, `,
            )})`
          : undefined;
        const batch = (await db
          .select(fields)
          .from(calls)
          .where(position ? and(where, position) : where)
          .orderBy(...keys.map((column) => order(column)))
          .limit(batchSize)) as Record<string, unknown>[];
        if (batch.length === 0) return;
        yield batch.map((row) => EXPORT_HEADERS.map((header) => String(row[header] ?? "")));
        if (batch.length < batchSize) return;
        const tail = batch[batch.length - 1]!;
        last = keys.map((_, i) => tail[`key${i}`]);
      }
    },

    async summary(workspaceId: string) {
      const [row] = await summaryQuery(workspaceId);
      return (
        row ?? {
          totalCalls: 0,
          spamBlocked: 0,
          appointmentsScheduled: 0,
          supportResolved: 0,
          averageDuration: 0,
          testCalls: 0,
        }
      );
    },

    /**
     * Today's figures for the dashboard; `since` is the start of today in the account's time zone.
     * Test calls are counted apart and in nothing else.
     */
    async statsSince(workspaceId: string, since: Date) {
      const real = sql`not ${calls.isTest}`;
      const [row] = await db
        .select({
          calls: sql<number>`count(*) filter (where ${real})::int`,
          spamBlocked: sql<number>`count(*) filter (where ${real} and ${calls.status} = 'blocked')::int`,
          ended: sql<number>`count(*) filter (where ${real} and not ${calls.isActive})::int`,
          handled: sql<number>`count(*) filter (where ${real} and not ${calls.isActive} and ${calls.status} in ('completed', 'blocked') and ${calls.actionTaken} <> '' and ${calls.actionTaken} <> 'Ended before the caller spoke')::int`,
          testCalls: sql<number>`count(*) filter (where ${calls.isTest})::int`,
        })
        .from(calls)
        .where(and(eq(calls.workspaceId, workspaceId), gte(calls.startTime, since)));
      return row ?? { calls: 0, spamBlocked: 0, ended: 0, handled: 0, testCalls: 0 };
    },

    /**
     * AI Studio's performance figures: the ended real calls started since
     * `since` (test calls left out), how many were handled to the end (as the dashboard's success
     * rate counts them), put through to a person, their mean length, and each classification's count.
     */
    async figuresSince(workspaceId: string, since: Date) {
      const ended = and(
        eq(calls.workspaceId, workspaceId),
        gte(calls.startTime, since),
        eq(calls.isActive, false),
        eq(calls.isTest, false),
      );
      const [totals] = await db
        .select({
          calls: sql<number>`count(*)::int`,
          handled: sql<number>`count(*) filter (where ${calls.status} in ('completed', 'blocked') and ${calls.actionTaken} <> '' and ${calls.actionTaken} <> 'Ended before the caller spoke')::int`,
          transferred: sql<number>`count(*) filter (where ${calls.transferredAt} is not null)::int`,
          // The enterprise dashboard's leads generated: a sales call, or one that needs a follow-up.
          leads: sql<number>`count(*) filter (where ${calls.classification} = 'sales' or ${calls.followUpRequired})::int`,
          averageDuration: sql<number | null>`avg(${calls.duration})::float8`,
        })
        .from(calls)
        .where(ended);
      const byClassification = await db
        .select({
          classification: sql<string>`coalesce(${calls.classification}, 'unclassified')`,
          calls: sql<number>`count(*)::int`,
        })
        .from(calls)
        .where(ended)
        .groupBy(sql`1`)
        .orderBy(sql`2 desc`, sql`1`);
      return {
        calls: totals?.calls ?? 0,
        handled: totals?.handled ?? 0,
        transferred: totals?.transferred ?? 0,
        leads: totals?.leads ?? 0,
        averageDuration: totals?.averageDuration ?? null,
        byClassification,
      };
    },

    /**
     * Deletes these calls of the account, all or none: answers how many of the ids are not the
     * account's (nothing deleted then) or still live (nothing deleted either). Appointments booked
     * on a deleted call stay, without their call (appointments.call_id is ON DELETE SET NULL);
     * the counters follow through the delete trigger.
     */
    async deleteMany(
      workspaceId: string,
      ids: string[],
    ): Promise<{ deleted: number; missing: number; live: number }> {
      const unique = [...new Set(ids)];
      const found = await db
        .select({ id: calls.id, isActive: calls.isActive })
        .from(calls)
        .where(and(eq(calls.workspaceId, workspaceId), inArray(calls.id, unique)))
        .for("update");
      const missing = unique.length - found.length;
      const live = found.filter((row) => row.isActive).length;
      if (missing > 0 || live > 0) return { deleted: 0, missing, live };
      const deleted = await db
        .delete(calls)
        .where(and(eq(calls.workspaceId, workspaceId), inArray(calls.id, unique)))
        .returning({ id: calls.id });
      return { deleted: deleted.length, missing: 0, live: 0 };
    },

    /** A workspace being deleted, a piece at a time: up to `limit` of its calls; answers how many went (0: none left). */
    async purgeSome(workspaceId: string, limit: number): Promise<number> {
      const gone = await db
        .delete(calls)
        .where(
          inArray(
            calls.id,
            db.select({ id: calls.id }).from(calls).where(eq(calls.workspaceId, workspaceId)).limit(limit),
          ),
        )
        .returning({ id: calls.id });
      return gone.length;
    },

    /** Deletes every ended test call of the account; live ones are kept and counted. */
    async deleteEndedTestCalls(workspaceId: string): Promise<{ deleted: number; stillLive: number }> {
      const deleted = await db
        .delete(calls)
        .where(and(eq(calls.workspaceId, workspaceId), eq(calls.isTest, true), eq(calls.isActive, false)))
        .returning({ id: calls.id });
      const [live] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(calls)
        .where(and(eq(calls.workspaceId, workspaceId), eq(calls.isTest, true), eq(calls.isActive, true)));
      return { deleted: deleted.length, stillLive: live?.n ?? 0 };
    },

    /**
     * Live calls, across every account, quiet since before `before`. A Twilio call is only
     * taken once it started before `carrierBefore` too: Twilio ends its own calls, so such a row
     * is one whose end never reached us. The oldest first, at most `limit`: the sweep runs again.
     */
    async idleLiveCalls(before: Date, carrierBefore: Date, limit: number) {
      return db
        .select({ id: calls.id, workspaceId: calls.workspaceId })
        .from(calls)
        .where(
          and(
            eq(calls.isActive, true),
            lt(calls.lastActivityAt, before),
            or(sql`${calls.callType} <> 'twilio'`, lt(calls.startTime, carrierBefore)),
          ),
        )
        .orderBy(calls.lastActivityAt)
        .limit(limit);
    },

    /**
     * Calls made before `before` whose recording is still referenced, across every workspace,
     * oldest first, after `cursor` (the recordings' retention sweep pages through them).
     */
    async recordingsBefore(
      before: Date,
      cursor: { at: string; id: string } | null,
      limit: number,
    ): Promise<{ id: string; workspaceId: string; recordingUrl: string; at: string }[]> {
      const rows = await db
        .select({
          id: calls.id,
          workspaceId: calls.workspaceId,
          recordingUrl: calls.recordingUrl,
          // The database's own text of the time: to the microsecond, unlike a Date (the cursor).
          at: sql<string>`${calls.createdAt}::text`,
        })
        .from(calls)
        .where(
          and(
            isNotNull(calls.recordingUrl),
            lt(calls.createdAt, before),
            cursor
              ? sql`(${calls.createdAt}, ${calls.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(calls.createdAt), asc(calls.id))
        .limit(limit);
      return rows.flatMap((row) => (row.recordingUrl ? [{ ...row, recordingUrl: row.recordingUrl }] : []));
    },

    /** Drops the recording's address from these calls (the transcript and the rest stay). */
    async forgetRecordings(ids: readonly string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .update(calls)
        .set({ recordingUrl: null })
        .where(and(inArray(calls.id, [...ids]), isNotNull(calls.recordingUrl)))
        .returning({ id: calls.id });
      return rows.length;
    },

    // --- carrier calls (telephony finds a webhook's call here, then proves the webhook) -----------

    /** A call by the carrier's SID, in any workspace: a webhook names only the SID. */
    async findByProviderSid(callSid: string): Promise<CallRow | undefined> {
      const [row] = await db.select().from(calls).where(eq(calls.providerCallSid, callSid));
      return row;
    },

    async findByDialKey(workspaceId: string, dialKey: string): Promise<CallRow | undefined> {
      const [row] = await db
        .select()
        .from(calls)
        .where(and(eq(calls.workspaceId, workspaceId), eq(calls.dialKey, dialKey)));
      return row;
    },

    /** A call by our id, in any workspace: the id is in a webhook's address. */
    async findAnyById(id: string): Promise<CallRow | undefined> {
      const [row] = await db.select().from(calls).where(eq(calls.id, id));
      return row;
    },

    /** Live calls of these types in every workspace (the platform's concurrent-call ceiling). */
    async countLiveEverywhere(callTypes: readonly string[]): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(calls)
        .where(and(eq(calls.isActive, true), inArray(calls.callType, [...callTypes])));
      return row?.n ?? 0;
    },

    /** Live calls started before this moment, in every workspace (the platform's call timeout). */
    async liveStartedBefore(before: Date, limit: number) {
      return db
        .select({ id: calls.id, workspaceId: calls.workspaceId })
        .from(calls)
        .where(and(eq(calls.isActive, true), lt(calls.startTime, before)))
        .orderBy(calls.startTime)
        .limit(limit);
    },

    /** Live calls of these types (the plan's concurrent-call limit counts phone calls). */
    async countLive(workspaceId: string, callTypes: readonly string[]): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(calls)
        .where(
          and(
            eq(calls.workspaceId, workspaceId),
            eq(calls.isActive, true),
            inArray(calls.callType, [...callTypes]),
          ),
        );
      return row?.n ?? 0;
    },

    /** Live calls of these types in every workspace (the simulator's, after a restart). */
    async liveOfTypesAnywhere(callTypes: readonly string[], limit: number) {
      return db
        .select({ id: calls.id, workspaceId: calls.workspaceId, providerCallSid: calls.providerCallSid })
        .from(calls)
        .where(and(eq(calls.isActive, true), inArray(calls.callType, [...callTypes])))
        .limit(limit);
    },

    /** Live calls that a carrier carries (Twilio, the simulator, system-test calls), newest first. */
    async liveCarrierCalls(workspaceId: string, limit = 200): Promise<CallRow[]> {
      return db
        .select()
        .from(calls)
        .where(
          and(eq(calls.workspaceId, workspaceId), eq(calls.isActive, true), isNotNull(calls.providerCallSid)),
        )
        .orderBy(desc(calls.startTime))
        .limit(limit);
    },

    /** The calls of one system-test run (their SIDs share the run's prefix). */
    async systemTestCalls(workspaceId: string, sidPrefix: string): Promise<CallRow[]> {
      return db
        .select()
        .from(calls)
        .where(
          and(
            eq(calls.workspaceId, workspaceId),
            eq(calls.callType, "system_test"),
            like(calls.providerCallSid, `${sidPrefix.replace(/[\\%_]/g, "")}%`),
          ),
        )
        .orderBy(calls.providerCallSid);
    },

    async latestSystemTestSid(workspaceId: string): Promise<string | null> {
      const [row] = await db
        .select({ sid: calls.providerCallSid })
        .from(calls)
        .where(and(eq(calls.workspaceId, workspaceId), eq(calls.callType, "system_test")))
        .orderBy(desc(calls.createdAt))
        .limit(1);
      return row?.sid ?? null;
    },

    /** Whether the workspace blocked this number (E.164): the engine files its calls as spam. */
    async isBlocked(workspaceId: string, e164: string): Promise<boolean> {
      const [blocked] = await db
        .select({ id: blockedNumbers.id })
        .from(blockedNumbers)
        .where(and(eq(blockedNumbers.workspaceId, workspaceId), eq(blockedNumbers.phoneNumber, e164)))
        .limit(1);
      return Boolean(blocked);
    },
  };
}

export type CallRepository = ReturnType<typeof callRepository>;
