import { and, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  contactBulkActions,
  contactBulkUndo,
  contactListMembers,
  contactSegments,
  contacts,
  doNotCallNumbers,
  phoneLogs,
} from "../../db/schema";

export type BulkRow = typeof contactBulkActions.$inferSelect;
export type NewBulk = Omit<typeof contactBulkActions.$inferInsert, "id" | "workspaceId">;
export type ContactRowOfBulk = typeof contacts.$inferSelect;

/** Where a batch starts: after this contact in (created_at, id) order; text keeps the microseconds. */
export type BulkCursor = { created: string; id: string };
/** What one batch did: contacts it looked at, those it changed, and where the next one starts. */
export type BatchOutcome = { seen: number; changed: number; cursor: BulkCursor | null };
export type UndoOutcome = { seen: number; restored: number; cursor: string | null };

type Rows<T> = { rows: T[] };

/**
 * A restored contact's edit time: as it was before the action when the action's write is still
 * its last edit (the action is as if it never happened), else now (the contact changed since).
 */
const editTime = sql.raw("(case when c.updated_at = b.changed_at then b.updated_before else now() end)");

/** The contacts columns a deleted row is restored into (the generated search text is computed again). */
const RESTORED_COLUMNS = Object.values(getTableColumns(contacts))
  .filter((column) => !column.generated)
  .map((column) => sql.identifier(column.name));

/** The undo rows a restore reads: one batch after the undo's cursor, in contact id order. */
function undoBatch(bulkId: string, after: string | null, rows: number): SQL {
  const past = after ? sql`and ${contactBulkUndo.contactId} > ${after}::uuid` : sql``;
  return sql`select * from ${contactBulkUndo} where ${contactBulkUndo.bulkId} = ${bulkId}::uuid ${past}
    order by ${contactBulkUndo.contactId} limit ${rows}`;
}

/**
 * Bulk actions and what their undo needs: the contacts area's own tables. Each batch is one
 * statement (data-modifying WITH queries) that picks the next contacts of the selection in
 * (created_at, id) order, changes them, records each change for the undo and moves the action's
 * counts and cursor, so a batch is all done or not at all and a job that starts again carries
 * on after the last one.
 */
