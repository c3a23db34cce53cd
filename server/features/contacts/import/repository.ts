import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { ImportMode, ImportStatus } from "../../../../common/contacts";
import type { Db } from "../../../db/client";
import { advisoryLock } from "../../../db/locks";
import { contactImportFiles, contactImportRejects, contactImports } from "../../../db/schema";
import type { ExistingMatch } from "./duplicates";
import type { ContactDraft } from "./rows";

export type ImportRow = typeof contactImports.$inferSelect;
export type RejectRow = { line: number; column: string | null; reason: string; cells: string[] };

/** Thrown when a batch finds the import further along than it thought: another run got there first. */
export class StaleRunError extends Error {
  constructor(importId: string) {
    super(`Import ${importId} was moved on by another run; this run stops`);
    this.name = "StaleRunError";
  }
}

/** Tags travel to the database as one text per row, joined by the unit separator. */
const TAG_SEPARATOR = "\u001f";
const joinTags = (tags: string[] | null) =>
  tags ? tags.map((tag) => tag.replaceAll(TAG_SEPARATOR, "")).join(TAG_SEPARATOR) : null;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** One bound array parameter (never spread into a list of parameters). */
const array = (values: unknown[]) => sql.param(values);

/**
 * The contact columns an import writes: the draft's field, the column, its type, what an insert
 * writes (the column's default when the row has no value) and what an update writes (the row's
 * value over the contact's). Only the columns some row of the batch has a value for are sent:
 * a three-column file sends three arrays, not twenty-three. Names and expressions come from this
 * fixed list only; every value is a bound array parameter.
 */
type Column = {
  key: keyof ContactDraft;
  name: string;
  type: "text" | "boolean" | "int" | "timestamptz";
  value?: (draft: ContactDraft) => unknown;
  insert?: string;
  update?: string;
};

const COLUMNS: Column[] = [
  { key: "name", name: "name", type: "text" },
  { key: "phoneNumber", name: "phone_number", type: "text" },
  {
    key: "phoneE164",
    name: "phone_e164",
    type: "text",
    // Typed and E.164 numbers change together.
    update: "case when u.phone_number is null then c.phone_e164 else u.phone_e164 end",
  },
  { key: "email", name: "email", type: "text" },
  { key: "company", name: "company", type: "text" },
  { key: "notes", name: "notes", type: "text" },
  {
    key: "preferredContactMethod",
    name: "preferred_contact_method",
    type: "text",
    insert: "coalesce(u.preferred_contact_method, 'phone')",
  },
  { key: "mailingAddress", name: "mailing_address", type: "text" },
  { key: "address", name: "address", type: "text" },
  { key: "website", name: "website", type: "text" },
  { key: "industry", name: "industry", type: "text" },
  { key: "businessType", name: "business_type", type: "text" },
  {
    key: "tags",
    name: "tags",
    type: "text",
    value: (draft) => joinTags(draft.tags),
    insert: "coalesce(string_to_array(u.tags, chr(31)), '{}')",
    // Tags are added to the contact's own.
    update:
      "case when u.tags is null then c.tags else c.tags || array(select t from unnest(string_to_array(u.tags, chr(31))) as t where not t = any(c.tags)) end",
  },
  { key: "isFavorite", name: "is_favorite", type: "boolean", insert: "coalesce(u.is_favorite, false)" },
  { key: "doNotCall", name: "do_not_call", type: "boolean", insert: "coalesce(u.do_not_call, false)" },
  { key: "leadSource", name: "lead_source", type: "text", insert: "coalesce(u.lead_source, 'import')" },
  { key: "leadScore", name: "lead_score", type: "int", insert: "coalesce(u.lead_score, 0)" },
  { key: "contactStatus", name: "contact_status", type: "text", insert: "coalesce(u.contact_status, 'new')" },
  { key: "preferredContactTime", name: "preferred_contact_time", type: "text" },
  { key: "timezone", name: "timezone", type: "text" },
  { key: "lastCalled", name: "last_called", type: "timestamptz" },
  { key: "lastContactAttempt", name: "last_contact_attempt", type: "timestamptz" },
  { key: "callCount", name: "call_count", type: "int", insert: "coalesce(u.call_count, 0)" },
];

/** The columns some draft has a value for (name always; the E.164 number with the typed one). */
function presentColumns(drafts: ContactDraft[]): Column[] {
  return COLUMNS.filter((column) => {
    if (column.key === "name") return true;
    const key = column.key === "phoneE164" ? "phoneNumber" : column.key;
    return drafts.some((draft) => draft[key] !== null);
  });
}

