import type { LeadCampaign, LeadProvider, LeadResult } from "../../../common/lead-generation";
import type { FoundBusiness } from "../../providers/lead-search";
import type { CampaignRow } from "./repository";

/** A business as the screen shows it ("Lead search result"); serpApiData keeps the rest. */
export function presentLead(
  business: FoundBusiness,
  query: { industry: string; location: string },
  provider: LeadProvider,
): LeadResult {
  return {
    name: business.name,
    address: business.address,
    phone: business.phone,
    website: business.website,
    rating: business.rating,
    reviewCount: business.reviewCount,
    category: business.category,
    serpApiData: {
      provider,
      placeKey: business.placeKey,
      searchKeyword: query.industry,
      searchLocation: query.location,
      latitude: business.latitude,
      longitude: business.longitude,
      state: business.state,
      ...business.details,
    },
  };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A campaign; the calls and conversions among its contacts when they were counted (the list). */
export function presentCampaign(
  row: CampaignRow & { figures?: { called: number; converted: number } },
): LeadCampaign {
  return {
    id: row.id,
    name: row.name,
    status: row.status === "active" ? "active" : "paused",
    searchCriteria: { industry: row.industry, location: row.location, businessType: row.businessType },
    limit: row.resultLimit,
    schedule: row.schedule === "daily" || row.schedule === "weekly" ? row.schedule : "once",
    leadsGenerated: row.leadsGenerated,
    duplicatesSkipped: row.duplicatesSkipped,
    callsInitiated: row.figures?.called ?? null,
    conversions: row.figures?.converted ?? null,
    runs: row.runs,
    lastRunAt: iso(row.lastRunAt),
    lastError: row.lastError,
    nextRunAt: iso(row.nextRunAt),
    createdAt: row.createdAt.toISOString(),
  };
}
