import { z } from "zod";
import { safeString } from "./text";

/**
 * Contacts and the lead side of the same rows ("Contact (lead
 * side)", "Contact stats", "Contacts and leads"). The server and the screens share these.
 */

export const PREFERRED_CONTACT_METHODS = ["phone", "email", "mail", "sms", "other"] as const;
export type PreferredContactMethod = (typeof PREFERRED_CONTACT_METHODS)[number];

/** The spec's manager form lists five; the spec's lead side adds qualified. */
export const CONTACT_STATUSES = [
  "new",
  "contacted",
  "interested",
  "qualified",
  "converted",
  "not_interested",
] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Where a contact came from. */
export const LEAD_SOURCES = ["manual", "import", "serpapi", "referral"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const CONTACT_SORTS = ["newest", "oldest", "name", "lastCalled", "leadScore", "updated"] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

/** What a duplicate row (same phone in E.164, or same email) does during an import. */
export const IMPORT_MODES = ["skip", "update", "create"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const IMPORT_STATUSES = ["queued", "running", "completed", "failed", "undone"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

// --- Messages ---
export const NAME_REQUIRED = "Name is required";
export const INVALID_EMAIL = "Please enter a valid email address";
export const INVALID_PHONE = "Please enter a valid phone number";
export const CSV_ONLY = "Please select a CSV file";
export const NO_CSV_DATA = "No Data - Please upload a CSV file or paste CSV data";
export const NO_PHONE_NUMBER = "No phone number available";
export const ON_DO_NOT_CALL = "This number is on the do-not-call list, so it cannot be dialled.";
export const CONTACT_MESSAGES = {
  addFailed: "Failed to add contact",
  deleteFailed: "Failed to delete contact",
  uploadFailed: "Failed to upload contacts",
  exportFailed: "Failed to export contacts",
  exportLeadsFailed: "Failed to export leads",
  updateFailed: "Failed to update contact",
  callFailed: "Failed to initiate call",
  previewFailed: "Failed to preview call",
  importFailed: "Failed to import contacts",
  added: "Contact added successfully",
  deleted: "Contact deleted successfully",
  uploaded: "Contacts uploaded successfully",
  updated: "Contact Updated",
  callInitiated: "Call Initiated",
  exported: "Export Complete",
} as const;

/** Files and rows an import takes: larger files run as a job with progress. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_COLUMNS = 200;
/** At most this many data rows are imported inline, in the request; more run as a job. */
export const INLINE_IMPORT_ROWS = 2_000;

export const DEFAULT_CONTACTS_PAGE = 50;
export const MAX_CONTACTS_PAGE = 200;

const isoDate = z.string().nullable();

/** A contact as every screen reads it (the lead side uses the same shape). */
export const ContactOut = z.object({
  id: z.string(),
  name: z.string(),
  /** As the user typed it. */
  phoneNumber: z.string().nullable(),
  /** The same number in E.164, or null when it could not be read as one. */
  phoneE164: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  preferredContactMethod: z.enum(PREFERRED_CONTACT_METHODS),
  mailingAddress: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  industry: z.string().nullable(),
  businessType: z.string().nullable(),
  isFavorite: z.boolean(),
  doNotCall: z.boolean(),
  leadSource: z.string(),
  leadScore: z.number().int(),
  contactStatus: z.enum(CONTACT_STATUSES),
  preferredContactTime: z.string().nullable(),
  /** The zone recorded for the contact, else its number's (the calling hours read both). */
  timezone: z.string(),
  /** Whether the zone was recorded (false: it is the number's own). */
  timezoneRecorded: z.boolean(),
  /** When the contact agreed to calls spoken by an AI voice; null: no consent recorded. */
  aiVoiceConsentAt: isoDate,
  /** When the contact asked to be called back (from a call, or set by hand). */
  scheduledCallback: isoDate,
  lastCalled: isoDate,
  lastContactAttempt: isoDate,
  callCount: z.number().int(),
  serpApiData: z.record(z.string(), z.unknown()).nullable(),
  campaignId: z.string().nullable(),
  importBatch: z.string().nullable(),
  uploadDate: isoDate,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof ContactOut>;

export const ContactIdParams = z.object({ id: z.uuid("That contact id is not valid") });

const optionalText = (label: string, max: number) =>
  safeString(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

/** Tags come as a list, or as the form's comma-separated text; trimmed, blanks and repeats dropped. */
const tags = z
  .union([
    z.array(safeString("A tag").max(50, "A tag must be at most 50 characters")),
    safeString("Tags").max(2000, "Tags must be at most 2000 characters"),
  ])
  .transform((value) => {
    const list = Array.isArray(value) ? value : value.split(",");
    return [...new Set(list.map((tag) => tag.trim()).filter(Boolean))];
  })
  .refine((list) => list.length <= 50, "A contact can have at most 50 tags");

/** Empty or absent email is none; otherwise it must be an address. */
const email = z
  .union([z.literal(""), z.email(INVALID_EMAIL).max(254, INVALID_EMAIL)], { error: INVALID_EMAIL })
  .nullish()
  .transform((value) => (value === undefined ? undefined : value ? value.toLowerCase() : null));

/** The fields both forms send (the contacts screen sends the first four). */
const contactFields = {
  phoneNumber: optionalText("Phone number", 40),
  email,
  company: optionalText("Company", 200),
  notes: optionalText("Notes", 5000),
  preferredContactMethod: z
    .enum(PREFERRED_CONTACT_METHODS, {
      error: "Preferred contact method must be phone, email, mail, sms or other",
    })
    .optional(),
  mailingAddress: optionalText("Mailing address", 500),
  address: optionalText("Address", 500),
  website: optionalText("Website", 500),
  industry: optionalText("Industry", 100),
  businessType: optionalText("Business type", 100),
  tags: tags.optional(),
  isFavorite: z.boolean({ error: "isFavorite must be true or false" }).optional(),
  doNotCall: z.boolean({ error: "doNotCall must be true or false" }).optional(),
  leadSource: z
    .enum(LEAD_SOURCES, { error: "Lead source must be manual, import, serpapi or referral" })
    .optional(),
  leadScore: z
    .number({ error: "Lead score must be a number from 0 to 100" })
    .int("Lead score must be a whole number")
    .min(0, "Lead score must be a number from 0 to 100")
    .max(100, "Lead score must be a number from 0 to 100")
    .optional(),
  contactStatus: z
    .enum(CONTACT_STATUSES, {
      error: "Status must be new, contacted, interested, qualified, converted or not_interested",
    })
    .optional(),
  preferredContactTime: optionalText("Preferred contact time", 100),
  timezone: optionalText("Time zone", 64),
  /** True records now as when the contact agreed to AI-voice calls; false withdraws it. */
  aiVoiceConsent: z.boolean({ error: "aiVoiceConsent must be true or false" }).optional(),
  serpApiData: z.record(z.string(), z.unknown()).nullish(),
  campaignId: z.uuid("That campaign id is not valid").nullish(),
};

const name = safeString("Name", NAME_REQUIRED)
  .trim()
  .min(1, NAME_REQUIRED)
  .max(200, "Name must be at most 200 characters");

/** POST /api/contacts. Unknown keys (id, callCount, createdAt from the manager form) are ignored. */
export const ContactCreate = z.object({ name, ...contactFields });
export type ContactCreate = z.input<typeof ContactCreate>;

/** PATCH /api/contacts/:id: the changed fields; PUT sends the whole form (with its id), same rules. */
export const ContactUpdate = z
  .object({ name: name.optional(), ...contactFields })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Send at least one field to change",
  });
export type ContactUpdate = z.input<typeof ContactUpdate>;

const booleanQuery = (label: string) =>
  z
    .enum(["true", "false"], { error: `${label} must be true or false` })
    .transform((value) => value === "true");

/**
 * GET /api/contacts: one page, server-side. The body stays a plain array; the paging
 * is in headers, as for appointments: X-Total-Count, X-Page, X-Limit, X-Total-Pages and Link.
 */
export const ContactListQuery = z.object({
  /** Case-insensitive, over name, phone (as typed and E.164), email and company. */
  search: safeString("Search").trim().max(200, "Search must be at most 200 characters").optional(),
  status: z.enum(CONTACT_STATUSES, { error: "Unknown status" }).optional(),
  source: z.enum(LEAD_SOURCES, { error: "Unknown source" }).optional(),
  tag: safeString("Tag").trim().max(50, "A tag must be at most 50 characters").optional(),
  favorite: booleanQuery("favorite").optional(),
  hasPhone: booleanQuery("hasPhone").optional(),
  doNotCall: booleanQuery("doNotCall").optional(),
  /** A saved segment's contacts (common/segments), narrowed further by the other filters. */
  segment: z.uuid("That segment id is not valid").optional(),
  sort: z
    .enum(CONTACT_SORTS, { error: "Sort must be newest, oldest, name, lastCalled, leadScore or updated" })
    .default("newest"),
  page: z.coerce
    .number({ error: "Page must be a whole number from 1" })
    .int("Page must be a whole number from 1")
    .min(1, "Page must be a whole number from 1")
    .max(1_000_000, "Page must be at most 1000000")
    .default(1),
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${MAX_CONTACTS_PAGE}` })
    .int(`Limit must be a whole number from 1 to ${MAX_CONTACTS_PAGE}`)
    .min(1, `Limit must be a whole number from 1 to ${MAX_CONTACTS_PAGE}`)
    .max(MAX_CONTACTS_PAGE, `Limit must be a whole number from 1 to ${MAX_CONTACTS_PAGE}`)
    .default(DEFAULT_CONTACTS_PAGE),
});
export type ContactListQuery = z.input<typeof ContactListQuery>;

/** GET /api/contacts/stats, computed from the workspace's rows. */
export const ContactStats = z.object({
  totalContacts: z.number().int(),
  /** Contacts whose status is still new. */
  newContacts: z.number().int(),
  /** Contacts called (or attempted) since midnight in the workspace's time zone. */
  contactedToday: z.number().int(),
  /** Converted contacts as a percentage of all, one decimal. */
  conversionRate: z.number(),
  /** The mean lead score, one decimal (0 with no contacts). */
  avgLeadScore: z.number(),
  /** The plan's contact limit; -1 is unlimited. */
  contactLimit: z.number().int(),
});
export type ContactStats = z.infer<typeof ContactStats>;

/** POST /api/contacts/:id/dial. */
export const ContactDialRequest = z.object({
  agentId: safeString("The agent id")
    .trim()
    .max(100, "The agent id must be at most 100 characters")
    .default("1"),
  purpose: safeString("The purpose")
    .trim()
    .max(300, "The purpose must be at most 300 characters")
    .default("sales"),
});
export const ContactDialResponse = z.object({ message: z.string(), callId: z.string() });
export type ContactDialResponse = z.infer<typeof ContactDialResponse>;

export const PhoneLogOut = z.object({
  id: z.string(),
  contactId: z.string().nullable(),
  callId: z.string().nullable(),
  phoneNumber: z.string(),
  direction: z.string(),
  duration: z.number().int(),
  timestamp: z.string(),
  callType: z.string(),
  notes: z.string().nullable(),
});
export type PhoneLog = z.infer<typeof PhoneLogOut>;

// --- Imports ---

/**
 * POST /api/contacts/import {csvData} and POST /api/contacts/upload (the CSV as
 * text/csv, or a multipart file field "file"; mode and fileName then come as query parameters).
 */
export const ContactImportRequest = z.object({
  csvData: safeString("The CSV data", NO_CSV_DATA).refine((value) => value.trim().length > 0, NO_CSV_DATA),
  mode: z.enum(IMPORT_MODES, { error: "Mode must be skip, update or create" }).default("skip"),
  fileName: safeString("The file name")
    .trim()
    .max(255, "The file name must be at most 255 characters")
    .optional(),
});
export type ContactImportRequest = z.input<typeof ContactImportRequest>;

export const ContactUploadQuery = z.object({
  mode: z.enum(IMPORT_MODES, { error: "Mode must be skip, update or create" }).default("skip"),
  fileName: safeString("The file name")
    .trim()
    .max(255, "The file name must be at most 255 characters")
    .optional(),
});

/** One row an import could not take. Lines count from 1 at the header row, as a spreadsheet shows them. */
export const ImportRejectOut = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  reason: z.string(),
});
export type ImportReject = z.infer<typeof ImportRejectOut>;

/** An import and its counts: imported + updated + skipped + rejected = totalRows when completed. */
export const ContactImportOut = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  mode: z.enum(IMPORT_MODES),
  fileName: z.string().nullable(),
  jobId: z.string().nullable(),
  totalRows: z.number().int(),
  imported: z.number().int(),
  updated: z.number().int(),
  /** Duplicates left alone (mode skip). */
  skipped: z.number().int(),
  rejected: z.number().int(),
  unknownColumns: z.array(z.string()),
  /** How the file's bytes were read: utf-8, utf-16le, utf-16be or windows-1252 (a file that is not UTF-8). */
  encoding: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
});
export type ContactImport = z.infer<typeof ContactImportOut>;

/**
 * The answer to an import or upload. Small files finish in the request (status completed);
 * larger ones answer 202 with status queued and a jobId to follow (GET /api/jobs/:id, or
 * GET /api/contacts/imports/:id). `imported` and `errors` are the spec's import answer,
 * `imported` and `skipped` its upload answer; `errors` lists the first rejects as
 * "Line 7, Email: ... is not a valid email address".
 */
export const ContactImportResponse = ContactImportOut.extend({
  importId: z.string(),
  errors: z.array(z.string()),
});
export type ContactImportResponse = z.infer<typeof ContactImportResponse>;

/** Named importId (not id) so the route walk can give import routes an import of the owner's. */
export const ImportIdParams = z.object({ importId: z.uuid("That import id is not valid") });

/** GET /api/contacts/imports/:id/rejects: a page of rejects in line order (the total in X-Total-Count). */
export const ImportRejectsQuery = z.object({
  offset: z.coerce
    .number({ error: "Offset must be a whole number from 0" })
    .int("Offset must be a whole number from 0")
    .min(0, "Offset must be a whole number from 0")
    .max(10_000_000, "Offset must be at most 10000000")
    .default(0),
  limit: z.coerce
    .number({ error: "Limit must be a whole number from 1 to 1000" })
    .int("Limit must be a whole number from 1 to 1000")
    .min(1, "Limit must be a whole number from 1 to 1000")
    .max(1000, "Limit must be a whole number from 1 to 1000")
    .default(100),
});

/** POST /api/contacts/imports/:id/undo: the import, now undone, and what undoing it did. */
export const ContactImportUndoResponse = ContactImportOut.extend({
  /** Contacts the import had added that were deleted. */
  deleted: z.number().int(),
  /** "Removed 12 contacts this import added. The 3 contacts it updated keep their new values." */
  message: z.string(),
});
export type ContactImportUndoResponse = z.infer<typeof ContactImportUndoResponse>;

// --- Do-not-call list ---

export const DoNotCallOut = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  phoneE164: z.string(),
  source: z.string(),
  /** The call on which the person asked not to be called again (source "call"); else null. */
  callId: z.string().nullable(),
  /** When the number was listed: for a call's, the moment the person asked. */
  createdAt: z.string(),
});
export type DoNotCallEntry = z.infer<typeof DoNotCallOut>;

export const DoNotCallCreate = z.object({
  phoneNumber: safeString("Phone number", INVALID_PHONE).trim().min(1, INVALID_PHONE).max(40, INVALID_PHONE),
});

export const DoNotCallImportRequest = z.object({
  csvData: safeString("The CSV data", NO_CSV_DATA).refine((value) => value.trim().length > 0, NO_CSV_DATA),
});
export const DoNotCallImportResponse = z.object({
  added: z.number().int(),
  alreadyListed: z.number().int(),
  rejected: z.array(z.object({ line: z.number().int(), value: z.string(), reason: z.string() })),
});
export type DoNotCallImportResponse = z.infer<typeof DoNotCallImportResponse>;

export const DoNotCallIdParams = z.object({ id: z.uuid("That entry id is not valid") });