/** unnest(...) over the columns' values, typed, named `u` (with the contacts' ids first for an update). */
function unnestDrafts(drafts: ContactDraft[], columns: Column[], ids?: string[]) {
  const arrays = columns.map(
    (column) =>
      sql`${array(drafts.map((draft) => (column.value ? column.value(draft) : draft[column.key])))}::${sql.raw(column.type)}[]`,
  );
  const names = columns.map((column) => sql.raw(column.name));
  if (ids) {
    arrays.unshift(sql`${array(ids)}::uuid[]`);
    names.unshift(sql.raw("id"));
  }
  return sql`unnest(${sql.join(arrays, sql`, `)}) as u(${sql.join(names, sql`, `)})`;
}

/**
 * Imports' own SQL: contact_imports, their rejects and stored files, and the set-based writes
 * into contacts (one statement per few thousand rows, every value a bound array parameter).
 */
export function importRepository(db: Db) {
  return {
    async create(
      workspaceId: string,
      fields: {
        createdBy: string | null;
        fileName: string | null;
        mode: ImportMode;
        status: ImportStatus;
        header: string[];
        unknownColumns: string[];
        encoding: string;
        totalRows: number;
      },
    ): Promise<ImportRow> {
      const [row] = await db
        .insert(contactImports)
        .values({ workspaceId, ...fields })
        .returning();
      return row!;
    },

    async get(workspaceId: string, id: string): Promise<ImportRow | undefined> {
      const [row] = await db
        .select()
        .from(contactImports)
        .where(and(eq(contactImports.workspaceId, workspaceId), eq(contactImports.id, id)));
      return row;
    },

    /** The workspace's imports still waiting for or running in their job (their upload is still kept). */
    async unsettled(workspaceId: string): Promise<string[]> {
      const rows = await db
        .select({ id: contactImports.id })
        .from(contactImports)
        .where(
          and(
            eq(contactImports.workspaceId, workspaceId),
            inArray(contactImports.status, ["queued", "running"]),
          ),
        );
      return rows.map((row) => row.id);
    },

    async recent(workspaceId: string, limit: number): Promise<ImportRow[]> {
      return db
        .select()
        .from(contactImports)
        .where(eq(contactImports.workspaceId, workspaceId))
        .orderBy(desc(contactImports.createdAt), desc(contactImports.id))
        .limit(limit);
    },

    async update(
      workspaceId: string,
      id: string,
      fields: Partial<Omit<ImportRow, "id" | "workspaceId">>,
    ): Promise<ImportRow | undefined> {
      const [row] = await db
        .update(contactImports)
        .set(fields)
        .where(and(eq(contactImports.workspaceId, workspaceId), eq(contactImports.id, id)))
        .returning();
      return row;
    },

    /** An upload refused half-way: the import and its stored pieces go. */
    async remove(workspaceId: string, id: string): Promise<void> {
      await db
        .delete(contactImports)
        .where(and(eq(contactImports.workspaceId, workspaceId), eq(contactImports.id, id)));
    },

    /** Moves the import from one of `from` to `fields.status`; undefined when it was in none of them. */
    async transition(
      workspaceId: string,
      id: string,
      from: ImportStatus[],
      fields: Partial<Omit<ImportRow, "id" | "workspaceId">>,
    ): Promise<ImportRow | undefined> {
      const [row] = await db
        .update(contactImports)
        .set(fields)
        .where(
          and(
            eq(contactImports.workspaceId, workspaceId),
            eq(contactImports.id, id),
            sql`${contactImports.status} = any(${array(from)}::text[])`,
          ),
        )
        .returning();
      return row;
    },

    /**
     * Marks a queued or running import failed, with a message written from its counts as they
     * stand under the row's lock: a batch committing meanwhile is waited for and counted, and
     * none commits after (claimBatch refuses a failed import). Undefined when it had already ended.
     */
    async stop(
      workspaceId: string,
      id: string,
      message: (row: ImportRow) => string,
      finishedAt: Date,
    ): Promise<ImportRow | undefined> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(contactImports)
          .where(and(eq(contactImports.workspaceId, workspaceId), eq(contactImports.id, id)))
          .for("update");
        if (!locked || (locked.status !== "queued" && locked.status !== "running")) return undefined;
        const [row] = await tx
          .update(contactImports)
          .set({ status: "failed", error: message(locked), finishedAt })
          .where(eq(contactImports.id, id))
          .returning();
        return row;
      });
    },

    // --- the stored upload ---

    async appendFile(importId: string, seq: number, data: Uint8Array): Promise<void> {
      await db.insert(contactImportFiles).values({ importId, seq, data });
    },

    /** The stored upload, one piece per query: the whole file is never in memory. */
    async *readFile(importId: string): AsyncGenerator<Uint8Array> {
      for (let seq = 0; ; seq++) {
        const [piece] = await db
          .select({ data: contactImportFiles.data })
          .from(contactImportFiles)
          .where(and(eq(contactImportFiles.importId, importId), eq(contactImportFiles.seq, seq)));
        if (!piece) return;
        yield piece.data;
      }
    },

    async deleteFile(importId: string): Promise<void> {
      await db.delete(contactImportFiles).where(eq(contactImportFiles.importId, importId));
    },

    // --- one batch, in the caller's transaction ---

    /**
     * Locks the import's row and checks no other run moved it on since this one read it (a
     * job taken over after its lease ran out): the batch is then this run's to write.
     */
    async claimBatch(
      importId: string,
      committedRows: number,
      options: { pendingListKb?: number | undefined; mergeMemoryKb?: number | undefined } = {},
    ): Promise<void> {
      const rows = rowsOf<{ committed_rows: number; status: ImportStatus }>(
        await db.execute(
          sql`select committed_rows, status from contact_imports where id = ${importId} for update`,
        ),
      );
      // An import marked failed (its job cancelled, seen by a reader first) takes no more rows:
      // its message has already said how many got in.
      const row = rows[0];
      if (row?.committed_rows !== committedRows || (row.status !== "queued" && row.status !== "running")) {
        throw new StaleRunError(importId);
      }
      // A batch's statements are planned afresh each time and run once: compiling them to
      // machine code (PostgreSQL's JIT, on for costly plans) took longer than running them.
      await db.execute(sql`set local jit = off`);
      // The search index (trigram GIN) queues new entries and merges them into the index when the
      // queue passes gin_pending_list_limit, inside whichever insert passes it (the queue sizes
      // are the import service's: PENDING_LIST_KB). On PostgreSQL the import has a connection of
      // its own: a larger queue, so each merge files many rows under each trigram at once
      // instead of revisiting every trigram's entries every 4 MB.
      if (options.pendingListKb)
        await db.execute(sql.raw(`set local gin_pending_list_limit = ${Math.trunc(options.pendingListKb)}`));
      // The merge sorts the queue's entries in memory, in pieces of work_mem (4 MB by default):
      // each piece is another pass over the trigrams it touches. A larger piece, for this
      // transaction only, is fewer passes.
      if (options.mergeMemoryKb)
        await db.execute(sql.raw(`set local work_mem = ${Math.trunc(options.mergeMemoryKb)}`));
    },

    /**
     * How many contacts the workspace has, with additions serialised: the same per-workspace
     * lock the contact form takes (contacts/repository.ts lockCount), so an import and the form
     * cannot both take the plan's last place.
     */
    async lockedContactCount(workspaceId: string): Promise<number> {
      await advisoryLock(db, "contacts", workspaceId);
      const rows = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from contacts where workspace_id = ${workspaceId}`),
      );
      return rows[0]?.n ?? 0;
    },

    /**
     * The workspace's contacts sharing a phone (E.164) or an email with the batch: for each
     * value, the oldest contact that has it. Written as one index probe a value (a lateral
     * subquery per value cannot be turned into a scan of the workspace): with `= any(array)`
     * the planner, before statistics caught up with a growing import, filtered every contact of
     * the workspace against the arrays, which made a million-row import quadratic.
     */
    async findMatches(workspaceId: string, phones: string[], emails: string[]): Promise<ExistingMatch[]> {
      if (phones.length === 0 && emails.length === 0) return [];
      const rows = rowsOf<{ id: string; phone_e164: string | null; email: string | null }>(
        await db.execute(sql`
          select id, phone_e164, email from (
            select m.* from unnest(${array(phones)}::text[]) as p(value) cross join lateral (
              select id, phone_e164, email, created_at from contacts
              where workspace_id = ${workspaceId} and phone_e164 = p.value
              order by created_at, id limit 1
            ) as m
            union all
            select m.* from unnest(${array(emails)}::text[]) as e(value) cross join lateral (
              select id, phone_e164, email, created_at from contacts
              where workspace_id = ${workspaceId} and email = e.value
              order by created_at, id limit 1
            ) as m
          ) as found
          order by created_at, id`),
      );
      return rows.map((row) => ({ id: row.id, phoneE164: row.phone_e164, email: row.email }));
    },

    async insertContacts(
      workspaceId: string,
      importId: string,
      createdBy: string | null,
      drafts: ContactDraft[],
    ): Promise<void> {
      if (drafts.length === 0) return;
      const columns = presentColumns(drafts);
      const source = columns.some((column) => column.key === "leadSource");
      const written = columns.filter((column) => column.key !== "leadSource");
      await db.execute(sql`
        insert into contacts (
          workspace_id, created_by, import_batch, upload_date, lead_source,
          ${sql.join(
            written.map((column) => sql.raw(column.name)),
            sql`, `,
          )}
        )
        select
          ${workspaceId}::uuid, ${createdBy}::uuid, ${importId}, now(),
          ${sql.raw(source ? "coalesce(u.lead_source, 'import')" : "'import'")},
          ${sql.join(
            written.map((column) => sql.raw(column.insert ?? `u.${column.name}`)),
            sql`, `,
          )}
        from ${unnestDrafts(drafts, columns)}`);
    },

    /** Writes each row's non-empty values over the contact's (tags are added to its own). */
    async updateContacts(workspaceId: string, updates: Map<string, ContactDraft>): Promise<void> {
      if (updates.size === 0) return;
      const drafts = [...updates.values()];
      const columns = presentColumns(drafts);
      const sets = columns.map((column) =>
        sql.raw(`${column.name} = ${column.update ?? `coalesce(u.${column.name}, c.${column.name})`}`),
      );
      await db.execute(sql`
        update contacts c set ${sql.join(sets, sql`, `)}, updated_at = now()
        from ${unnestDrafts(drafts, columns, [...updates.keys()])}
        where c.id = u.id and c.workspace_id = ${workspaceId}`);
    },

    async insertRejects(importId: string, rejects: RejectRow[]): Promise<void> {
      if (rejects.length === 0) return;
      await db.execute(sql`
        insert into contact_import_rejects (import_id, line, "column", reason, cells)
        select ${importId}::uuid, r.line, r.col, r.reason, r.cells::jsonb
        from unnest(
          ${array(rejects.map((r) => r.line))}::int[],
          ${array(rejects.map((r) => r.column))}::text[],
          ${array(rejects.map((r) => r.reason))}::text[],
          ${array(rejects.map((r) => JSON.stringify(r.cells)))}::text[]
        ) as r(line, col, reason, cells)`);
    },

    /** Adds a batch's counts and moves the checkpoint, in the batch's transaction. */
    async recordBatch(
      importId: string,
      counts: { committedRows: number; imported: number; updated: number; skipped: number; rejected: number },
    ): Promise<void> {
      await db.execute(sql`
        update contact_imports set
          committed_rows = ${counts.committedRows},
          imported = imported + ${counts.imported},
          updated = updated + ${counts.updated},
          skipped = skipped + ${counts.skipped},
          rejected = rejected + ${counts.rejected}
        where id = ${importId}`);
    },

    /**
     * Merges the search index's queued entries now (after a large import): a search reads the
     * whole queue on every query until it is merged.
     */
    async mergeSearchIndex(): Promise<void> {
      await db.execute(sql`select gin_clean_pending_list('contacts_search_trgm_idx'::regclass)`);
    },

    // --- rejects ---

    async rejects(importId: string, options: { offset: number; limit: number }): Promise<RejectRow[]> {
      return db
        .select({
          line: contactImportRejects.line,
          column: contactImportRejects.column,
          reason: contactImportRejects.reason,
          cells: contactImportRejects.cells,
        })
        .from(contactImportRejects)
        .where(eq(contactImportRejects.importId, importId))
        .orderBy(asc(contactImportRejects.line))
        .offset(options.offset)
        .limit(options.limit);
    },

    /** Every reject in line order, a few thousand at a time (keyset on the line number). */
    async *allRejects(importId: string, batch = 5_000): AsyncGenerator<RejectRow[]> {
      let after = 0;
      for (;;) {
        const rows = await db
          .select({
            line: contactImportRejects.line,
            column: contactImportRejects.column,
            reason: contactImportRejects.reason,
            cells: contactImportRejects.cells,
          })
          .from(contactImportRejects)
          .where(and(eq(contactImportRejects.importId, importId), gt(contactImportRejects.line, after)))
          .orderBy(asc(contactImportRejects.line))
          .limit(batch);
        if (rows.length === 0) return;
        yield rows;
        after = rows.at(-1)!.line;
        if (rows.length < batch) return;
      }
    },

    // --- undo ---

    /** Deletes up to `limit` of the contacts the import created; answers how many went. */
    async deleteCreated(workspaceId: string, importId: string, limit: number): Promise<number> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          delete from contacts where id in (
            select id from contacts where workspace_id = ${workspaceId} and import_batch = ${importId} limit ${limit}
          ) returning id`),
      );
      return rows.length;
    },
  };
}

export type ImportRepository = ReturnType<typeof importRepository>;
