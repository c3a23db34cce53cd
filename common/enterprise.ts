import { z } from "zod";
import { BulkCallRequest } from "./business";
import { CLASSIFICATIONS } from "./calls";
import { INVALID_EMAIL } from "./contacts";
import { ENTERPRISE_PLANS } from "./plans";
import { phoneNumberProblem } from "./telephony";
import { safeString, text } from "./text";

/**
 * Enterprise calling (/enterprise and /enterprise-dashboard, "Enterprise stats"
 * and "Enterprise analytics"): the plans and the contact-sales enquiry,
 * and the dashboard's four tabs. The server and the screens share these.
 */

// --- Monitoring -----------------------------------------------------------------

/** Enterprise stats are polled every 5 s while monitoring is Live. */
export const ENTERPRISE_POLL_MS = 5_000;
/** Live Calls lists at most this many calls (the newest first); activeCalls counts them all. */
export const LIVE_CALLS_SHOWN = 100;

export const EnterpriseCallDetail = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  /** The call's status (in_progress, on_hold, ringing, ...). */
  status: z.string(),
  startTime: z.string(),
  callerName: z.string().nullable(),
  direction: z.string(),
});
export type EnterpriseCallDetail = z.infer<typeof EnterpriseCallDetail>;

/** The workspace's dialer campaigns, summed over their leads ("Enterprise stats"). */
export const EnterpriseCampaignStats = z.object({
  totalLeads: z.number().int(),
  /** Leads whose disposition says they are interested (or a sale, or a callback they asked for). */
  interestedLeads: z.number().int(),
  /** Leads a person answered and talked with (a human-answered disposition). */
  qualifiedLeads: z.number().int(),
  /** Leads dialled at least once. */
  contactedLeads: z.number().int(),
  /** Sales as a percentage of the leads contacted, one decimal; 0 with none contacted. */
  conversionRate: z.number(),
  /** Seconds, over the workspace's ended calls of the last 30 days; 0 with none. */
  averageCallDuration: z.number(),
});
export type EnterpriseCampaignStats = z.infer<typeof EnterpriseCampaignStats>;

/** GET /api/enterprise/call-stats. */
export const EnterpriseCallStats = z.object({
  realTime: z.object({
    activeCalls: z.number().int(),
    timestamp: z.string(),
    callDetails: z.array(EnterpriseCallDetail),
  }),
  campaign: EnterpriseCampaignStats,
});
export type EnterpriseCallStats = z.infer<typeof EnterpriseCallStats>;

// --- Analytics ------------------------------------------------------------------

export const ANALYTICS_RANGES = ["24h", "7d", "30d"] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_RANGE_LABELS: Record<AnalyticsRange, string> = {
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
};
export const ANALYTICS_RANGE_MS: Record<AnalyticsRange, number> = {
  "24h": 24 * 3_600_000,
  "7d": 7 * 86_400_000,
  "30d": 30 * 86_400_000,
};

export const AnalyticsQuery = z.object({
  timeRange: z.enum(ANALYTICS_RANGES, { error: "timeRange must be 24h, 7d or 30d" }).default("24h"),
});

/** GET /api/enterprise/analytics: from the workspace's calls that ended in the range (test calls left out). */
export const EnterpriseAnalytics = z.object({
  timeRange: z.enum(ANALYTICS_RANGES),
  totalCalls: z.number().int(),
  /** Calls the assistant handled to an outcome (the dashboard's Success Rate rule). */
  successfulCalls: z.number().int(),
  /** successfulCalls as a percentage of totalCalls, one decimal; 0 with no calls. */
  successRate: z.number(),
  conversionMetrics: z.object({
    /** Calls classified as sales, or that ended needing a follow-up. */
    leadsGenerated: z.number().int(),
    /** Appointments booked in the range (not counting cancelled ones). */
    appointmentsScheduled: z.number().int(),
    callsTransferred: z.number().int(),
  }),
  /** Every classification, 0 when none; calls the assistant never classified are "unclassified". */
  callsByClassification: z.record(z.string(), z.number().int()),
});
export type EnterpriseAnalytics = z.infer<typeof EnterpriseAnalytics>;

export const CLASSIFICATION_KEYS = [...CLASSIFICATIONS, "unclassified"] as const;

// --- Campaigns -----------------------------------------------------------------------

export const ENTERPRISE_CAMPAIGN_TYPES = ["cold_outreach", "follow_up"] as const;
export type EnterpriseCampaignType = (typeof ENTERPRISE_CAMPAIGN_TYPES)[number];
export const CAMPAIGN_TYPE_LABELS: Record<EnterpriseCampaignType, string> = {
  cold_outreach: "Cold outreach",
  follow_up: "Follow-up",
};
/** A campaign takes at most this many chosen contacts at once (more through the Autodialer's import). */
export const MAX_CAMPAIGN_CONTACTS = 1_000;
export const NO_CONTACTS_CHOSEN = "Choose at least one contact for the campaign";
/** The toast's title and fallback text. */
export const CAMPAIGN_FAILED = "Failed to start campaign";

export const StartCampaignRequest = z.object({
  campaignType: z.enum(ENTERPRISE_CAMPAIGN_TYPES, {
    error: "campaignType must be cold_outreach or follow_up",
  }),
  contactIds: z
    .array(z.uuid("Each contact id must be a contact's id"), { error: NO_CONTACTS_CHOSEN })
    .max(MAX_CAMPAIGN_CONTACTS, `Choose at most ${MAX_CAMPAIGN_CONTACTS} contacts at a time`)
    .transform((ids) => [...new Set(ids)])
    .refine((ids) => ids.length > 0, NO_CONTACTS_CHOSEN),
});
export type StartCampaignRequest = z.input<typeof StartCampaignRequest>;

