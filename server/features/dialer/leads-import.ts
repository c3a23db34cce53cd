import {
  CONTACTS_REQUIRED,
  DIALER_MESSAGES,
  LEADS_REQUIRED,
  type LeadReject,
  type LeadsAddResult,
  lineMessage,
  MAX_LEADS_PER_REQUEST,
  NO_VALID_LEADS,
} from "../../../common/dialer";
import type { Account } from "../../domain/account";
import { Invalid, notFound } from "../../domain/errors";
import type { ContactRow } from "../contacts/service";
import type { DialerContext } from "./context";
import { type Candidate, candidateOf, type LeadFields, type LeadLine, TOO_MANY_LEADS } from "./lead-lines";
import { readLeadLinesOffThread } from "./reading";
import type { NewLead } from "./repository";

export type { LeadFields };

/** What was added, and the chosen contacts left out (for the enterprise dashboard's "skipped"). */
export type AddOutcome = LeadsAddResult & { skipped: { contactId: string; reason: string }[] };

const NOT_FOUND_CONTACT = "That contact was not found";
const NO_PHONE = "No phone number available";
const DO_NOT_CALL = "On the do-not-call list: added, never dialled";
/** The contacts table's default zone: a contact showing it may never have had one set. */
const CONTACT_DEFAULT_ZONE = "America/New_York";
/**
 * Leads stored a transaction (with their do-not-call lookups, bound arrays). On the embedded
 * database a transaction holds the one connection and each statement the event loop, so a large
 * list goes in as many short transactions as it takes, other requests' queries between them
 * (inserting 500 leads took 70 to 140 ms there on a loaded machine, 100 about 20 to 30 ms).
 */
const STORE_BATCH = 100;
const CONTACT_PAGE = 200;
/** Lead objects read between two turns of the event loop (reading a number takes about 35 µs). */
const YIELD_EVERY = 250;

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
export function leadFromContact(contact: ContactRow): NewLead | null {
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
 * Stores the candidates in the campaign, STORE_BATCH at a time, each batch in a transaction with
 * the campaign locked: numbers on the workspace's or the campaign's do-not-call list (or a
 * contact's flag) are kept but marked do_not_call, never dialled; a number already in the
 * campaign (or earlier in the list) is a duplicate. A completed campaign given new leads goes
 * back to paused, ready to start again. A list cut short by a failure leaves its first batches
 * in; sent again, those count as duplicates.
 */
async function store(
  ctx: DialerContext,
  account: Account,
  campaignId: string,
  candidates: Candidate[],
  rejects: LeadReject[],
): Promise<AddOutcome> {
  const listed = new Set<string>();
  let added = 0;
  let doNotCall = 0;
  for (let at = 0; at < candidates.length; at += STORE_BATCH) {
    const batch = candidates.slice(at, at + STORE_BATCH);
    const numbers = [...new Set(batch.map((candidate) => candidate.lead.phoneE164))];
    // The workspace's list is read before the transaction: the contacts area queries on its own
    // connection, and the embedded database has one (a query outside an open transaction waits
    // for it). A number listed in between is still refused by the dial-time gate.
    for (const phone of await ctx.doNotCall.listedAmong(account.id, numbers)) listed.add(phone);
    await ctx.inTransaction(async (repo) => {
      if (!(await repo.lockCampaign(account.id, campaignId))) throw notFound("That campaign");
      for (const phone of await repo.campaignListedAmong(campaignId, numbers)) listed.add(phone);
      const leads = batch.map(({ lead }) =>
        listed.has(lead.phoneE164) ? { ...lead, status: "do_not_call" } : lead,
      );
      const inserted = new Set(await repo.insertLeads(account.id, campaignId, leads));
      added += inserted.size;
      doNotCall += leads.filter(
        (lead) => inserted.has(lead.phoneE164) && lead.status === "do_not_call",
      ).length;
    });
  }
  if (added > 0)
    await ctx.inTransaction(async (repo) => {
      const campaign = await repo.lockCampaign(account.id, campaignId);
      if (campaign?.status === "completed")
        await repo.updateCampaign(account.id, campaignId, { status: "paused" });
    });
  const counts = await ctx.repo.getCampaign(account.id, campaignId);
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
    added,
    duplicates: candidates.length - added,
    doNotCall,
    rejected: rejects,
    totalLeads: counts?.totalLeads ?? 0,
    skipped,
  };
}

/**
 * POST .../leads: the dialog's text lines (read in a worker thread: lead-lines.ts), or lead
 * objects (read here, a few hundred between two turns of the event loop). Nothing dialable at
 * all is a 400; a line past the CSV limits refuses the whole text with a 400 naming it.
 */
export async function addLeads(
  ctx: DialerContext,
  account: Account,
  campaignId: string,
  input: { text?: string | undefined; leads?: LeadFields[] | undefined },
): Promise<AddOutcome> {
  const candidates: Candidate[] = [];
  const rejects: LeadReject[] = [];
  const take = (read: LeadLine) => {
    if ("candidate" in read) candidates.push(read.candidate);
    else rejects.push(read.reject);
  };
  if (input.text)
    for await (const lines of readLeadLinesOffThread(input.text, account.defaultCountry))
      for (const read of lines) take(read);
  const fromText = candidates.length + rejects.length;
  const objects = input.leads ?? [];
  if (fromText + objects.length === 0) throw new Invalid(LEADS_REQUIRED);
  if (fromText + objects.length > MAX_LEADS_PER_REQUEST) throw new Invalid(TOO_MANY_LEADS);
  if (!(await ctx.repo.getCampaign(account.id, campaignId))) throw notFound("That campaign");
  for (const [index, lead] of objects.entries()) {
    if (index > 0 && index % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    take(candidateOf({ ...lead, line: fromText + index + 1 }, account.defaultCountry));
  }
  if (candidates.length === 0)
    throw new Invalid(
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
    if (contactIds.length === 0) throw new Invalid(CONTACTS_REQUIRED);
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
    throw new Invalid(
      rejects.length ? NO_VALID_LEADS : "The lead manager has no contacts with a phone number to import",
      rejects.slice(0, 20).map((reject) => ({ path: `contact ${reject.line}`, message: reject.message })),
    );
  const outcome = await store(ctx, account, campaignId, candidates, rejects);
  return { ...outcome, message: DIALER_MESSAGES.imported };
}
