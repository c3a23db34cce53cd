import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { notFound } from "../../domain/errors";
import type { ContactRow } from "../contacts/service";
import { contactLeadsRepository } from "./contact-leads-repository";
import { leadFromContact } from "./leads-import";
import { dialerRepository } from "./repository";

/**
 * The contacts area's bulk work adds contacts to a campaign a batch at a time, each batch in its
 * own transaction with its record of what it added (so a job that starts again adds nothing
 * twice and its undo removes exactly those leads). These run in that transaction.
 */

export type ContactLeadsAdded = { contactId: string; leadId: string }[];

/**
 * Leads for the contacts with a number, in the caller's transaction: numbers on the workspace's
 * list (`listed`, read by the caller) or the campaign's, or a contact's own flag, come in marked
 * do_not_call and are never dialled; a number already in the campaign is a duplicate. A
 * completed campaign given new leads goes back to paused, as when leads are added by hand.
 */
export async function addContactLeadsIn(
  tx: Db,
  account: Account,
  campaignId: string,
  contacts: ContactRow[],
  listed: ReadonlySet<string>,
): Promise<ContactLeadsAdded> {
  const repo = dialerRepository(tx);
  const campaign = await repo.lockCampaign(account.id, campaignId);
  if (!campaign) throw notFound("That campaign");
  const leads = contacts.flatMap((contact) => {
    const lead = leadFromContact(contact);
    return lead ? [lead] : [];
  });
  const onCampaignList = await repo.campaignListedAmong(campaignId, [
    ...new Set(leads.map((lead) => lead.phoneE164)),
  ]);
  const marked = leads.map((lead) =>
    listed.has(lead.phoneE164) || onCampaignList.has(lead.phoneE164)
      ? { ...lead, status: "do_not_call" }
      : lead,
  );
  const added = await contactLeadsRepository(tx).insert(account.id, campaignId, marked);
  if (added.length > 0 && campaign.status === "completed")
    await repo.updateCampaign(account.id, campaignId, { status: "paused" });
  return added.map((row) => ({ contactId: row.contactId, leadId: row.id }));
}

/** Takes out the leads a bulk action added that were never dialled; answers how many went. */
export function removeContactLeadsIn(
  tx: Db,
  account: Account,
  campaignId: string,
  leadIds: string[],
): Promise<number> {
  return contactLeadsRepository(tx).removeUndialled(account.id, campaignId, leadIds);
}
