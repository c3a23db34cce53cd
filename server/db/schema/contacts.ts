import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users";
import { workspaces } from "./workspaces";

/**
 * Contacts, per workspace; the lead manager reads the same rows. Phone numbers
 * are kept as typed (`phone_number`) and in E.164 (`phone_e164`, the workspace's default country)
 * for matching; emails are stored lower-cased.
 */
/**
 * The keys of the small sets' partial indexes (favourites, do-not-call, no number): creation
 * order first (the default sort, and the capped count), then every other sort's columns, carried
 * so that sorting the set by any of them needs only the index (PostgreSQL's INCLUDE, which
 * drizzle cannot declare, would do the same).
 */
function smallSetKeys(
  table: Record<
    "workspaceId" | "createdAt" | "id" | "name" | "leadScore" | "lastCalled" | "updatedAt",
    ExtraConfigColumn
  >,
): [ExtraConfigColumn, ...ExtraConfigColumn[]] {
  return [
    table.workspaceId,
    table.createdAt,
    table.id,
    table.name,
    table.leadScore,
    table.lastCalled,
    table.updatedAt,
  ];
}

export const contacts = pgTable(
  "contacts",
  {
    /**
     * Time-ordered (UUID version 7, the uuid_v7() function of the contacts_time_ordered_ids
     * migration): the sorts break ties on the id, so a random id filed every new contact at a
     * random place in four indexes (the primary key, score, last call, last edit). In time order
     * an import appends to their right-hand edge (bench contacts-import).
     */
    id: uuid("id").primaryKey().default(sql`uuid_v7()`),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The person who made it (null when the engine or an import did, or the person has left). */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    phoneNumber: text("phone_number"),
    /** The phone number in E.164, for matching callers and duplicates whatever the formatting. */
    phoneE164: text("phone_e164"),
    email: text("email"),
    company: text("company"),
    preferredContactMethod: text("preferred_contact_method").notNull().default("phone"),
    communicationChannels: jsonb("communication_channels"),
    mailingAddress: text("mailing_address"),
    tags: text("tags").array().notNull().default([]),
    notes: text("notes"),
    lastCalled: timestamp("last_called", { withTimezone: true }),
    callCount: integer("call_count").notNull().default(0),
    isFavorite: boolean("is_favorite").notNull().default(false),
    leadSource: text("lead_source").notNull().default("manual"),
    address: text("address"),
    website: text("website"),
    industry: text("industry"),
    businessType: text("business_type"),
    leadScore: integer("lead_score").notNull().default(0),
    lastContactAttempt: timestamp("last_contact_attempt", { withTimezone: true }),
    contactStatus: text("contact_status").notNull().default("new"),
    preferredContactTime: text("preferred_contact_time"),
    /** When the contact asked to be called back (set by the assistant from a call, or by hand). */
    scheduledCallback: timestamp("scheduled_callback", { withTimezone: true }),
    /**
     * The zone someone recorded for the contact; null when nobody did (the number's own zone
     * applies then: a default here would make a Tokyo number "New York" for the calling hours).
     */
    timezone: text("timezone"),
    /** When the contact agreed to calls spoken by an AI voice (as the FCC requires for them). */
    aiVoiceConsentAt: timestamp("ai_voice_consent_at", { withTimezone: true }),
    serpApiData: jsonb("serp_api_data"),
    campaignId: uuid("campaign_id"),
    /** The contact_imports row that created it (undo deletes by it). */
    importBatch: text("import_batch"),
    uploadDate: timestamp("upload_date", { withTimezone: true }),
    /** Never dialled by any outbound path (the workspace's do-not-call list also applies). */
    doNotCall: boolean("do_not_call").notNull().default(false),
    /** What the search box matches: name, both phone spellings, email and company, lower-cased. */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(coalesce(name, '') || ' ' || coalesce(phone_number, '') || ' ' || coalesce(phone_e164, '') || ' ' || coalesce(email, '') || ' ' || coalesce(company, ''))`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The id too: the newest and oldest sorts and the export's keyset ranges (created_at, id) read
    // it in order, the export's range ends from the index alone.
    index("contacts_workspace_created_idx").on(table.workspaceId, table.createdAt, table.id),
    index("contacts_workspace_phone_idx").on(table.workspaceId, table.phoneE164),
    index("contacts_workspace_email_idx").on(table.workspaceId, table.email),
    index("contacts_workspace_name_idx").on(table.workspaceId, table.name),
    index("contacts_workspace_status_created_idx").on(
      table.workspaceId,
      table.contactStatus,
      table.createdAt,
    ),
    index("contacts_workspace_source_created_idx").on(table.workspaceId, table.leadSource, table.createdAt),
    // The sorts read newest score, latest call and latest edit first, the id breaking ties: each
    // index is in that order, so a page is a short index scan instead of a sort of every row.
    index("contacts_workspace_score_idx").on(table.workspaceId, table.leadScore.desc(), table.id.desc()),
    index("contacts_workspace_last_called_idx").on(
      table.workspaceId,
      table.lastCalled.desc().nullsLast(),
      table.id.desc(),
    ),
    index("contacts_workspace_updated_idx").on(table.workspaceId, table.updatedAt.desc(), table.id.desc()),
    // The stats' "contacted today" reads last_called (the index above) or last_contact_attempt:
    // only contacts ever attempted are in this one, so an import of fresh rows never touches it.
    index("contacts_workspace_last_attempt_idx")
      .on(table.workspaceId, table.lastContactAttempt)
      .where(sql`${table.lastContactAttempt} is not null`),
    index("contacts_workspace_import_batch_idx").on(table.workspaceId, table.importBatch),
    // The three small sets below (favourites, do-not-call, no number) each have a partial index
    // that also holds every sort's keys: a page of them sorted by name, score, last call or last
    // edit is picked from these entries alone (the list's page query selects ids first, see
    // repository.ts page), instead of walking a sort index and visiting the table for every
    // contact it passes (bench contacts: do-not-call by name, page 20, 162 ms to 3.4 ms on a
    // million). Only matching contacts have entries, so an import of ordinary rows never pays.
    index("contacts_workspace_favorite_idx")
      .on(...smallSetKeys(table))
      .where(sql`${table.isFavorite}`),
    // Few contacts are do-not-call: without this, listing them walks every contact.
    index("contacts_workspace_do_not_call_idx")
      .on(...smallSetKeys(table))
      .where(sql`${table.doNotCall}`),
    // Contacts without a number are few (about 5%): without this, listing or counting them
    // walks every contact (bench contacts: the capped count 31 ms to 2.4 ms on a million).
    index("contacts_workspace_no_phone_idx")
      .on(...smallSetKeys(table))
      .where(sql`${table.phoneNumber} is null`),
    // Only tagged contacts: most imports bring no tags, and each untagged row would still cost
    // an entry here. The tag filter repeats this condition so the planner can use it.
    index("contacts_tags_idx").using("gin", table.tags).where(sql`${table.tags} <> '{}'::text[]`),
    // Substring search (ILIKE '%...%') in a keystroke over a million rows needs a trigram index.
    index("contacts_search_trgm_idx").using("gin", sql`${table.searchText} gin_trgm_ops`),
  ],
);

/**
 * Each workspace's contact stats that do not depend on the day ("Contact stats"): how
 * many contacts, how many are new or converted, and the lead scores' sum. Kept exact by
 * statement-level triggers on contacts (the contact_counts_triggers migration), in the transaction of every write
 * whoever makes it (the form, imports, undo, the bench's generator): GET /api/contacts/stats
 * reads one row instead of a million. No row means no contacts.
 */
export const contactCounts = pgTable("contact_counts", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  total: integer("total").notNull().default(0),
  fresh: integer("fresh").notNull().default(0),
  converted: integer("converted").notNull().default(0),
  scoreSum: bigint("score_sum", { mode: "number" }).notNull().default(0),
});

/** A workspace's do-not-call list: numbers no outbound path may dial, contact or not. */
export const doNotCallNumbers = pgTable(
  "do_not_call_numbers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The number in E.164: what every dial checks. */
    phoneE164: text("phone_e164").notNull(),
    /** As the user typed or imported it. */
    phoneNumber: text("phone_number").notNull(),
    /** manual, import, contact (flagged on a contact), call (asked on a call), or the reason given. */
    source: text("source").notNull().default("manual"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** The call on which the person asked not to be called again (source "call"). */
    callId: uuid("call_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("do_not_call_workspace_phone_idx").on(table.workspaceId, table.phoneE164)],
);

/** Phone_logs: every call placed to or received from a contact. */
export const phoneLogs = pgTable(
  "phone_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    /** The call this log is about, when the app placed or received it. */
    callId: uuid("call_id"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    phoneNumber: text("phone_number").notNull(),
    direction: text("direction").notNull().default("outbound"),
    duration: integer("duration").notNull().default(0),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
    callType: text("call_type").notNull().default("dial"),
    notes: text("notes"),
  },
  (table) => [
    index("phone_logs_workspace_contact_idx").on(table.workspaceId, table.contactId, table.timestamp),
  ],
);

/**
 * One CSV import: its counts (imported + updated + skipped + rejected = the file's data rows),
 * the columns it did not know, and its state. Its rejects are kept in contact_import_rejects.
 */
export const contactImports = pgTable(
  "contact_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name"),
    /** skip (default), update or create: what a duplicate does. */
    mode: text("mode").notNull().default("skip"),
    /** queued, running, completed, failed, undone. */
    status: text("status").notNull().default("queued"),
    /** The job that runs a large import, when there is one. */
    jobId: uuid("job_id"),
    totalRows: integer("total_rows").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
    /** Header cells that matched no contact field: reported, not silently dropped. */
    unknownColumns: text("unknown_columns").array().notNull().default([]),
    /** The header as read, so the rejects file has the same columns as the upload. */
    header: text("header").array().notNull().default([]),
    /** How the file's bytes were read: utf-8, utf-16le, utf-16be or windows-1252. */
    encoding: text("encoding"),
    /**
     * Data rows whose outcome is committed (each batch moves it in the batch's transaction): a
     * job that runs again after a crash starts after them, so no row is imported twice.
     */
    committedRows: integer("committed_rows").notNull().default(0),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (table) => [index("contact_imports_workspace_created_idx").on(table.workspaceId, table.createdAt)],
);

/** A row an import could not take: its line number, the column at fault, why, and the row as read. */
export const contactImportRejects = pgTable(
  "contact_import_rejects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    importId: uuid("import_id")
      .notNull()
      .references(() => contactImports.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    column: text("column"),
    reason: text("reason").notNull(),
    /** The row's cells as read (a JSON array of strings), to write the rejects file. */
    cells: jsonb("cells").$type<string[]>().notNull(),
  },
  (table) => [index("contact_import_rejects_import_line_idx").on(table.importId, table.line)],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * A queued import's upload, in pieces of about a megabyte, until the import finishes: any app
 * server sharing the database can run the job, and a job that starts again reads it again.
 */
export const contactImportFiles = pgTable(
  "contact_import_files",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => contactImports.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.seq] })],
);

/**
 * A workspace's saved segments: a named filter (its contacts are whoever matches it now), or a
 * list (its contacts are the members put in it, see contact_list_members). Either serves as a
 * dialer campaign's lead source and an email campaign's audience.
 */
export const contactSegments = pgTable(
  "contact_segments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** filter or list (common/segments SEGMENT_KINDS). */
    kind: text("kind").notNull().default("filter"),
    /** The filter (common/segments SegmentFilter) of a filter segment; null for a list. */
    filter: jsonb("filter").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Two segments of one name would be impossible to tell apart in a campaign's picker.
    uniqueIndex("contact_segments_workspace_name_idx").on(table.workspaceId, sql`lower(${table.name})`),
  ],
);

/**
 * The members of a list segment. `bulk_id` is the bulk action that put the contact in, so
 * undoing it takes out exactly those (a member added by hand or by an earlier action stays).
 */
export const contactListMembers = pgTable(
  "contact_list_members",
  {
    segmentId: uuid("segment_id")
      .notNull()
      .references(() => contactSegments.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    bulkId: uuid("bulk_id"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.segmentId, table.contactId] }),
    // A contact's lists (a deleted contact's, kept for its undo) and an undo's members.
    index("contact_list_members_contact_idx").on(table.contactId),
    index("contact_list_members_bulk_idx").on(table.bulkId).where(sql`${table.bulkId} is not null`),
  ],
);

/**
 * One bulk action on contacts (common/contacts-bulk): what it does, to which selection, and how
 * far it got. A large one runs as a contacts.bulk job that moves its cursor (the last contact
 * handled) with each batch, in the batch's statement or transaction, so a job that starts again
 * carries on after it. Only the workspace's last action keeps what its undo needs.
 */
export const contactBulkActions = pgTable(
  "contact_bulk_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** common/contacts-bulk BULK_ACTIONS. */
    type: text("type").notNull(),
    /** The action's own settings (tags, status, campaign, list) and names for its label. */
    params: jsonb("params").$type<Record<string, unknown>>().notNull(),
    /** The filter selected by (common/contacts-bulk SelectionFilter), when not picked by id. */
    filter: jsonb("filter").$type<Record<string, unknown>>(),
    /** The contacts picked by id, when they were. */
    ids: uuid("ids").array(),
    /** Contacts made after this are not part of a filter's selection. */
    asOf: timestamp("as_of", { withTimezone: true }).notNull().defaultNow(),
    /** common/contacts-bulk BULK_STATUSES. */
    status: text("status").notNull().default("queued"),
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    changed: integer("changed").notNull().default(0),
    /**
     * The last contact handled, by (created_at, id): batches go in that order, the order of the
     * workspace's creation index. Written by the batch's own statement (a JavaScript Date
     * would drop the microseconds).
     */
    cursorCreated: timestamp("cursor_created", { withTimezone: true }),
    cursorId: uuid("cursor_id"),
    /** The undo's place among the action's undo rows (by contact id). */
    undoCursor: uuid("undo_cursor"),
    jobId: uuid("job_id"),
    undoJobId: uuid("undo_job_id"),
    restored: integer("restored").notNull().default(0),
    kept: integer("kept").notNull().default(0),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When its work last moved (each batch, and the undo's start): an action run in a request
     * (no job) that has not moved for minutes was cut off with its server, and is settled.
     */
    touchedAt: timestamp("touched_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (table) => [
    index("contact_bulk_actions_workspace_created_idx").on(table.workspaceId, table.createdAt),
    // One action at a time per workspace: two overlapping ones would make each other's undo wrong.
    uniqueIndex("contact_bulk_actions_one_running_idx")
      .on(table.workspaceId)
      .where(sql`${table.status} in ('queued', 'running', 'undoing')`),
  ],
);

/**
 * What undoing a bulk action needs, one row per contact it changed: the value before and the
 * value it set (undo puts back only what still holds the action's value, so a later edit stays),
 * a deleted contact's whole row with its phone logs and lists, the campaign lead it added, or
 * the do-not-call number it listed. Rows go as they are undone.
 */
export const contactBulkUndo = pgTable(
  "contact_bulk_undo",
  {
    bulkId: uuid("bulk_id")
      .notNull()
      .references(() => contactBulkActions.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id").notNull(),
    /**
     * The contact's last edit before the action, and the moment the action wrote it: undo puts
     * the edit time back too when nothing changed the contact since.
     */
    updatedBefore: timestamp("updated_before", { withTimezone: true }),
    changedAt: timestamp("changed_at", { withTimezone: true }),
    tagsBefore: text("tags_before").array(),
    tagsAfter: text("tags_after").array(),
    statusBefore: text("status_before"),
    /** A number this action put on the do-not-call list (once per number). */
    listedNumber: text("listed_number"),
    /** A deleted contact as it was (every column but the generated search text). */
    row: jsonb("row").$type<Record<string, unknown>>(),
    phoneLogIds: uuid("phone_log_ids").array(),
    listIds: uuid("list_ids").array(),
    /** The dialer campaign lead this action added for the contact. */
    leadId: uuid("lead_id"),
  },
  (table) => [
    primaryKey({ columns: [table.bulkId, table.contactId] }),
    // Undoing a do-not-call mark asks, for each number it clears, whether this action listed it.
    index("contact_bulk_undo_listed_idx")
      .on(table.bulkId, table.listedNumber)
      .where(sql`${table.listedNumber} is not null`),
  ],
);
