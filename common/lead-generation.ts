import { z } from "zod";
import { safeString } from "./text";

/**
 * Lead generation (/leads, "Lead search result", "Lead campaign", "Lead stats",
 * ): business search, saving results as contacts, campaigns that run
 * on a schedule, and the satellite-internet dealer search. The server and the screen share these.
 */

/** The max-results options (default 20). */
export const LEAD_LIMITS = [10, 20, 50] as const;
export type LeadLimit = (typeof LEAD_LIMITS)[number];
export const DEFAULT_LEAD_LIMIT: LeadLimit = 20;
/** A bulk-saved lead's score. */
export const BULK_LEAD_SCORE = 75;
/** Lists and stats refresh this often. */
export const LEADS_REFRESH_MS = 30_000;
/** The search indicators reset after these. */
export const SEARCH_INDICATOR_MS = 3_000;
export const DEALER_INDICATOR_MS = 5_000;
/** The dealer search waits this long between cities. */
export const DEALER_SEARCH_SPACING_MS = 3_000;
/** How many leads one save request takes (the largest search). */
export const MAX_BULK_LEADS = 50;

export const CAMPAIGN_SCHEDULES = ["once", "daily", "weekly"] as const;
export type CampaignSchedule = (typeof CAMPAIGN_SCHEDULES)[number];
export const CAMPAIGN_STATUSES = ["active", "paused"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The search providers (server/providers/lead-search), named in results and errors. */
export const LEAD_PROVIDERS = ["osm", "serpapi", "simulated"] as const;
export type LeadProvider = (typeof LEAD_PROVIDERS)[number];

/**
 * "Florida locations: city": the dealer search's cities; the first three are searched
 * when none is chosen.
 */
export const FLORIDA_CITIES = [
  "Miami",
  "Orlando",
  "Tampa",
  "Jacksonville",
  "Tallahassee",
  "Fort Lauderdale",
  "St. Petersburg",
  "Hialeah",
  "Port St. Lucie",
  "Cape Coral",
  "Pembroke Pines",
  "Hollywood",
  "Miramar",
  "Gainesville",
  "Coral Springs",
  "Clearwater",
  "Palm Bay",
  "Lakeland",
  "West Palm Beach",
  "Pompano Beach",
  "Boca Raton",
  "Sarasota",
  "Fort Myers",
  "Naples",
  "Pensacola",
  "Daytona Beach",
  "Ocala",
  "Melbourne",
  "Kissimmee",
  "Panama City",
] as const;
export type FloridaCity = (typeof FLORIDA_CITIES)[number];
export const DEFAULT_DEALER_CITIES = FLORIDA_CITIES.slice(0, 3);
/** What the dealer search looks for in each city. */
export const DEALER_INDUSTRY = "satellite internet and TV dealers";

// --- Messages ---
export const MISSING_INFORMATION = "Missing Information";
export const SEARCH_FIELDS_REQUIRED = "Please enter both industry and location";
export const CAMPAIGN_FIELDS_REQUIRED = "Please fill in all required fields";
export const LEAD_MESSAGES = {
  searchFailedTitle: "Search Failed",
  searchFailed: "Failed to search leads",
  saveFailedTitle: "Save Failed",
  saveFailed: "Failed to save contact",
  bulkSaveFailedTitle: "Bulk Save Failed",
  bulkSaveFailed: "Failed to bulk save contacts",
  campaignFailedTitle: "Campaign Creation Failed",
  campaignFailed: "Failed to create campaign",
  dealersFailedTitle: "Viasat Search Failed",
  dealersFailed: "Failed to search Viasat dealers",
  runFailedTitle: "Campaign Run Failed",
  runFailed: "Failed to run campaign",
  saved: "Contact Saved",
  bulkSaved: "Bulk Save Complete",
  campaignCreated: "Campaign Created",
  campaignExecuted: "Campaign Executed",
} as const;
export const NO_PHONE_LEADS = "None of these leads has a phone number to save";
export const UNKNOWN_FLORIDA_CITY = "Choose cities from the Florida list";

const text = (label: string, max: number) =>
  safeString(label).trim().max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  text(label, max)
    .nullish()
    .transform((value) => value || null);

/** "Lead search result" and what the save routes send back (serpApiData keeps the rest). */
export const LeadResult = z.object({
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int().nullable(),
  category: z.string().nullable(),
  serpApiData: z.record(z.string(), z.unknown()),
});
export type LeadResult = z.infer<typeof LeadResult>;

const limit = z.coerce
  .number({ error: "Max results must be 10, 20 or 50" })
  .refine((value): value is LeadLimit => (LEAD_LIMITS as readonly number[]).includes(value), {
    message: "Max results must be 10, 20 or 50",
  })
  .default(DEFAULT_LEAD_LIMIT);

/** The two fields the spec requires together: either missing gives the one message. */
const requiredPair = {
  industry: z.string({ error: SEARCH_FIELDS_REQUIRED }).optional(),
  location: z.string({ error: SEARCH_FIELDS_REQUIRED }).optional(),
};

/** POST /api/leads/search {industry, location, limit}. */
export const LeadSearchRequest = z
  .object({ ...requiredPair, limit })
  .transform((body, context) => {
    const industry = body.industry?.trim() ?? "";
    const location = body.location?.trim() ?? "";
    if (!industry || !location) {
      context.addIssue({
        code: "custom",
        message: SEARCH_FIELDS_REQUIRED,
        path: [industry ? "location" : "industry"],
      });
      return z.NEVER;
    }
    return { industry, location, limit: body.limit as LeadLimit };
  })
  .pipe(
    z.object({
      industry: text("Industry", 100).min(1, SEARCH_FIELDS_REQUIRED),
      location: text("Location", 200).min(1, SEARCH_FIELDS_REQUIRED),
      limit: z.custom<LeadLimit>(),
    }),
  );
export type LeadSearchRequest = z.input<typeof LeadSearchRequest>;

export const LeadSearchResponse = z.object({
  leads: z.array(LeadResult),
  count: z.number().int(),
  provider: z.enum(LEAD_PROVIDERS),
});
export type LeadSearchResponse = z.infer<typeof LeadSearchResponse>;

/** One lead to save (save-contact and bulk-save fields). */
export const LeadToSave = z.object({
  name: text("Name", 200).min(1, "Name is required"),
  phoneNumber: optionalText("Phone number", 40),
  email: optionalText("Email", 254),
  company: optionalText("Company", 200),
  address: optionalText("Address", 500),
  website: optionalText("Website", 500),
  industry: optionalText("Industry", 100),
  businessType: optionalText("Business type", 100),
  leadSource: z.enum(["serpapi"], { error: "Lead source must be serpapi" }).optional(),
  leadScore: z
    .number({ error: "Lead score must be a number from 0 to 100" })
    .int("Lead score must be a whole number")
    .min(0, "Lead score must be a number from 0 to 100")
    .max(100, "Lead score must be a number from 0 to 100")
    .optional(),
  serpApiData: z
    .record(z.string(), z.unknown())
    .nullish()
    .refine((value) => !value || JSON.stringify(value).length <= 20_000, "Search data is too large"),
  campaignId: z.uuid("That campaign id is not valid").nullish(),
});
export type LeadToSave = z.output<typeof LeadToSave>;

/** POST /api/leads/bulk-save {leads}. */
export const BulkSaveRequest = z.object({
  leads: z
    .array(LeadToSave, { error: "Send the leads to save as a list" })
    .min(1, NO_PHONE_LEADS)
    .max(MAX_BULK_LEADS, `At most ${MAX_BULK_LEADS} leads can be saved at once`),
});

export const BulkSaveResponse = z.object({
  saved: z.number().int(),
  skipped: z.number().int(),
  /** Leads left out because they have no phone number. */
  withoutPhone: z.number().int(),
  /** Leads not saved because the plan's contact limit was reached, with the plan's words. */
  overLimit: z.number().int(),
  message: z.string().nullable(),
});
export type BulkSaveResponse = z.infer<typeof BulkSaveResponse>;

export const LeadCampaignOut = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  searchCriteria: z.object({
    industry: z.string(),
    location: z.string(),
    businessType: z.string().nullable(),
  }),
  limit: z.number().int(),
  schedule: z.enum(CAMPAIGN_SCHEDULES),
  leadsGenerated: z.number().int(),
  duplicatesSkipped: z.number().int(),
  /**
   * Calls to and conversions among the campaign's contacts: counted by the contacts area, which
   * does not yet answer per campaign (null until it does; the screen shows a dash).
   */
  callsInitiated: z.number().int().nullable(),
  conversions: z.number().int().nullable(),
  runs: z.number().int(),
  lastRunAt: z.string().nullable(),
  lastError: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadCampaign = z.infer<typeof LeadCampaignOut>;

/** POST /api/leads/campaigns {name, searchCriteria, autoStart}. */
export const CampaignCreate = z
  .object({
    name: z.string({ error: CAMPAIGN_FIELDS_REQUIRED }).optional(),
    searchCriteria: z
      .object(
        {
          industry: z.string({ error: CAMPAIGN_FIELDS_REQUIRED }).optional(),
          location: z.string({ error: CAMPAIGN_FIELDS_REQUIRED }).optional(),
          businessType: optionalText("Business type", 100),
        },
        { error: CAMPAIGN_FIELDS_REQUIRED },
      )
      .optional(),
    limit,
    schedule: z.enum(CAMPAIGN_SCHEDULES, { error: "Repeat must be once, daily or weekly" }).default("once"),
    autoStart: z.boolean({ error: "autoStart must be true or false" }).default(false),
  })
  .transform((body, context) => {
    const name = body.name?.trim() ?? "";
    const industry = body.searchCriteria?.industry?.trim() ?? "";
    const location = body.searchCriteria?.location?.trim() ?? "";
    if (!name || !industry || !location) {
      const path = !name
        ? ["name"]
        : !industry
          ? ["searchCriteria", "industry"]
          : ["searchCriteria", "location"];
      context.addIssue({ code: "custom", message: CAMPAIGN_FIELDS_REQUIRED, path });
      return z.NEVER;
    }
    return {
      name,
      industry,
      location,
      businessType: body.searchCriteria?.businessType ?? null,
      limit: body.limit as LeadLimit,
      schedule: body.schedule,
      autoStart: body.autoStart,
    };
  })
  .pipe(
    z.object({
      name: text("Name", 200),
      industry: text("Industry", 100),
      location: text("Location", 200),
      businessType: z.string().nullable(),
      limit: z.custom<LeadLimit>(),
      schedule: z.enum(CAMPAIGN_SCHEDULES),
      autoStart: z.boolean(),
    }),
  );
export type CampaignCreate = z.input<typeof CampaignCreate>;

/** PATCH /api/leads/campaigns/:id: pause or resume, or change how often it repeats. */
export const CampaignUpdate = z
  .object({
    status: z.enum(CAMPAIGN_STATUSES, { error: "Status must be active or paused" }).optional(),
    schedule: z.enum(CAMPAIGN_SCHEDULES, { error: "Repeat must be once, daily or weekly" }).optional(),
  })
  .strict()
  .refine((body) => body.status !== undefined || body.schedule !== undefined, {
    message: "Send a status or a schedule to change",
  });
export type CampaignUpdate = z.input<typeof CampaignUpdate>;

export const CampaignIdParams = z.object({ id: z.uuid("That campaign id is not valid") });
/** A run takes no input; anything sent is refused rather than ignored. */
export const CampaignRunBody = z.object({}).strict().nullish();

export const CampaignRunResponse = z.object({
  leadsAdded: z.number().int(),
  duplicatesSkipped: z.number().int(),
  found: z.number().int(),
  campaign: LeadCampaignOut,
});
export type CampaignRunResponse = z.infer<typeof CampaignRunResponse>;

/** "Lead stats", from the workspace's rows. */
export const LeadStats = z.object({
  totalCampaigns: z.number().int(),
  activeCampaigns: z.number().int(),
  totalLeadsGenerated: z.number().int(),
  /** Leads saved through lead generation in the last 7 days. */
  recentLeads: z.number().int(),
});
export type LeadStats = z.infer<typeof LeadStats>;

export const FloridaLocations = z.object({ locations: z.array(z.object({ city: z.string() })) });

/**
 * POST /api/leads/viasat-dealers {locations, exportCSV}: an empty list searches the first three
 * cities. Strict, as each city costs a search and 3 seconds: a body that is not this is refused.
 */
export const DealerSearchRequest = z
  .object({
    locations: z
      .array(z.enum(FLORIDA_CITIES, { error: UNKNOWN_FLORIDA_CITY }), {
        error: "Send the cities to search as a list (an empty list searches Miami, Orlando and Tampa)",
      })
      .max(FLORIDA_CITIES.length, UNKNOWN_FLORIDA_CITY),
    exportCSV: z.boolean({ error: "exportCSV must be true or false" }).default(false),
  })
  .strict();
export type DealerSearchRequest = z.input<typeof DealerSearchRequest>;

export const DealerSearchResponse = z.object({
  leads: z.array(LeadResult),
  count: z.number().int(),
  /** The signed-in workspace's download of these results, when exportCSV was set. */
  csvPath: z.string().nullable(),
  cities: z.array(z.string()),
});
export type DealerSearchResponse = z.infer<typeof DealerSearchResponse>;

export const LeadExportParams = z.object({ exportId: z.uuid("That export id is not valid") });