export const StartCampaignResponse = z.object({
  campaignId: z.string(),
  name: z.string(),
  status: z.string(),
  /** Leads the campaign took from the chosen contacts. */
  leadsAdded: z.number().int(),
  /** Chosen contacts left out, each with the reason (no phone number, on the do-not-call list, ...). */
  skipped: z.array(z.object({ contactId: z.string(), reason: z.string() })),
});
export type StartCampaignResponse = z.infer<typeof StartCampaignResponse>;

// --- Call Controls: bulk call with a purpose ------------------------------------------

export const NO_CALL_PURPOSE = "Please enter the purpose of the calls";

/** POST /api/enterprise/bulk-call: the bulk call's numbers, and a purpose the assistant states. */
export const EnterpriseBulkCallRequest = BulkCallRequest.extend({
  callPurpose: safeString("The call purpose", NO_CALL_PURPOSE)
    .trim()
    .min(1, NO_CALL_PURPOSE)
    .max(300, "The call purpose must be at most 300 characters"),
});
export type EnterpriseBulkCallRequest = z.input<typeof EnterpriseBulkCallRequest>;

// --- Contact sales (/enterprise) --------------------------------------

export const ENTERPRISE_PLAN_IDS = ENTERPRISE_PLANS.map((plan) => plan.id) as [
  (typeof ENTERPRISE_PLANS)[number]["id"],
  ...(typeof ENTERPRISE_PLANS)[number]["id"][],
];
export type EnterprisePlanId = (typeof ENTERPRISE_PLAN_IDS)[number];

export const ENQUIRY_SENT = "Thanks! Our sales team will contact you within one business day.";
export const ENQUIRY_FAILED = "Failed to send your request. Please try again.";
/** A person may send this many enquiries a day: enough to correct one, not enough to flood sales. */
export const ENQUIRIES_PER_DAY = 5;
export const TOO_MANY_ENQUIRIES = `You have sent ${ENQUIRIES_PER_DAY} requests today. Our sales team will reply to them; please wait for their answer.`;

const optionalPhone = z
  .union([z.literal(""), safeString("Phone number").trim().max(40)])
  .nullish()
  .superRefine((value, ctx) => {
    const problem = value ? phoneNumberProblem(value) : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((value) => value || null);

export const EnterpriseEnquiryRequest = z.object({
  name: text("Name", 120, { min: 1, required: "Please enter your name" }),
  email: z
    .email(INVALID_EMAIL)
    .max(254, INVALID_EMAIL)
    .transform((value) => value.toLowerCase()),
  company: text("Company", 200, { min: 1, required: "Please enter your company name" }),
  phoneNumber: optionalPhone,
  planId: z.enum(ENTERPRISE_PLAN_IDS, { error: "Please choose one of the enterprise plans" }),
  /** How many calls at the same time the company expects (optional). */
  expectedConcurrentCalls: z.coerce
    .number({ error: "Expected concurrent calls must be a number" })
    .int("Expected concurrent calls must be a whole number")
    .min(1, "Expected concurrent calls must be at least 1")
    .max(1_000_000, "Expected concurrent calls must be at most 1,000,000")
    .nullish()
    .transform((value) => value ?? null),
  message: text("Message", 2000)
    .nullish()
    .transform((value) => value || null),
});
export type EnterpriseEnquiryRequest = z.input<typeof EnterpriseEnquiryRequest>;

export const EnterpriseEnquiry = z.object({
  id: z.string(),
  workspaceId: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  phoneNumber: z.string().nullable(),
  planId: z.string(),
  planName: z.string(),
  expectedConcurrentCalls: z.number().int().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(["new", "contacted", "won", "lost"]),
  statusChangedAt: z.string().nullable(),
});
export type EnterpriseEnquiry = z.infer<typeof EnterpriseEnquiry>;

/** Where sales is with an enquiry, in the order it moves. */
export const ENQUIRY_STATUSES = ["new", "contacted", "won", "lost"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: "New",
  contacted: "Contacted",
  won: "Won",
  lost: "Lost",
};

/** PATCH /api/admin/enterprise-enquiries/:id: the administrator moves an enquiry along. */
export const EnquiryStatusRequest = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: "status must be new, contacted, won or lost" }),
});
export const EnquiryIdParams = z.object({ id: z.uuid({ error: "That enquiry does not exist" }) });
export const ENQUIRY_NOT_FOUND = "That enquiry does not exist";

export const EnquiryCreated = z.object({ enquiry: EnterpriseEnquiry, message: z.string() });
export type EnquiryCreated = z.infer<typeof EnquiryCreated>;

export const EnquiryListQuery = z.object({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int()
    .min(1, "page starts at 1")
    .max(100_000)
    .default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int()
    .min(1)
    .max(100, "limit is at most 100")
    .default(50),
  status: z.enum(ENQUIRY_STATUSES, { error: "status must be new, contacted, won or lost" }).optional(),
});

/** GET /api/admin/enterprise-enquiries (platform administrators only), newest first. */
export const EnquiryList = z.object({
  enquiries: z.array(EnterpriseEnquiry),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type EnquiryList = z.infer<typeof EnquiryList>;

export function enterprisePlanName(planId: string): string {
  return ENTERPRISE_PLANS.find((plan) => plan.id === planId)?.name ?? planId;
}
