import type { LeadResult, LeadToSave } from "@common/lead-generation";

/** A search result as the save routes take it (save-contact and bulk-save fields). */
export function leadToSave(lead: LeadResult, industry: string): LeadToSave {
  return {
    name: lead.name,
    phoneNumber: lead.phone,
    email: null,
    company: lead.name,
    address: lead.address,
    website: lead.website,
    industry: industry || null,
    businessType: lead.category,
    leadSource: "serpapi",
    serpApiData: lead.serpApiData,
    campaignId: null,
  };
}

/** A stable key for a result: the provider's place, else its name and address. */
export const leadKey = (lead: LeadResult) =>
  typeof lead.serpApiData.placeKey === "string" ? lead.serpApiData.placeKey : `${lead.name}|${lead.address}`;
