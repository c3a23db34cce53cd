import type { Contact, DoNotCallEntry, PhoneLog } from "../../../common/contacts";
import type { BulkActionResult, BulkActionType, BulkStatus } from "../../../common/contacts-bulk";
import type { Segment, SegmentKind } from "../../../common/segments";
import { phoneNumberZones } from "../dialer/time-zones";
import type { BulkRow } from "./bulk-repository";
import type { DoNotCallRow } from "./do-not-call-repository";
import type { ContactRow, PhoneLogRow } from "./repository";
import type { SegmentWithCounts } from "./segments";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** What a contact with no recorded zone and no number to read one from shows (the spec's default). */
const DEFAULT_ZONE = "America/New_York";

/** The number's zone when it has exactly one (an area code across a zone line has several). */
function numberZone(e164: string | null): string | null {
  const zones = e164 ? phoneNumberZones(e164) : [];
  return zones.length === 1 ? (zones[0] ?? null) : null;
}

export function presentContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    phoneNumber: row.phoneNumber,
    phoneE164: row.phoneE164,
    email: row.email,
    company: row.company,
    preferredContactMethod: row.preferredContactMethod as Contact["preferredContactMethod"],
    mailingAddress: row.mailingAddress,
    address: row.address,
    website: row.website,
    tags: row.tags,
    notes: row.notes,
    industry: row.industry,
    businessType: row.businessType,
    isFavorite: row.isFavorite,
    doNotCall: row.doNotCall,
    leadSource: row.leadSource,
    leadScore: row.leadScore,
    contactStatus: row.contactStatus as Contact["contactStatus"],
    preferredContactTime: row.preferredContactTime,
    timezone: row.timezone ?? numberZone(row.phoneE164) ?? DEFAULT_ZONE,
    timezoneRecorded: row.timezone !== null,
    aiVoiceConsentAt: iso(row.aiVoiceConsentAt),
    scheduledCallback: iso(row.scheduledCallback),
    lastCalled: iso(row.lastCalled),
    lastContactAttempt: iso(row.lastContactAttempt),
    callCount: row.callCount,
    serpApiData:
      row.serpApiData && typeof row.serpApiData === "object" && !Array.isArray(row.serpApiData)
        ? (row.serpApiData as Record<string, unknown>)
        : null,
    campaignId: row.campaignId,
    importBatch: row.importBatch,
    uploadDate: iso(row.uploadDate),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentPhoneLog(row: PhoneLogRow): PhoneLog {
  return {
    id: row.id,
    contactId: row.contactId,
    callId: row.callId,
    phoneNumber: row.phoneNumber,
    direction: row.direction,
    duration: row.duration,
    timestamp: row.timestamp.toISOString(),
    callType: row.callType,
    notes: row.notes,
  };
}

export function presentDoNotCall(row: DoNotCallRow): DoNotCallEntry {
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    phoneE164: row.phoneE164,
    source: row.source,
    callId: row.callId,
    createdAt: row.createdAt.toISOString(),
  };
}

const count = (n: number) => n.toLocaleString("en-US");
const contactsWord = (n: number) => `${count(n)} ${n === 1 ? "contact" : "contacts"}`;
const quoted = (tags: string[]) => tags.map((tag) => `"${tag}"`).join(", ");
const statusWords = (status: string) => status.replace(/_/g, " ");

type BulkParams = { tags?: string[]; status?: string; campaignName?: string; listName?: string };

/** What a bulk action does, in words (the undo bar and the progress show it). */
export function bulkLabel(row: BulkRow): string {
  const params = row.params as BulkParams;
  switch (row.type as BulkActionType) {
    case "tag":
      return `Tag ${quoted(params.tags ?? [])}`;
    case "untag":
      return `Remove tag ${quoted(params.tags ?? [])}`;
    case "status":
      return `Set status to ${statusWords(params.status ?? "")}`;
    case "doNotCall":
      return "Mark do not call";
    case "addToCampaign":
      return `Add to campaign ${params.campaignName ?? ""}`.trim();
    case "addToList":
      return `Add to email audience ${params.listName ?? ""}`.trim();
    case "delete":
      return "Delete";
  }
}

/** A sentence on what the action did (or is doing), for the screen. */
function bulkMessage(row: BulkRow): string {
  const params = row.params as BulkParams;
  const left = row.total - row.changed;
  switch (row.status as BulkStatus) {
    case "queued":
      return `${bulkLabel(row)}: ${contactsWord(row.total)} waiting to start.`;
    case "running":
      return `${bulkLabel(row)}: ${count(row.done)} of ${contactsWord(row.total)} done.`;
    case "undoing":
      return `Undoing "${bulkLabel(row)}": ${count(row.restored + row.kept)} of ${contactsWord(row.changed)} done.`;
    case "undone":
      return row.kept > 0
        ? `Undone: ${contactsWord(row.restored)} put back as they were; ${contactsWord(row.kept)} changed since kept their changes.`
        : `Undone: ${contactsWord(row.restored)} put back as they were.`;
    case "failed":
    case "cancelled":
      return `${bulkLabel(row)} stopped after ${count(row.done)} of ${contactsWord(row.total)}. ${row.error ?? ""}`.trim();
    case "completed":
      break;
  }
  const unchanged = left > 0 ? ` (${contactsWord(left)} already were or could not be)` : "";
  switch (row.type as BulkActionType) {
    case "tag":
      return `Tagged ${contactsWord(row.changed)} ${quoted(params.tags ?? [])}${left > 0 ? ` (${contactsWord(left)} already had it)` : ""}.`;
    case "untag":
      return `Removed ${quoted(params.tags ?? [])} from ${contactsWord(row.changed)}.`;
    case "status":
      return `Set ${contactsWord(row.changed)} to ${statusWords(params.status ?? "")}${unchanged}.`;
    case "doNotCall":
      return `Marked ${contactsWord(row.changed)} do not call${unchanged}.`;
    case "addToCampaign":
      return `Added ${contactsWord(row.changed)} to ${params.campaignName ?? "the campaign"} as leads${left > 0 ? ` (${contactsWord(left)} had no number or were already in it)` : ""}.`;
    case "addToList":
      return `Added ${contactsWord(row.changed)} to the ${params.listName ?? ""} audience${left > 0 ? ` (${contactsWord(left)} already were in it)` : ""}.`;
    case "delete":
      return `Deleted ${contactsWord(row.changed)}.`;
  }
}

/** A bulk action; `latest` says whether it is the workspace's last (the only one undo applies to). */
export function presentBulk(row: BulkRow, latest: boolean): BulkActionResult {
  const status = row.status as BulkStatus;
  return {
    id: row.id,
    type: row.type as BulkActionType,
    label: bulkLabel(row),
    status,
    total: row.total,
    done: row.done,
    changed: row.changed,
    jobId: row.jobId,
    undoJobId: row.undoJobId,
    undoable:
      latest && (status === "completed" || status === "cancelled" || status === "failed") && !row.undoneAt,
    restored: row.restored,
    kept: row.kept,
    message: bulkMessage(row),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    undoneAt: iso(row.undoneAt),
  };
}

export function presentSegment(row: SegmentWithCounts): Segment {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as SegmentKind,
    filter: row.kind === "list" ? null : (row.filter ?? {}),
    count: row.count,
    withEmail: row.withEmail,
    withPhone: row.withPhone,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
