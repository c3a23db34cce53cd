import { and, asc, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contacts, doNotCallNumbers } from "../../db/schema";
import { escapeLike } from "./repository";

export type DoNotCallRow = typeof doNotCallNumbers.$inferSelect;

/** Numbers written in one statement: well under PostgreSQL's 65,535 parameters. */
const BATCH = 1000;

function listWhere(workspaceId: string, search: string | undefined): SQL {
  const owner = eq(doNotCallNumbers.workspaceId, workspaceId);
  if (!search) return owner;
  const digits = search.replace(/\D/g, "");
  const typed = sql`${doNotCallNumbers.phoneNumber} ilike ${`%${escapeLike(search)}%`}`;
  return and(
    owner,
    digits ? or(typed, sql`${doNotCallNumbers.phoneE164} like ${`%${digits}%`}`) : typed,
  ) as SQL;
}

/** The workspace's do-not-call list (do_not_call_numbers): this area's alone. */
export function doNotCallRepository(db: Db) {
  return {
    async page(
      workspaceId: string,
      options: { search?: string | undefined; page: number; limit: number },
    ): Promise<{ rows: DoNotCallRow[]; total: number }> {
      const where = listWhere(workspaceId, options.search);
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(doNotCallNumbers)
          .where(where)
          .orderBy(desc(doNotCallNumbers.createdAt), desc(doNotCallNumbers.id))
          .limit(options.limit)
          .offset((options.page - 1) * options.limit),
        db.select({ n: sql<number>`count(*)::int` }).from(doNotCallNumbers).where(where),
      ]);
      return { rows, total: counted[0]?.n ?? 0 };
    },

    async find(workspaceId: string, e164: string): Promise<DoNotCallRow | undefined> {
      const [row] = await db
        .select()
        .from(doNotCallNumbers)
        .where(and(eq(doNotCallNumbers.workspaceId, workspaceId), eq(doNotCallNumbers.phoneE164, e164)));
      return row;
    },

    /** Adds the numbers not listed yet; answers the rows it added (a listed number keeps its entry). */
    async add(
      workspaceId: string,
      entries: { phoneE164: string; phoneNumber: string }[],
      source: string,
      createdBy: string | null,
      /** The call on which the person asked (source "call"), and when they asked (else now). */
      asked: { callId: string; at: Date } | null = null,
    ): Promise<DoNotCallRow[]> {
      const origin = asked ? { callId: asked.callId, createdAt: asked.at } : {};
      const added: DoNotCallRow[] = [];
      for (let i = 0; i < entries.length; i += BATCH) {
        const rows = await db
          .insert(doNotCallNumbers)
          .values(
            entries
              .slice(i, i + BATCH)
              .map((entry) => ({ ...entry, workspaceId, source, createdBy, ...origin })),
          )
          .onConflictDoNothing({ target: [doNotCallNumbers.workspaceId, doNotCallNumbers.phoneE164] })
          .returning();
        added.push(...rows);
      }
      return added;
    },

    /**
     * Adds the numbers not listed yet, in one statement of bound arrays (an import's many: a
     * parameter a value would cost more to build than to run); answers how many it added.
     */
    async addMany(
      workspaceId: string,
      entries: { phoneE164: string; phoneNumber: string }[],
      source: string,
      createdBy: string | null,
    ): Promise<number> {
      if (entries.length === 0) return 0;
      const result = (await db.execute(sql`
        insert into ${doNotCallNumbers} (workspace_id, phone_e164, phone_number, source, created_by)
        select ${workspaceId}::uuid, e.phone_e164, e.phone_number, ${source}, ${createdBy}::uuid
        from unnest(${sql.param(entries.map((entry) => entry.phoneE164))}::text[],
                    ${sql.param(entries.map((entry) => entry.phoneNumber))}::text[]) as e(phone_e164, phone_number)
        on conflict (workspace_id, phone_e164) do nothing
        returning 1 as added`)) as unknown as { rows: unknown[] };
      return result.rows.length;
    },

    async delete(workspaceId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(doNotCallNumbers)
        .where(and(eq(doNotCallNumbers.workspaceId, workspaceId), eq(doNotCallNumbers.id, id)))
        .returning({ id: doNotCallNumbers.id });
      return deleted.length > 0;
    },

    /** Takes a number off the list only if a contact's flag put it there. */
    async removeContactEntry(workspaceId: string, e164: string): Promise<void> {
      await db
        .delete(doNotCallNumbers)
        .where(
          and(
            eq(doNotCallNumbers.workspaceId, workspaceId),
            eq(doNotCallNumbers.phoneE164, e164),
            eq(doNotCallNumbers.source, "contact"),
          ),
        );
    },

    /** On the list, or the number of a contact marked do-not-call: one round trip. */
    async isDoNotCall(workspaceId: string, e164: string): Promise<boolean> {
      const result = (await db.execute(
        sql`select (exists (select 1 from ${doNotCallNumbers} where ${doNotCallNumbers.workspaceId} = ${workspaceId} and ${doNotCallNumbers.phoneE164} = ${e164})
          or exists (select 1 from ${contacts} where ${contacts.workspaceId} = ${workspaceId} and ${contacts.phoneE164} = ${e164} and ${contacts.doNotCall})) as listed`,
      )) as unknown as { rows: { listed: boolean }[] };
      return Boolean(result.rows[0]?.listed);
    },

    /**
     * Which of the numbers (E.164) are listed or belong to a contact marked do-not-call: one
     * round trip for a batch (the autodialer marks leads it must never dial as it adds them).
     */
    async listedAmong(workspaceId: string, e164s: string[]): Promise<Set<string>> {
      if (e164s.length === 0) return new Set();
      const numbers = sql`(select unnest(${sql.param(e164s)}::text[]) as phone)`;
      const result = (await db.execute(
        sql`select n.phone from ${numbers} n where exists (select 1 from ${doNotCallNumbers} where ${doNotCallNumbers.workspaceId} = ${workspaceId} and ${doNotCallNumbers.phoneE164} = n.phone)
          or exists (select 1 from ${contacts} where ${contacts.workspaceId} = ${workspaceId} and ${contacts.phoneE164} = n.phone and ${contacts.doNotCall})`,
      )) as unknown as { rows: { phone: string }[] };
      return new Set(result.rows.map((row) => row.phone));
    },

    /** Every entry, oldest first, a batch at a time (keyset on created_at, id): for the export. */
    async *batches(workspaceId: string, batchSize = 5000): AsyncGenerator<DoNotCallRow[]> {
      let last: { created: string; id: string } | null = null;
      for (;;) {
        const rows: { row: DoNotCallRow; keyCreated: string }[] = await db
          .select({ row: doNotCallNumbers, keyCreated: sql<string>`${doNotCallNumbers.createdAt}::text` })
          .from(doNotCallNumbers)
          .where(
            and(
              eq(doNotCallNumbers.workspaceId, workspaceId),
              last
                ? sql`(${doNotCallNumbers.createdAt}, ${doNotCallNumbers.id}) > (${last.created}::timestamptz, ${last.id}::uuid)`
                : undefined,
            ),
          )
          .orderBy(asc(doNotCallNumbers.createdAt), asc(doNotCallNumbers.id))
          .limit(batchSize);
        if (rows.length === 0) return;
        yield rows.map((r) => r.row);
        if (rows.length < batchSize) return;
        const tail: { row: DoNotCallRow; keyCreated: string } | undefined = rows[rows.length - 1];
        if (!tail) return;
        last = { created: tail.keyCreated, id: tail.row.id };
      }
    },
  };
}

export type DoNotCallRepository = ReturnType<typeof doNotCallRepository>;
