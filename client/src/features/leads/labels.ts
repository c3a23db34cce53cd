import type { ContactStatus, LeadSource } from "@common/contacts";

export const STATUS_LABELS: Record<ContactStatus, string> = {
  new: "New",
  contacted: "Contacted",
  interested: "Interested",
  qualified: "Qualified",
  converted: "Converted",
  not_interested: "Not Interested",
};

export const STATUS_STYLES: Record<ContactStatus, string> = {
  new: "border-transparent bg-blue-100 text-blue-900",
  contacted: "border-transparent bg-slate-200 text-slate-900",
  interested: "border-transparent bg-amber-100 text-amber-900",
  qualified: "border-transparent bg-violet-100 text-violet-900",
  converted: "border-transparent bg-green-100 text-green-900",
  not_interested: "border-transparent bg-red-100 text-red-900",
};

export const SOURCE_LABELS: Record<LeadSource, string> = {
  manual: "Manual",
  import: "Import",
  serpapi: "Lead search",
  referral: "Referral",
};

export const sourceLabel = (source: string) => SOURCE_LABELS[source as LeadSource] ?? source;
