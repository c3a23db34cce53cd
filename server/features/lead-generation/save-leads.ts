import { ContactCreate } from "../../../common/contacts";
import { BULK_LEAD_SCORE, type LeadToSave } from "../../../common/lead-generation";
import type { Account } from "../../domain/account";
import { Invalid, LimitReached } from "../../domain/errors";
import type { ContactInput, ContactRow } from "../contacts/service";
import type { LeadContext } from "./context";
import { leadTimeZone } from "./time-zone";

/**
 * Leads become contacts. A lead is skipped as a duplicate when the workspace already has a
 * contact with its phone number (E.164), or has taken the same business before (its place, or
 * its number, in generated_leads: what keeps a campaign to new businesses). Each contact goes
 * in through the contacts service, so the plan's contact limit and the do-not-call rules apply
 * as on the form; at the limit the rest are counted as over it, with the plan's words.
 */

export type SaveOutcome = {
  saved: ContactRow[];
  skipped: number;
  withoutPhone: number;
  overLimit: number;
  message: string | null;
};

type SaveOptions = {
  /** Bulk saves and campaigns take only leads with a phone number. */
  requirePhone: boolean;
  campaignId: string | null;
  leadScore?: number;
};

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/** The business's key: the provider's place, else its name and address (a lead typed by hand). */
export function placeKeyOf(lead: LeadToSave): string {
  const fromSearch = text(lead.serpApiData?.placeKey);
  if (fromSearch) return fromSearch.slice(0, 300);
  return `name:${lead.name.toLowerCase()}|${(lead.address ?? "").toLowerCase()}`.slice(0, 300);
}

/**
 * The contact as the contacts form's rules read it (lengths, email, tags). A listing's email
 * that is not an address is dropped rather than losing the lead.
 */
function contactInput(fields: ContactCreate): ContactInput {
  const parsed = ContactCreate.safeParse(fields);
  if (parsed.success) return parsed.data;
  const again = ContactCreate.safeParse({ ...fields, email: null });
  if (again.success) return again.data;
  const issue = again.error.issues[0];
  throw new Invalid(
    issue?.message ?? "This lead cannot be saved",
    issue ? [{ path: issue.path.join("."), message: issue.message }] : undefined,
  );
}

export async function saveLeads(
  context: LeadContext,
  account: Account,
  leads: LeadToSave[],
  options: SaveOptions,
): Promise<SaveOutcome> {
  const { repo, contacts } = context;
  const outcome: SaveOutcome = { saved: [], skipped: 0, withoutPhone: 0, overLimit: 0, message: null };
  for (const [index, lead] of leads.entries()) {
    const phoneE164 = contacts.normalize(account, lead.phoneNumber).e164;
    if (options.requirePhone && !phoneE164) {
      outcome.withoutPhone++;
      continue;
    }
    const campaignId = options.campaignId ?? lead.campaignId ?? null;
    const reservation = await repo.reserve(account.id, { placeKey: placeKeyOf(lead), phoneE164, campaignId });
    if (!reservation) {
      outcome.skipped++;
      continue;
    }
    if (phoneE164 && (await contacts.nameForNumber(account.id, phoneE164)) !== null) {
      await repo.release(account.id, reservation);
      outcome.skipped++;
      continue;
    }
    const data = lead.serpApiData ?? {};
    try {
      const contact = await contacts.create(
        account,
        contactInput({
          name: lead.name,
          phoneNumber: lead.phoneNumber,
          email: lead.email,
          company: lead.company ?? lead.name,
          address: lead.address,
          website: lead.website,
          industry: lead.industry ?? text(data.searchKeyword),
          businessType: lead.businessType ?? text(data.category),
          leadSource: "serpapi",
          leadScore: options.leadScore ?? lead.leadScore ?? 0,
          contactStatus: "new",
          serpApiData: data,
          campaignId,
          // Where the search placed the business; a guess is not recorded (the number's zone applies).
          timezone: leadTimeZone({ ...data, address: lead.address }, null),
        }),
      );
      await repo.attachContact(account.id, reservation, contact.id);
      outcome.saved.push(contact);
    } catch (error) {
      await repo.release(account.id, reservation);
      // The plan's contact limit: the rest are not saved, and the answer says why.
      if (error instanceof LimitReached) {
        outcome.overLimit = leads
          .slice(index)
          .filter((l) => !options.requirePhone || contacts.normalize(account, l.phoneNumber).e164).length;
        outcome.message = error.message;
        break;
      }
      throw error;
    }
  }
  return outcome;
}

export const BULK_SAVE = { requirePhone: true, leadScore: BULK_LEAD_SCORE } as const;
