import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { campaignLeads, dialAttempts } from "../../db/schema";
import type { NewLead } from "./repository";

type Rows<T> = { rows: T[] };

/**
 * Leads made from contacts by the contacts area's bulk work, which needs to know each lead it
 * added (its undo takes exactly those out again): the dialer's own table, written with bound
 * arrays in one statement per batch.
 */
export function contactLeadsRepository(db: Db) {
  return {
    /** Inserts the leads (a number already in the campaign is a duplicate); answers those added. */
    async insert(
      workspaceId: string,
      campaignId: string,
      leads: NewLead[],
    ): Promise<{ id: string; contactId: string }[]> {
      if (leads.length === 0) return [];
      const array = <T>(pick: (lead: NewLead) => T, type: string) =>
        sql`${sql.param(leads.map((lead) => pick(lead) ?? null))}::${sql.raw(type)}[]`;
      const result = (await db.execute(sql`
        insert into ${campaignLeads} (workspace_id, campaign_id, contact_id, phone_number, phone_e164,
          first_name, last_name, company, email, address, zip_code, business_type, time_zone, notes,
          status, lead_source)
        select ${workspaceId}::uuid, ${campaignId}::uuid, u.contact_id, u.phone_number, u.phone_e164,
          u.first_name, u.last_name, u.company, u.email, u.address, u.zip_code, u.business_type,
          u.time_zone, u.notes, u.status, u.lead_source
        from unnest(
          ${array((lead) => lead.contactId, "uuid")}, ${array((lead) => lead.phoneNumber, "text")},
          ${array((lead) => lead.phoneE164, "text")}, ${array((lead) => lead.firstName, "text")},
          ${array((lead) => lead.lastName, "text")}, ${array((lead) => lead.company, "text")},
          ${array((lead) => lead.email, "text")}, ${array((lead) => lead.address, "text")},
          ${array((lead) => lead.zipCode, "text")}, ${array((lead) => lead.businessType, "text")},
          ${array((lead) => lead.timeZone, "text")}, ${array((lead) => lead.notes, "text")},
          ${array((lead) => lead.status ?? "new", "text")}, ${array((lead) => lead.leadSource ?? "lead_manager", "text")}
        ) with ordinality as u(contact_id, phone_number, phone_e164, first_name, last_name, company,
          email, address, zip_code, business_type, time_zone, notes, status, lead_source, n)
        order by u.n
        on conflict (campaign_id, phone_e164) do nothing
        returning id, contact_id`)) as unknown as Rows<{ id: string; contact_id: string }>;
      return result.rows.map((row) => ({ id: row.id, contactId: row.contact_id }));
    },

    /**
     * Deletes those of the leads never dialled (no attempt, none queued); a lead already worked
     * keeps its history. Answers how many went.
     */
    async removeUndialled(workspaceId: string, campaignId: string, leadIds: string[]): Promise<number> {
      if (leadIds.length === 0) return 0;
      const result = (await db.execute(sql`
        delete from ${campaignLeads} l
        where l.workspace_id = ${workspaceId}::uuid and l.campaign_id = ${campaignId}::uuid
          and l.id = any(${sql.param(leadIds)}::uuid[])
          and l.call_attempts = 0 and l.status in ('new', 'do_not_call')
          and not exists (select 1 from ${dialAttempts} a where a.lead_id = l.id)
        returning 1 as one`)) as unknown as Rows<{ one: number }>;
      return result.rows.length;
    },
  };
}
