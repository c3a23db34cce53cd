import type { Contact, DoNotCallEntry, PhoneLog } from "../../../common/contacts";
import type { DoNotCallRow } from "./do-not-call-repository";
import type { ContactRow, PhoneLogRow } from "./repository";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

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
    timezone: row.timezone,
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
    createdAt: row.createdAt.toISOString(),
  };
}
