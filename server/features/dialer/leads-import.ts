import { parse } from "csv-parse/sync";
import {
  CONTACTS_REQUIRED,
  DIALER_MESSAGES,
  INVALID_PHONE,
  LEADS_REQUIRED,
  type LeadReject,
  type LeadsAddResult,
  lineMessage,
  MAX_LEADS_PER_REQUEST,
  NO_VALID_LEADS,
} from "../../../common/dialer";
import type { Account } from "../../http/account";
import { badRequest, notFound } from "../../http/errors";
import type { ContactRow } from "../contacts/service";
import type { DialerContext } from "./context";
import type { NewLead } from "./repository";

/** A lead as the add-leads dialog or its objects give it, before the phone number is read. */
export type LeadFields = {
  phoneNumber: string;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  company?: string | null | undefined;
  email?: string | null | undefined;
  notes?: string | null | undefined;
  timeZone?: string | null | undefined;
  postalCode?: string | null | undefined;
  priority?: number | undefined;
  aiVoiceConsent?: boolean | undefined;
  consentSource?: string | null | undefined;
};

/** A lead ready to store, with where it came from (the line, or the contact). */
type Candidate = { line: number; contactId: string | null; lead: NewLead };

/** What was added, and the chosen contacts left out (for the enterprise dashboard's "skipped"). */
export type AddOutcome = LeadsAddResult & { skipped: { contactId: string; reason: string }[] };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INVALID_EMAIL = "Please enter a valid email address";
const NOT_FOUND_CONTACT = "That contact was not found";
const NO_PHONE = "No phone number available";
const DO_NOT_CALL = "On the do-not-call list: added, never dialled";
/** The contacts table's default zone: a contact showing it may never have had one set. */
const CONTACT_DEFAULT_ZONE = "America/New_York";
/** Batches for the do-not-call lookups (bound arrays) and the contacts read from the lead manager. */
const LOOKUP_BATCH = 500;
const CONTACT_PAGE = 200;
/** Lines read between two turns of the event loop (no request holds it for long). */
const YIELD_EVERY = 250;

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * Splits one line on commas; a line with a quote is read as CSV (a name may be quoted to hold a
 * comma), and a broken quote falls back to commas. Most lines have no quote: a plain split is
 * about ten times faster than the CSV parser called per line (5,000 lines: 0.15 s against 1.6 s).
 */
function cellsOf(line: string): string[] {
  if (!line.includes('"')) return line.split(",").map((cell) => cell.trim());
  try {
    const [cells] = parse(line, { relax_quotes: true, relax_column_count: true, trim: true }) as string[][];
    return cells ?? [];
  } catch {
    return line.split(",").map((cell) => cell.trim());
  }
}

/**
 * The add-leads dialog's text (spec 3 §5): one lead a line, "phone, first name, last name,
 * company, email". Blank lines are skipped; line numbers count every line, as a person reads them.
 */
export function parseLeadLines(text: string): (LeadFields & { line: number })[] {
  const leads: (LeadFields & { line: number })[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    if (!raw.trim()) return;
    const [phoneNumber = "", firstName, lastName, company, email] = cellsOf(raw);
    leads.push({ line: index + 1, phoneNumber, firstName, lastName, company, email });
  });
  return leads;
}

