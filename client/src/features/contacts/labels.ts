import type {
  ContactSort,
  ContactStatus,
  ImportMode,
  LeadSource,
  PreferredContactMethod,
} from "@common/contacts";

export const STATUS_LABELS: Record<ContactStatus, string> = {
  new: "New",
  contacted: "Contacted",
  interested: "Interested",
  qualified: "Qualified",
  converted: "Converted",
  not_interested: "Not Interested",
};

export const SOURCE_LABELS: Record<LeadSource, string> = {
  manual: "Manual",
  import: "Import",
  serpapi: "Lead search",
  referral: "Referral",
};

export const METHOD_LABELS: Record<PreferredContactMethod, string> = {
  phone: "Phone",
  email: "Email",
  mail: "Mail",
  sms: "SMS",
  other: "Other",
};

export const SORT_LABELS: Record<ContactSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name (A to Z)",
  lastCalled: "Last called",
  leadScore: "Lead score",
  updated: "Recently updated",
};

export const MODE_LABELS: Record<ImportMode, string> = {
  skip: "Skip duplicates",
  update: "Update the existing contact",
  create: "Create a new contact anyway",
};

/** A source the server may send beyond the known ones reads as itself. */
export const sourceLabel = (source: string) => SOURCE_LABELS[source as LeadSource] ?? source;