export function bulkRepository(db: Db) {
  const run = async <T>(query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as Rows<T>).rows;

  /**
   * The batch's contacts (with the columns the action reads), locked, then the action's own
   * statements (`change`, reading `picked`, answering `changed`), then the action's row moved on.
   */
  async function batch(
    bulkId: string,
    selection: SQL,
    cursor: BulkCursor | null,
    rows: number,
    columns: SQL,
    change: SQL,
  ): Promise<BatchOutcome> {
    const after = cursor
      ? sql`and (${contacts.createdAt}, ${contacts.id}) > (${cursor.created}::timestamptz, ${cursor.id}::uuid)`
      : sql``;
    const [row] = await run<{ seen: number; changed: number; created: string | null; id: string | null }>(sql`
      with picked as (
        select ${contacts.id} as id, ${contacts.createdAt} as created_at,
               ${contacts.updatedAt} as updated_at, ${columns}
        from ${contacts}
        where ${selection} ${after}
        order by ${contacts.createdAt}, ${contacts.id}
        limit ${rows}
        for update
      ),
      last as (select id, created_at from picked order by created_at desc, id desc limit 1),
      ${change},
      moved as (
        update ${contactBulkActions} set
          done = done + (select count(*) from picked),
          changed = changed + (select count(*) from changed),
          touched_at = now(),
          cursor_created = coalesce((select created_at from last), cursor_created),
          cursor_id = coalesce((select id from last), cursor_id)
        where id = ${bulkId}::uuid
        returning cursor_created, cursor_id
      )
      select (select count(*) from picked)::int as seen,
             (select count(*) from changed)::int as changed,
             (select cursor_created::text from moved) as created,
             (select cursor_id::text from moved) as id`);
    return {
      seen: row?.seen ?? 0,
      changed: row?.changed ?? 0,
      cursor: row?.created && row.id ? { created: row.created, id: row.id } : null,
    };
  }

  /** Undo rows restored as `restore` says (a statement reading `batch`, answering `restored`). */
  async function undoBatchWith(
    bulkId: string,
    after: string | null,
    rows: number,
    restore: SQL,
  ): Promise<UndoOutcome> {
    const [row] = await run<{ seen: number; restored: number; last: string | null }>(sql`
      with batch as (${undoBatch(bulkId, after, rows)}),
      ${restore},
      moved as (
        update ${contactBulkActions} set
          restored = restored + (select count(*) from restored),
          kept = kept + (select count(*) from batch) - (select count(*) from restored),
          touched_at = now(),
          undo_cursor = coalesce((select max(contact_id::text)::uuid from batch), undo_cursor)
        where id = ${bulkId}::uuid
        returning undo_cursor
      )
      select (select count(*) from batch)::int as seen,
             (select count(*) from restored)::int as restored,
             (select undo_cursor::text from moved) as last`);
    return { seen: row?.seen ?? 0, restored: row?.restored ?? 0, cursor: row?.last ?? null };
  }

  return {
    async insert(workspaceId: string, values: NewBulk): Promise<BulkRow> {
      const [row] = await db
        .insert(contactBulkActions)
        .values({ ...values, workspaceId })
        .returning();
      if (!row) throw new Error("insert returned no bulk action");
      return row;
    },

    async get(workspaceId: string, id: string): Promise<BulkRow | undefined> {
      const [row] = await db
        .select()
        .from(contactBulkActions)
        .where(and(eq(contactBulkActions.workspaceId, workspaceId), eq(contactBulkActions.id, id)));
      return row;
    },

    /** The workspace's latest action: the only one that can be undone. */
    async latest(workspaceId: string): Promise<BulkRow | undefined> {
      const [row] = await db
        .select()
        .from(contactBulkActions)
        .where(eq(contactBulkActions.workspaceId, workspaceId))
        .orderBy(desc(contactBulkActions.createdAt), desc(contactBulkActions.id))
        .limit(1);
      return row;
    },

    /** The action still queued, running or undoing, if any (at most one: a unique index). */
    async active(workspaceId: string): Promise<BulkRow | undefined> {
      const [row] = await db
        .select()
        .from(contactBulkActions)
        .where(
          and(
            eq(contactBulkActions.workspaceId, workspaceId),
            inArray(contactBulkActions.status, ["queued", "running", "undoing"]),
          ),
        );
      return row;
    },

    async set(
      workspaceId: string,
      id: string,
      values: Partial<Omit<BulkRow, "id" | "workspaceId" | "cursorCreated">>,
    ): Promise<BulkRow | undefined> {
      const [row] = await db
        .update(contactBulkActions)
        .set(values)
        .where(and(eq(contactBulkActions.workspaceId, workspaceId), eq(contactBulkActions.id, id)))
        .returning();
      return row;
    },

    /** Moves the action from one of `from` to `values.status`; undefined when it was not in one of them. */
    async move(
      workspaceId: string,
      id: string,
      from: string[],
      values: Partial<Omit<BulkRow, "id" | "workspaceId" | "cursorCreated">>,
    ): Promise<BulkRow | undefined> {
      const [row] = await db
        .update(contactBulkActions)
        .set(values)
        .where(
          and(
            eq(contactBulkActions.workspaceId, workspaceId),
            eq(contactBulkActions.id, id),
            inArray(contactBulkActions.status, from),
          ),
        )
        .returning();
      return row;
    },

    /** Where the action's next batch starts (null: at the beginning), as text. */
    async cursorOf(id: string): Promise<BulkCursor | null> {
      const [row] = await run<{ created: string | null; id: string | null }>(sql`
        select cursor_created::text as created, cursor_id::text as id
        from ${contactBulkActions} where id = ${id}::uuid`);
      return row?.created && row.id ? { created: row.created, id: row.id } : null;
    },

    async count(selection: SQL): Promise<number> {
      const [row] = await run<{ n: number }>(
        sql`select count(*)::int as n from ${contacts} where ${selection}`,
      );
      return row?.n ?? 0;
    },

    /**
     * Up to `rows` undo rows of the workspace's earlier actions deleted (only the last action can
     * be undone, so theirs are no longer needed); answers how many went.
     */
    async purgeEarlierUndo(workspaceId: string, keepBulkId: string, rows: number): Promise<number> {
      const gone = await run<{ one: number }>(sql`
        delete from ${contactBulkUndo} u
        using (
          select x.bulk_id, x.contact_id from ${contactBulkUndo} x
          join ${contactBulkActions} a on a.id = x.bulk_id
          where a.workspace_id = ${workspaceId}::uuid and a.id <> ${keepBulkId}::uuid
          limit ${rows}
        ) old
        where u.bulk_id = old.bulk_id and u.contact_id = old.contact_id
        returning 1 as one`);
      return gone.length;
    },

    // --- One batch of each action ---

    /** Adds the tags each contact lacks (up to a contact's 50); records the tags before and after. */
    tag(bulkId: string, selection: SQL, cursor: BulkCursor | null, rows: number, tags: string[]) {
      const list = sql`${sql.param(tags)}::text[]`;
      return batch(
        bulkId,
        selection,
        cursor,
        rows,
        sql`${contacts.tags} as tags`,
        sql`target as (
          select p.id, p.updated_at, p.tags as before,
                 p.tags || array(select t from unnest(${list}) with ordinality as n(t, i)
                                 where t <> all(p.tags) order by i) as after
          from picked p where not (p.tags @> ${list})
        ),
        fits as (select * from target where cardinality(after) <= 50),
        changed as (
          update ${contacts} c set tags = f.after, updated_at = now()
          from fits f where c.id = f.id returning c.id
        ),
        logged as (
          insert into ${contactBulkUndo} (bulk_id, contact_id, updated_before, changed_at, tags_before, tags_after)
          select ${bulkId}::uuid, f.id, f.updated_at, now(), f.before, f.after from fits f
        )`,
      );
    },

    /** Takes the tags off the contacts that have any of them; records the tags before and after. */
    untag(bulkId: string, selection: SQL, cursor: BulkCursor | null, rows: number, tags: string[]) {
      const list = sql`${sql.param(tags)}::text[]`;
      return batch(
        bulkId,
        selection,
        cursor,
        rows,
        sql`${contacts.tags} as tags`,
        sql`target as (
          select p.id, p.updated_at, p.tags as before,
                 array(select t from unnest(p.tags) with ordinality as n(t, i)
                       where t <> all(${list}) order by i) as after
          from picked p where p.tags && ${list}
        ),
        changed as (
          update ${contacts} c set tags = t.after, updated_at = now()
          from target t where c.id = t.id returning c.id
        ),
        logged as (
          insert into ${contactBulkUndo} (bulk_id, contact_id, updated_before, changed_at, tags_before, tags_after)
          select ${bulkId}::uuid, t.id, t.updated_at, now(), t.before, t.after from target t
        )`,
      );
    },

    /** Sets the status where it differs; records the status before. */
    status(bulkId: string, selection: SQL, cursor: BulkCursor | null, rows: number, status: string) {
      return batch(
        bulkId,
        selection,
        cursor,
        rows,
        sql`${contacts.contactStatus} as status`,
        sql`target as (select id, updated_at, status as before from picked where status <> ${status}),
        changed as (
          update ${contacts} c set contact_status = ${status}, updated_at = now()
          from target t where c.id = t.id returning c.id
        ),
        logged as (
          insert into ${contactBulkUndo} (bulk_id, contact_id, updated_before, changed_at, status_before)
          select ${bulkId}::uuid, t.id, t.updated_at, now(), t.before from target t
        )`,
      );
    },

    /**
     * Marks the contacts do-not-call and lists their numbers (source "contact", as the form's
     * flag does); records which numbers this action listed, once each, so undo takes off only those.
     */
    doNotCall(
      bulkId: string,
      workspaceId: string,
      actor: string | null,
      selection: SQL,
      cursor: BulkCursor | null,
      rows: number,
    ) {
      return batch(
        bulkId,
        selection,
        cursor,
        rows,
        sql`${contacts.doNotCall} as do_not_call, ${contacts.phoneE164} as phone_e164, ${contacts.phoneNumber} as phone_number`,
        sql`target as (select id, updated_at, phone_e164, phone_number from picked where not do_not_call),
        changed as (
          update ${contacts} c set do_not_call = true, updated_at = now()
          from target t where c.id = t.id returning c.id
        ),
        listed as (
          insert into ${doNotCallNumbers} (workspace_id, phone_e164, phone_number, source, created_by)
          select distinct on (t.phone_e164) ${workspaceId}::uuid, t.phone_e164,
                 coalesce(t.phone_number, t.phone_e164), 'contact', ${actor}::uuid
          from target t where t.phone_e164 is not null
          order by t.phone_e164, t.id
          on conflict (workspace_id, phone_e164) do nothing
          returning phone_e164
        ),
        firsts as (
          select distinct on (t.phone_e164) t.id, t.phone_e164 from target t
          join listed l on l.phone_e164 = t.phone_e164
          order by t.phone_e164, t.id
        ),
        logged as (
          insert into ${contactBulkUndo} (bulk_id, contact_id, updated_before, changed_at, listed_number)
          select ${bulkId}::uuid, t.id, t.updated_at, now(), f.phone_e164
          from target t left join firsts f on f.id = t.id
        )`,
      );
    },

    /** Deletes the contacts, keeping each whole row, its phone logs' ids and its lists for the undo. */
    delete(bulkId: string, workspaceId: string, selection: SQL, cursor: BulkCursor | null, rows: number) {
      return batch(
        bulkId,
        selection,
        cursor,
        rows,
        sql`1 as one`,
        sql`logs as (
          select ${phoneLogs.contactId} as contact_id, array_agg(${phoneLogs.id}) as ids from ${phoneLogs}
          where ${phoneLogs.workspaceId} = ${workspaceId}::uuid and ${phoneLogs.contactId} in (select id from picked)
          group by ${phoneLogs.contactId}
        ),
        lists as (
          select ${contactListMembers.contactId} as contact_id, array_agg(${contactListMembers.segmentId}) as ids
          from ${contactListMembers}
          where ${contactListMembers.contactId} in (select id from picked)
          group by ${contactListMembers.contactId}
        ),
        gone as (delete from ${contacts} c using picked p where c.id = p.id returning c.*),
        changed as (select id from gone),
        logged as (
          insert into ${contactBulkUndo} (bulk_id, contact_id, row, phone_log_ids, list_ids)
          select ${bulkId}::uuid, g.id, to_jsonb(g) - 'search_text', l.ids, m.ids
          from gone g left join logs l on l.contact_id = g.id left join lists m on m.contact_id = g.id
        )`,
      );
    },

    /** Puts the contacts in a list; each new membership carries the action, so undo takes out just those. */
    addToList(
      bulkId: string,
      workspaceId: string,
      listId: string,
      selection: SQL,
      cursor: BulkCursor | null,
      rows: number,
    ) {
      return batch(
        bulkId,
        selection,
        cursor,
        rows,
        sql`1 as one`,
        sql`changed as (
          insert into ${contactListMembers} (segment_id, contact_id, workspace_id, bulk_id)
          select ${listId}::uuid, p.id, ${workspaceId}::uuid, ${bulkId}::uuid from picked p
          on conflict (segment_id, contact_id) do nothing
          returning contact_id
        )`,
      );
    },

    /** The batch's contacts whole (a dialer campaign's leads are made from them), in the selection's order. */
    async pick(selection: SQL, cursor: BulkCursor | null, rows: number) {
      const after = cursor
        ? sql`and (${contacts.createdAt}, ${contacts.id}) > (${cursor.created}::timestamptz, ${cursor.id}::uuid)`
        : undefined;
      const picked = await db
        .select({ contact: contacts, created: sql<string>`${contacts.createdAt}::text` })
        .from(contacts)
        .where(and(selection, after))
        .orderBy(contacts.createdAt, contacts.id)
        .limit(rows);
      return picked;
    },

    /** Records the leads a batch added and moves the action on (in the batch's transaction). */
    async recordLeads(
      bulkId: string,
      added: { contactId: string; leadId: string }[],
      seen: number,
      last: BulkCursor | null,
    ): Promise<void> {
      if (added.length)
        await db.execute(sql`
          insert into ${contactBulkUndo} (bulk_id, contact_id, lead_id)
          select ${bulkId}::uuid, a.contact_id, a.lead_id
          from unnest(${sql.param(added.map((a) => a.contactId))}::uuid[],
                      ${sql.param(added.map((a) => a.leadId))}::uuid[]) as a(contact_id, lead_id)
          on conflict do nothing`);
      await db.execute(sql`
        update ${contactBulkActions} set
          done = done + ${seen}, changed = changed + ${added.length}, touched_at = now()
          ${last ? sql`, cursor_created = ${last.created}::timestamptz, cursor_id = ${last.id}::uuid` : sql``}
        where id = ${bulkId}::uuid`);
    },

    // --- One batch of each undo ---

    /** Tags back as they were, where they are still what the action made them. */
    undoTags(bulkId: string, workspaceId: string, after: string | null, rows: number) {
      return undoBatchWith(
        bulkId,
        after,
        rows,
        sql`restored as (
          update ${contacts} c set tags = b.tags_before, updated_at = ${editTime} from batch b
          where c.id = b.contact_id and c.workspace_id = ${workspaceId}::uuid and c.tags = b.tags_after
          returning c.id
        )`,
      );
    },

    /** Statuses back, where the contact still has the one the action set. */
    undoStatus(bulkId: string, workspaceId: string, status: string, after: string | null, rows: number) {
      return undoBatchWith(
        bulkId,
        after,
        rows,
        sql`restored as (
          update ${contacts} c set contact_status = b.status_before, updated_at = ${editTime} from batch b
          where c.id = b.contact_id and c.workspace_id = ${workspaceId}::uuid
            and c.contact_status = ${status} and b.status_before is not null
          returning c.id
        )`,
      );
    },

    /** The do-not-call marks off, where still on. */
    undoDoNotCall(bulkId: string, workspaceId: string, after: string | null, rows: number) {
      return undoBatchWith(
        bulkId,
        after,
        rows,
        sql`restored as (
          update ${contacts} c set do_not_call = false, updated_at = ${editTime} from batch b
          where c.id = b.contact_id and c.workspace_id = ${workspaceId}::uuid and c.do_not_call
          returning c.id, c.phone_e164
        )`,
      );
    },

    /**
     * After a batch of do-not-call marks came off (a statement of its own, so it sees them): the
     * numbers of those contacts that this action listed, unless a contact with the number is
     * still marked. Answers how many numbers left the list.
     */
    async unlistNumbers(bulkId: string, workspaceId: string, contactIds: string[]): Promise<number> {
      if (contactIds.length === 0) return 0;
      // Driven from the batch's own numbers (a few hundred, each found by the list's unique
      // index): with the list's statistics stale (the embedded database analyses on its own
      // schedule) the planner otherwise walked the whole list for each batch.
      const gone = await run<{ one: number }>(sql`
        with numbers as materialized (
          select distinct c.phone_e164 from ${contacts} c
          where c.workspace_id = ${workspaceId}::uuid and c.id = any(${sql.param(contactIds)}::uuid[])
            and c.phone_e164 is not null
        )
        delete from ${doNotCallNumbers} d using numbers n
        where d.workspace_id = ${workspaceId}::uuid and d.phone_e164 = n.phone_e164 and d.source = 'contact'
          and exists (
            select 1 from ${contactBulkUndo} u
            where u.bulk_id = ${bulkId}::uuid and u.listed_number = d.phone_e164
          )
          and not exists (
            select 1 from ${contacts} c
            where c.workspace_id = ${workspaceId}::uuid and c.phone_e164 = d.phone_e164 and c.do_not_call
          )
        returning 1 as one`);
      return gone.length;
    },

    /** The ids of the contacts a batch of undo rows names (the do-not-call undo reads them). */
    async undoContactIds(bulkId: string, after: string | null, rows: number): Promise<string[]> {
      const found = await run<{ contact_id: string }>(
        sql`select contact_id from (${undoBatch(bulkId, after, rows)}) b`,
      );
      return found.map((row) => row.contact_id);
    },

    /** Deleted contacts back with their ids, their phone logs linked again and their lists. */
    undoDelete(bulkId: string, workspaceId: string, after: string | null, rows: number) {
      const columns = sql.join(RESTORED_COLUMNS, sql`, `);
      return undoBatchWith(
        bulkId,
        after,
        rows,
        sql`restored as (
          insert into ${contacts} (${columns})
          select ${sql.join(
            RESTORED_COLUMNS.map((column) => sql`r.${column}`),
            sql`, `,
          )}
          -- LATERAL: a (record).* in the select list would read the JSON once per column.
          from batch b cross join lateral jsonb_populate_record(null::contacts, b.row) r
          where b.row is not null and r.workspace_id = ${workspaceId}::uuid
          on conflict (id) do nothing
          returning id
        ),
        relinked as (
          update ${phoneLogs} l set contact_id = x.contact_id
          from (select b.contact_id, unnest(b.phone_log_ids) as log_id from batch b
                where b.contact_id in (select id from restored)) x
          where l.id = x.log_id and l.workspace_id = ${workspaceId}::uuid and l.contact_id is null
        ),
        relisted as (
          insert into ${contactListMembers} (segment_id, contact_id, workspace_id)
          select s.id, b.contact_id, ${workspaceId}::uuid
          from batch b cross join unnest(b.list_ids) as listed(id)
          join ${contactSegments} s on s.id = listed.id and s.workspace_id = ${workspaceId}::uuid
          where b.contact_id in (select id from restored)
          on conflict do nothing
        )`,
      );
    },

    /** The lead ids a batch of undo rows names, with their contacts (the dialer removes them). */
    async undoLeads(
      bulkId: string,
      after: string | null,
      rows: number,
    ): Promise<{ contactId: string; leadId: string | null }[]> {
      const found = await run<{ contact_id: string; lead_id: string | null }>(
        sql`select contact_id, lead_id from (${undoBatch(bulkId, after, rows)}) b order by contact_id`,
      );
      return found.map((row) => ({ contactId: row.contact_id, leadId: row.lead_id }));
    },

    async recordUndone(bulkId: string, seen: number, restored: number, last: string | null): Promise<void> {
      await db.execute(sql`
        update ${contactBulkActions} set
          restored = restored + ${restored}, kept = kept + ${seen - restored}, touched_at = now()
          ${last ? sql`, undo_cursor = ${last}::uuid` : sql``}
        where id = ${bulkId}::uuid`);
    },

    /** Up to `rows` of the memberships this action added taken out; answers how many. */
    async undoListMembers(bulkId: string, workspaceId: string, rows: number): Promise<number> {
      const gone = await run<{ one: number }>(sql`
        with batch as (
          delete from ${contactListMembers} m
          using (
            select segment_id, contact_id from ${contactListMembers}
            where bulk_id = ${bulkId}::uuid and workspace_id = ${workspaceId}::uuid
            limit ${rows}
          ) x
          where m.segment_id = x.segment_id and m.contact_id = x.contact_id
          returning 1 as one
        ),
        moved as (
          update ${contactBulkActions} set restored = restored + (select count(*) from batch), touched_at = now()
          where id = ${bulkId}::uuid
        )
        select one from batch`);
      return gone.length;
    },
  };
}

export type BulkRepository = ReturnType<typeof bulkRepository>;
