import type { ImportMode } from "../../../../common/contacts";
import type { ContactDraft } from "./rows";

/**
 * What each good row of a batch does, given the workspace's contacts that share a phone number
 * (E.164) or an email with the batch. A row is a duplicate when its phone or email matches a
 * contact already in the workspace or an earlier row of the file (earlier batches are in the
 * workspace by then, so one lookup a batch finds both). Then:
 *
 * - skip (the default): the row is left out and counted as skipped;
 * - update: the row's non-empty values are written over the contact it matches (tags are added
 *   to the contact's), counted as updated;
 * - create: the row is added anyway.
 *
 * Rows that would be added past the plan's contact limit are refused instead, one by one: the
 * rows before them go in.
 */

export type Candidate = { line: number; cells: string[]; contact: ContactDraft };
export type ExistingMatch = { id: string; phoneE164: string | null; email: string | null };

export type BatchPlan = {
  /** New contacts, in file order. */
  inserts: ContactDraft[];
  /** Existing contacts' ids and the values to write over theirs. */
  updates: Map<string, ContactDraft>;
  imported: number;
  updated: number;
  skipped: number;
  /** Rows that would have been added past the plan's limit. */
  overLimit: Candidate[];
};

type Ref = { existing: string } | { inserted: number };

/** The row's values over the target's: non-empty ones win; tags are added. */
export function mergeDraft(target: ContactDraft, row: ContactDraft): ContactDraft {
  const merged = { ...target } as Record<keyof ContactDraft, unknown>;
  for (const key of Object.keys(row) as (keyof ContactDraft)[]) {
    const value = row[key];
    if (value === null) continue;
    if (key === "tags") {
      const tags = [...(target.tags ?? [])];
      for (const tag of value as string[]) if (!tags.includes(tag)) tags.push(tag);
      merged.tags = tags;
    } else if (key === "phoneE164") {
      // Set with the typed number below.
    } else {
      merged[key] = value;
      if (key === "phoneNumber") merged.phoneE164 = row.phoneE164;
    }
  }
  return merged as ContactDraft;
}

/** A draft with nothing but the row's values: what an update writes (nulls keep the contact's). */
const nothing: ContactDraft = {
  name: "",
  phoneNumber: null,
  phoneE164: null,
  email: null,
  company: null,
  notes: null,
  preferredContactMethod: null,
  mailingAddress: null,
  address: null,
  website: null,
  industry: null,
  businessType: null,
  tags: null,
  isFavorite: null,
  doNotCall: null,
  leadSource: null,
  leadScore: null,
  contactStatus: null,
  preferredContactTime: null,
  timezone: null,
  lastCalled: null,
  lastContactAttempt: null,
  callCount: null,
};

/**
 * Decides every candidate's outcome. `room` is how many contacts the plan still takes
 * (Infinity when unlimited); `existing` is what the lookup found, oldest first.
 */
export function planBatch(
  candidates: Candidate[],
  existing: ExistingMatch[],
  mode: ImportMode,
  room: number,
): BatchPlan {
  const plan: BatchPlan = {
    inserts: [],
    updates: new Map(),
    imported: 0,
    updated: 0,
    skipped: 0,
    overLimit: [],
  };
  const byPhone = new Map<string, Ref>();
  const byEmail = new Map<string, Ref>();
  const remember = (draft: ContactDraft, ref: Ref) => {
    if (draft.phoneE164 && !byPhone.has(draft.phoneE164)) byPhone.set(draft.phoneE164, ref);
    if (draft.email && !byEmail.has(draft.email)) byEmail.set(draft.email, ref);
  };
  if (mode !== "create") {
    for (const contact of existing) {
      const ref = { existing: contact.id };
      if (contact.phoneE164 && !byPhone.has(contact.phoneE164)) byPhone.set(contact.phoneE164, ref);
      if (contact.email && !byEmail.has(contact.email)) byEmail.set(contact.email, ref);
    }
  }
  let left = room;
  for (const candidate of candidates) {
    const row = candidate.contact;
    const match =
      mode === "create"
        ? undefined
        : ((row.phoneE164 ? byPhone.get(row.phoneE164) : undefined) ??
          (row.email ? byEmail.get(row.email) : undefined));
    if (match && mode === "skip") {
      plan.skipped++;
      continue;
    }
    if (match) {
      if ("existing" in match) {
        const merged = mergeDraft(plan.updates.get(match.existing) ?? nothing, row);
        plan.updates.set(match.existing, merged);
        remember(merged, match);
      } else {
        const merged = mergeDraft(plan.inserts[match.inserted]!, row);
        plan.inserts[match.inserted] = merged;
        remember(merged, match);
      }
      plan.updated++;
      continue;
    }
    if (left <= 0) {
      plan.overLimit.push(candidate);
      continue;
    }
    left--;
    plan.inserts.push(row);
    plan.imported++;
    if (mode !== "create") remember(row, { inserted: plan.inserts.length - 1 });
  }
  return plan;
}