/** Reads each lead's number in the workspace's country; a number that cannot be one is rejected. */
async function candidatesOf(
  ctx: DialerContext,
  account: Account,
  leads: (LeadFields & { line: number })[],
): Promise<{ candidates: Candidate[]; rejects: LeadReject[] }> {
  const candidates: Candidate[] = [];
  const rejects: LeadReject[] = [];
  for (const [index, fields] of leads.entries()) {
    // Reading a number takes about 0.1 ms: other requests get a turn every YIELD_EVERY lines.
    if (index > 0 && index % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    const e164 = ctx.contacts.normalize(account, fields.phoneNumber).e164;
    if (!e164) {
      rejects.push({ line: fields.line, message: lineMessage(fields.line, INVALID_PHONE), contactId: null });
      continue;
    }
    const email = blankToNull(fields.email);
    if (email && !EMAIL.test(email)) {
      rejects.push({ line: fields.line, message: lineMessage(fields.line, INVALID_EMAIL), contactId: null });
      continue;
    }
    candidates.push({
      line: fields.line,
      contactId: null,
      lead: {
        phoneNumber: fields.phoneNumber.trim(),
        phoneE164: e164,
        firstName: blankToNull(fields.firstName),
        lastName: blankToNull(fields.lastName),
        company: blankToNull(fields.company),
        email: email?.toLowerCase() ?? null,
        notes: blankToNull(fields.notes),
        timeZone: blankToNull(fields.timeZone),
        zipCode: blankToNull(fields.postalCode),
        priority: fields.priority ?? 1,
        aiVoiceConsent: fields.aiVoiceConsent ?? false,
        consentSource: blankToNull(fields.consentSource),
        leadSource: "imported",
      },
    });
  }
  return { candidates, rejects };
}

/** "Dana Whitfield Jones" → Dana, Whitfield Jones. */
function splitName(name: string): { firstName: string | null; lastName: string | null } {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { firstName: first || null, lastName: rest.join(" ") || null };
}

/** A US ZIP code at the end of an address ("..., Miami, FL 33101"): the dialer's second clue to the zone. */
function zipOf(address: string | null): string | null {
  return address?.match(/\b(\d{5})(?:-\d{4})?\s*$/)?.[1] ?? null;
}

/** A lead manager contact as a lead; a contact marked do-not-call comes with the mark. */
function leadFromContact(contact: ContactRow): NewLead | null {
  if (!contact.phoneNumber || !contact.phoneE164) return null;
  const address = contact.address ?? contact.mailingAddress;
  return {
    contactId: contact.id,
    phoneNumber: contact.phoneNumber,
    phoneE164: contact.phoneE164,
    ...splitName(contact.name),
    company: contact.company,
    email: contact.email,
    address,
    zipCode: zipOf(address),
    businessType: contact.businessType,
    notes: contact.notes,
    // The column's default says nothing about where the person is: the dialer then reads the
    // ZIP code or the area code instead.
    timeZone: contact.timezone && contact.timezone !== CONTACT_DEFAULT_ZONE ? contact.timezone : null,
    status: contact.doNotCall ? "do_not_call" : "new",
    leadSource: "lead_manager",
  };
}

/**
 * Stores the candidates in the campaign, in one transaction with the campaign locked: numbers
 * on the workspace's or the campaign's do-not-call list (or a contact's flag) are kept but
 * marked do_not_call, never dialled; a number already in the campaign is a duplicate. A
 * completed campaign given new leads goes back to paused, ready to start again.
 */
async function store(
  ctx: DialerContext,
  account: Account,
  campaignId: string,
  candidates: Candidate[],
  rejects: LeadReject[],
): Promise<AddOutcome> {
  const numbers = [...new Set(candidates.map((candidate) => candidate.lead.phoneE164))];
  // The workspace's list is read before the transaction: the contacts area queries on its own
  // connection, and the embedded database has one (a query outside an open transaction waits
  // for it). A number listed in between is still refused by the dial-time gate.
  const listed = new Set<string>();
  for (let i = 0; i < numbers.length; i += LOOKUP_BATCH)
    for (const phone of await ctx.doNotCall.listedAmong(account.id, numbers.slice(i, i + LOOKUP_BATCH)))
      listed.add(phone);
  return ctx.inTransaction(async (repo) => {
    const campaign = await repo.lockCampaign(account.id, campaignId);
    if (!campaign) throw notFound("That campaign");
    for (let i = 0; i < numbers.length; i += LOOKUP_BATCH)
      for (const phone of await repo.campaignListedAmong(campaignId, numbers.slice(i, i + LOOKUP_BATCH)))
        listed.add(phone);
    const leads = candidates.map(({ lead }) =>
      listed.has(lead.phoneE164) ? { ...lead, status: "do_not_call" } : lead,
    );
    const added = new Set(await repo.insertLeads(account.id, campaignId, leads));
    const doNotCall = leads.filter(
      (lead) => added.has(lead.phoneE164) && lead.status === "do_not_call",
    ).length;
    if (added.size > 0 && campaign.status === "completed")
      await repo.updateCampaign(account.id, campaignId, { status: "paused" });
    const counts = await repo.getCampaign(account.id, campaignId);
    const skipped = [
      ...rejects.flatMap((reject) =>
        reject.contactId ? [{ contactId: reject.contactId, reason: reject.message }] : [],
      ),
      ...candidates.flatMap((candidate) =>
        candidate.contactId && listed.has(candidate.lead.phoneE164)
          ? [{ contactId: candidate.contactId, reason: DO_NOT_CALL }]
          : [],
      ),
    ];
    return {
      message: DIALER_MESSAGES.leadsAdded,
      added: added.size,
      duplicates: candidates.length - added.size,
      doNotCall,
      rejected: rejects,
      totalLeads: counts?.totalLeads ?? 0,
      skipped,
    };
  });
}

/** POST .../leads: the dialog's text lines, or lead objects. Nothing dialable at all is a 400. */
export async function addLeads(
  ctx: DialerContext,
  account: Account,
  campaignId: string,
  input: { text?: string | undefined; leads?: LeadFields[] | undefined },
): Promise<AddOutcome> {
  const fromText = input.text ? parseLeadLines(input.text) : [];
  const fromObjects = (input.leads ?? []).map((lead, index) => ({
    ...lead,
    line: fromText.length + index + 1,
  }));
  const all = [...fromText, ...fromObjects];
  if (all.length === 0) throw badRequest(LEADS_REQUIRED);
  if (all.length > MAX_LEADS_PER_REQUEST)
    throw badRequest(`Add at most ${MAX_LEADS_PER_REQUEST.toLocaleString("en-US")} leads at a time`);
  if (!(await ctx.repo.getCampaign(account.id, campaignId))) throw notFound("That campaign");
  const { candidates, rejects } = await candidatesOf(ctx, account, all);
  if (candidates.length === 0)
    throw badRequest(
      NO_VALID_LEADS,
      rejects.slice(0, 20).map((reject) => ({ path: `line ${reject.line}`, message: reject.message })),
    );
  return store(ctx, account, campaignId, candidates, rejects);
}

/**
 * POST .../import-leads: the lead manager's contacts as leads, those chosen or (none chosen)
 * every contact with a phone number, oldest first, up to MAX_LEADS_PER_REQUEST. A chosen
 * contact that is not the workspace's, or has no number, is reported, not added.
 */
export async function importFromContacts(
  ctx: DialerContext,
  account: Account,
  campaignId: string,
  contactIds: string[] | undefined,
): Promise<AddOutcome> {
  if (!(await ctx.repo.getCampaign(account.id, campaignId))) throw notFound("That campaign");
  const candidates: Candidate[] = [];
  const rejects: LeadReject[] = [];
  const take = (contact: ContactRow, line: number) => {
    const lead = leadFromContact(contact);
    if (lead) candidates.push({ line, contactId: contact.id, lead });
    else rejects.push({ line, message: lineMessage(line, NO_PHONE), contactId: contact.id });
  };
  if (contactIds) {
    if (contactIds.length === 0) throw badRequest(CONTACTS_REQUIRED);
    const unique = [...new Set(contactIds)];
    for (const [index, id] of unique.entries()) {
      const contact = await ctx.contacts.get(account, id).catch(() => null);
      if (contact) take(contact, index + 1);
      else
        rejects.push({ line: index + 1, message: lineMessage(index + 1, NOT_FOUND_CONTACT), contactId: id });
    }
  } else {
    for (let page = 1; candidates.length + rejects.length < MAX_LEADS_PER_REQUEST; page += 1) {
      const { rows } = await ctx.contacts.list(account, {
        hasPhone: true,
        sort: "oldest",
        page,
        limit: CONTACT_PAGE,
      });
      for (const contact of rows) take(contact, candidates.length + rejects.length + 1);
      if (rows.length < CONTACT_PAGE) break;
    }
  }
  if (candidates.length === 0)
    throw badRequest(
      rejects.length ? NO_VALID_LEADS : "The lead manager has no contacts with a phone number to import",
      rejects.slice(0, 20).map((reject) => ({ path: `contact ${reject.line}`, message: reject.message })),
    );
  const outcome = await store(ctx, account, campaignId, candidates, rejects);
  return { ...outcome, message: DIALER_MESSAGES.imported };
}
