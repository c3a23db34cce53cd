import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { ImportMode, ImportStatus } from "../../../../common/contacts";
import type { Db } from "../../../db/client";
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

/** The columns of a draft, as arrays of one value per row (unnest's input). */
function columnsOf(drafts: ContactDraft[]) {
  const pick = <T>(read: (draft: ContactDraft) => T) => array(drafts.map(read));
  return {
    name: pick((d) => d.name),
    phoneNumber: pick((d) => d.phoneNumber),
    phoneE164: pick((d) => d.phoneE164),
    email: pick((d) => d.email),
    company: pick((d) => d.company),
    notes: pick((d) => d.notes),
    method: pick((d) => d.preferredContactMethod),
    mailingAddress: pick((d) => d.mailingAddress),
    address: pick((d) => d.address),
    website: pick((d) => d.website),
    industry: pick((d) => d.industry),
    businessType: pick((d) => d.businessType),
    tags: pick((d) => joinTags(d.tags)),
    isFavorite: pick((d) => d.isFavorite),
    doNotCall: pick((d) => d.doNotCall),
    leadSource: pick((d) => d.leadSource),
    leadScore: pick((d) => d.leadScore),
    status: pick((d) => d.contactStatus),
    contactTime: pick((d) => d.preferredContactTime),
    timezone: pick((d) => d.timezone),
    lastCalled: pick((d) => d.lastCalled),
    lastAttempt: pick((d) => d.lastContactAttempt),
    callCount: pick((d) => d.callCount),
  };
}

/** unnest(...) over a draft's columns, typed; `u` names them. */
function unnestDrafts(c: ReturnType<typeof columnsOf>, ids?: string[]) {
  return sql`unnest(
    ${ids ? sql`${array(ids)}::uuid[],` : sql``}
    ${c.name}::text[], ${c.phoneNumber}::text[], ${c.phoneE164}::text[], ${c.email}::text[],
    ${c.company}::text[], ${c.notes}::text[], ${c.method}::text[], ${c.mailingAddress}::text[],
    ${c.address}::text[], ${c.website}::text[], ${c.industry}::text[], ${c.businessType}::text[],
    ${c.tags}::text[], ${c.isFavorite}::boolean[], ${c.doNotCall}::boolean[], ${c.leadSource}::text[],
    ${c.leadScore}::int[], ${c.status}::text[], ${c.contactTime}::text[], ${c.timezone}::text[],
    ${c.lastCalled}::timestamptz[], ${c.lastAttempt}::timestamptz[], ${c.callCount}::int[]
  ) as u(
    ${ids ? sql`id,` : sql``}
    name, phone_number, phone_e164, email, company, notes, preferred_contact_method, mailing_address,
    address, website, industry, business_type, tags, is_favorite, do_not_call, lead_source,
    lead_score, contact_status, preferred_contact_time, timezone, last_called, last_contact_attempt,
    call_count
  )`;
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
    async claimBatch(importId: string, committedRows: number): Promise<void> {
      const rows = rowsOf<{ committed_rows: number }>(
        await db.execute(sql`select committed_rows from contact_imports where id = ${importId} for update`),
      );
      if (rows[0]?.committed_rows !== committedRows) throw new StaleRunError(importId);
    },

    /**
     * How many contacts the workspace has, with additions serialised: the same per-workspace
     * lock the contact form takes (contacts/repository.ts lockCount), so an import and the form
     * cannot both take the plan's last place.
     */
    async lockedContactCount(workspaceId: string): Promise<number> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`contacts:${workspaceId}`}, 0))`);
      const rows = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from contacts where workspace_id = ${workspaceId}`),
      );
      return rows[0]?.n ?? 0;
    },

    /** The workspace's contacts sharing a phone (E.164) or an email with the batch, oldest first. */
    async findMatches(workspaceId: string, phones: string[], emails: string[]): Promise<ExistingMatch[]> {
      if (phones.length === 0 && emails.length === 0) return [];
      const rows = rowsOf<{ id: string; phone_e164: string | null; email: string | null }>(
        await db.execute(sql`
          select id, phone_e164, email from contacts
          where workspace_id = ${workspaceId}
            and (phone_e164 = any(${array(phones)}::text[]) or email = any(${array(emails)}::text[]))
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
      const c = columnsOf(drafts);
      await db.execute(sql`
        insert into contacts (
          workspace_id, created_by, import_batch, upload_date, name, phone_number, phone_e164, email,
          company, notes, preferred_contact_method, mailing_address, address, website, industry,
          business_type, tags, is_favorite, do_not_call, lead_source, lead_score, contact_status,
          preferred_contact_time, timezone, last_called, last_contact_attempt, call_count
        )
        select
          ${workspaceId}::uuid, ${createdBy}::uuid, ${importId}, now(), u.name, u.phone_number,
          u.phone_e164, u.email, u.company, u.notes, coalesce(u.preferred_contact_method, 'phone'),
          u.mailing_address, u.address, u.website, u.industry, u.business_type,
          coalesce(string_to_array(u.tags, chr(31)), '{}'), coalesce(u.is_favorite, false),
          coalesce(u.do_not_call, false), coalesce(u.lead_source, 'import'), coalesce(u.lead_score, 0),
          coalesce(u.contact_status, 'new'), u.preferred_contact_time,
          coalesce(u.timezone, 'America/New_York'), u.last_called, u.last_contact_attempt,
          coalesce(u.call_count, 0)
        from ${unnestDrafts(c)}`);
    },

    /** Writes each row's non-empty values over the contact's (tags are added to its own). */
    async updateContacts(workspaceId: string, updates: Map<string, ContactDraft>): Promise<void> {
      if (updates.size === 0) return;
      const c = columnsOf([...updates.values()]);
      await db.execute(sql`
        update contacts c set
          name = coalesce(u.name, c.name),
          phone_number = coalesce(u.phone_number, c.phone_number),
          phone_e164 = case when u.phone_number is null then c.phone_e164 else u.phone_e164 end,
          email = coalesce(u.email, c.email),
          company = coalesce(u.company, c.company),
          notes = coalesce(u.notes, c.notes),
          preferred_contact_method = coalesce(u.preferred_contact_method, c.preferred_contact_method),
          mailing_address = coalesce(u.mailing_address, c.mailing_address),
          address = coalesce(u.address, c.address),
          website = coalesce(u.website, c.website),
          industry = coalesce(u.industry, c.industry),
          business_type = coalesce(u.business_type, c.business_type),
          tags = case when u.tags is null then c.tags else c.tags || array(
            select t from unnest(string_to_array(u.tags, chr(31))) as t where not t = any(c.tags)
          ) end,
          is_favorite = coalesce(u.is_favorite, c.is_favorite),
          do_not_call = coalesce(u.do_not_call, c.do_not_call),
          lead_source = coalesce(u.lead_source, c.lead_source),
          lead_score = coalesce(u.lead_score, c.lead_score),
          contact_status = coalesce(u.contact_status, c.contact_status),
          preferred_contact_time = coalesce(u.preferred_contact_time, c.preferred_contact_time),
          timezone = coalesce(u.timezone, c.timezone),
          last_called = coalesce(u.last_called, c.last_called),
          last_contact_attempt = coalesce(u.last_contact_attempt, c.last_contact_attempt),
          call_count = coalesce(u.call_count, c.call_count),
          updated_at = now()
        from ${unnestDrafts(c, [...updates.keys()])}
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
