import { z } from "zod";
import { safeString, text } from "./text";

/**
 * Email marketing and the email wizard: every
 * request and response shape, the constants and the spec's messages, shared by the server and
 * the screens.
 */

// ---- Constants ----
export const TARGET_AUDIENCES = ["all", "business", "individual"] as const;
export type TargetAudience = (typeof TARGET_AUDIENCES)[number];
export const PREVIEW_LIMIT = 10;
export const PREVIEW_SHOWN = 5;
export const DEFAULT_MAX_RECIPIENTS = 100;
/** The highest max recipients one campaign may ask for (the 3,000-contact send fits). */
export const MAX_RECIPIENTS_LIMIT = 50_000;
export const DEFAULT_BATCH_SIZE = 10;
export const DEFAULT_BATCH_DELAY_MS = 2000;
export const MAX_BATCH_SIZE = 500;
export const MAX_BATCH_DELAY_MS = 60 * 60 * 1000;
/** Messages a workspace may send in any hour unless it sets its own cap. */
export const DEFAULT_HOURLY_CAP = 1000;
export const MAX_HOURLY_CAP = 100_000;
export const TEMPLATE_PREVIEW_SETUP_CHARS = 300;
export const TEMPLATE_PREVIEW_LIST_CHARS = 150;
export const TOP_LIST_SIZE = 10;
export const SEASONAL_IDEAS = 6;
export const WIZARD_STEPS = 5;

export const CAMPAIGN_TYPES = [
  "viasat_internet",
  "general_business",
  "real_estate",
  "healthcare",
  "finance",
  "retail",
  "technology",
  "automotive",
  "fitness",
  "education",
  "food_service",
  "legal",
  "consulting",
] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
export const WIZARD_INDUSTRIES = [
  "agriculture",
  "construction",
  "healthcare",
  "retail",
  "manufacturing",
  "education",
  "real_estate",
  "transportation",
  "hospitality",
  "professional_services",
  "other",
] as const;
export type WizardIndustry = (typeof WIZARD_INDUSTRIES)[number];
export const EMAIL_TONES = ["professional", "friendly", "urgent", "casual"] as const;
export type EmailTone = (typeof EMAIL_TONES)[number];
export const EMAIL_PURPOSES = [
  "introduction",
  "follow_up",
  "promotion",
  "seasonal",
  "personalized_offer",
] as const;
export type EmailPurpose = (typeof EMAIL_PURPOSES)[number];

/** The merge fields a template may use, written {{firstName}} (HTML-escaped) and nothing else. */
export const MERGE_FIELDS = ["firstName", "businessName", "city", "state"] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

// ---- Messages ----
export const MISSING_INFORMATION_TITLE = "Missing Information";
export const SELECT_TEMPLATE = "Please select an email template.";
export const TEST_NEEDS_TEMPLATE_AND_EMAIL = "Please select a template and enter test email.";
export const TEST_EMAIL_FAILED = "Failed to send test email. Please try again.";
export const CAMPAIGN_FAILED = "Failed to send campaign. Please try again.";
export const GENERATION_FAILED_TITLE = "Generation Failed";
export const GENERATION_FAILED = "Unable to generate email. Please try again.";
export const TEST_EMAIL_SENT_TITLE = "Test Email Sent";
export const CAMPAIGN_SENT_TITLE = "Campaign Sent";
/** "Campaign Sent" toast body (sent count / total). */
export function campaignSentMessage(sent: number, total: number): string {
  return `Sent ${sent} of ${total} emails`;
}
export const TEMPLATE_NOT_FOUND = "That email template was not found";
export const CAMPAIGN_NOT_FOUND = "That email campaign was not found";
export const MESSAGE_NOT_FOUND = "That outbox message was not found";
export const POSTAL_ADDRESS_REQUIRED =
  "Add your business postal address in email settings before sending a campaign: the law requires it in every marketing email.";
export const NO_RECIPIENTS = "No contacts with an email address match this audience.";
export const TEST_ADDRESS_SUPPRESSED = "That address has unsubscribed or bounced; it is not emailed again.";
export const INVALID_EMAIL = "Please enter a valid email address";
export const UNSUBSCRIBE_LINK_INVALID = "This unsubscribe link is not valid.";
export const UNSUBSCRIBED = "You have been unsubscribed and will not receive these emails again.";
export const CAMPAIGN_NOT_RUNNING = "That campaign is not running";
export const CAMPAIGN_NOT_PAUSED = "That campaign is not paused";
export const CAMPAIGN_FINISHED = "That campaign has already finished";
export const TEMPLATE_IN_USE = "That template is used by a campaign that is still sending";

// ---- Templates ----
const templateName = text("Template name", 200, { min: 1, required: "Please enter a template name" });
const subject = text("Subject", 998, { min: 1, required: "Please enter a subject" }).refine(
  (value) => !/[\r\n]/.test(value),
  "The subject must be one line",
);
const bodyText = (label: string) =>
  safeString(label).max(200_000, `${label} must be at most 200,000 characters`);

export const EmailTemplateCreate = z
  .object({
    name: templateName,
    subject,
    targetAudience: z
      .enum(TARGET_AUDIENCES, { error: "Target audience must be all, business or individual" })
      .default("all"),
    /** The text part; when empty it is derived from the HTML. One of the two is required. */
    textContent: bodyText("Text content").default(""),
    htmlContent: bodyText("HTML content").default(""),
  })
  .refine((body) => body.textContent.trim() !== "" || body.htmlContent.trim() !== "", {
    message: "Please enter the email's text or HTML",
    path: ["textContent"],
  });
export type EmailTemplateCreate = z.input<typeof EmailTemplateCreate>;
export const EmailTemplateUpdate = z.object({
  name: templateName.optional(),
  subject: subject.optional(),
  targetAudience: z
    .enum(TARGET_AUDIENCES, { error: "Target audience must be all, business or individual" })
    .optional(),
  textContent: bodyText("Text content").optional(),
  htmlContent: bodyText("HTML content").optional(),
});
export type EmailTemplateUpdate = z.input<typeof EmailTemplateUpdate>;

export const EmailTemplateOut = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  targetAudience: z.enum(TARGET_AUDIENCES),
  textContent: z.string(),
  /** Sanitised HTML (scripts, handlers and remote forms removed). */
  htmlContent: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof EmailTemplateOut>;
export const EmailTemplateList = z.array(EmailTemplateOut);
export const IdParams = z.object({ id: z.uuid("That id is not valid") });

// ---- Audience ----
export const EmailStatsOut = z.object({
  totalContacts: z.number(),
  businessContacts: z.number(),
  individualContacts: z.number(),
  contactsWithEmails: z.number(),
  topIndustries: z.array(z.object({ industry: z.string(), count: z.number() })),
  topCities: z.array(z.object({ city: z.string(), count: z.number() })),
});
export type EmailStats = z.infer<typeof EmailStatsOut>;

const filterText = (label: string) =>
  safeString(label)
    .trim()
    .max(200, `${label} must be at most 200 characters`)
    .nullish()
    .transform((v) => v || null);
export const AudienceFilter = z.object({
  /** A saved segment of contacts (common/segments) to draw the audience from; absent: every contact. */
  segmentId: z.uuid("That segment id is not valid").nullish(),
  targetAudience: z
    .enum(TARGET_AUDIENCES, { error: "Target audience must be all, business or individual" })
    .default("all"),
  industry: filterText("Industry"),
  city: filterText("City"),
  state: filterText("State"),
});
export type AudienceFilter = z.input<typeof AudienceFilter>;

export const PreviewLeadsRequest = AudienceFilter.extend({
  limit: z.coerce.number().int().min(1).max(50).catch(PREVIEW_LIMIT).default(PREVIEW_LIMIT),
});
export type PreviewLeadsRequest = z.input<typeof PreviewLeadsRequest>;

export const Personalization = z.object({
  firstName: z.string().nullable(),
  businessName: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type Personalization = z.infer<typeof Personalization>;
export const PreviewLead = z.object({ email: z.string(), personalization: Personalization });
export type PreviewLead = z.infer<typeof PreviewLead>;
export const PreviewLeadsOut = z.object({ leads: z.array(PreviewLead), totalMatched: z.number() });
export type PreviewLeadsResult = z.infer<typeof PreviewLeadsOut>;

// ---- Sending ----
const email = safeString("Email", INVALID_EMAIL).trim().pipe(z.email(INVALID_EMAIL));
const personalizationIn = z
  .object({
    firstName: filterText("First name"),
    businessName: filterText("Business name"),
    city: filterText("City"),
    state: filterText("State"),
  })
  .partial()
  .default({});

export const SendTestRequest = z.object({
  templateId: z.uuid(TEST_NEEDS_TEMPLATE_AND_EMAIL),
  testEmail: safeString("Test email", TEST_NEEDS_TEMPLATE_AND_EMAIL)
    .trim()
    .min(1, TEST_NEEDS_TEMPLATE_AND_EMAIL)
    .pipe(z.email(INVALID_EMAIL)),
  personalization: personalizationIn,
});
export type SendTestRequest = z.input<typeof SendTestRequest>;
export const SendTestOut = z.object({ success: z.boolean(), messageId: z.string(), message: z.string() });

/** Max recipients falls back to 100 when invalid. */
const maxRecipients = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_RECIPIENTS_LIMIT)
  .catch(DEFAULT_MAX_RECIPIENTS)
  .default(DEFAULT_MAX_RECIPIENTS);
export const SendCampaignRequest = AudienceFilter.extend({
  templateId: z.uuid(SELECT_TEMPLATE),
  limit: maxRecipients,
  batchSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_BATCH_SIZE)
    .catch(DEFAULT_BATCH_SIZE)
    .default(DEFAULT_BATCH_SIZE),
  delayBetweenBatches: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_BATCH_DELAY_MS)
    .catch(DEFAULT_BATCH_DELAY_MS)
    .default(DEFAULT_BATCH_DELAY_MS),
  /** Open tracking (a 1x1 image) and click tracking (signed redirects), off unless asked for. */
  trackOpens: z.boolean().default(false),
  trackClicks: z.boolean().default(false),
});
export type SendCampaignRequest = z.input<typeof SendCampaignRequest>;

export const CAMPAIGN_STATUSES = ["queued", "sending", "paused", "cancelled", "completed"] as const;
export type EmailCampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const SEND_STATUSES = ["pending", "sent", "failed", "bounced", "suppressed", "cancelled"] as const;
export type EmailSendStatus = (typeof SEND_STATUSES)[number];

/** "Campaign result" plus the campaign and its job, since sending continues in the background. */
export const CampaignResultOut = z.object({
  campaignId: z.string(),
  jobId: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  totalSent: z.number(),
  totalRecipients: z.number(),
  failedEmails: z.number(),
});
export type CampaignResult = z.infer<typeof CampaignResultOut>;

export const EmailCampaignOut = z.object({
  id: z.string(),
  templateId: z.string().nullable(),
  templateName: z.string(),
  subject: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  jobId: z.string().nullable(),
  batchSize: z.number(),
  delayBetweenBatches: z.number(),
  totalRecipients: z.number(),
  sent: z.number(),
  failed: z.number(),
  bounced: z.number(),
  suppressed: z.number(),
  /** Still to be tried, the retrying ones included. */
  pending: z.number(),
  /** Of those pending, the ones a temporary failure (4xx, connection lost) deferred to a later try. */
  retrying: z.number(),
  trackOpens: z.boolean(),
  trackClicks: z.boolean(),
  /** Sends opened (the pixel loaded, or a tracked link clicked) and clicked, each counted once. */
  opened: z.number(),
  clicked: z.number(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type EmailCampaign = z.infer<typeof EmailCampaignOut>;
export const EmailCampaignList = z.array(EmailCampaignOut);

// ---- Settings (compliance) ----
export const EmailSettingsOut = z.object({
  postalAddress: z.string().nullable(),
  fromName: z.string().nullable(),
  fromEmail: z.string().nullable(),
  hourlyCap: z.number(),
});
export type EmailSettings = z.infer<typeof EmailSettingsOut>;
export const EmailSettingsUpdate = z.object({
  postalAddress: text("Postal address", 500)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  fromName: text("From name", 120)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  fromEmail: z
    .union([z.literal(""), email])
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  hourlyCap: z.coerce.number().int().min(1).max(MAX_HOURLY_CAP).optional(),
});
export type EmailSettingsUpdate = z.input<typeof EmailSettingsUpdate>;

// ---- Analytics ----
export const EmailAnalyticsOut = z.object({
  campaigns: z.number(),
  sent: z.number(),
  failed: z.number(),
  bounced: z.number(),
  unsubscribed: z.number(),
  suppressed: z.number(),
  /** Sends waiting for another try after a temporary failure. */
  retrying: z.number(),
  /** Over campaigns that track them: sends opened and clicked, each counted once. */
  opened: z.number(),
  clicked: z.number(),
});
export type EmailAnalytics = z.infer<typeof EmailAnalyticsOut>;

// ---- Outbox ----
export const OutboxMessageSummary = z.object({
  id: z.string(),
  messageId: z.string(),
  to: z.string(),
  subject: z.string(),
  sentAt: z.string(),
  size: z.number(),
});
export type OutboxMessageSummary = z.infer<typeof OutboxMessageSummary>;
export const OutboxListOut = z.object({ messages: z.array(OutboxMessageSummary), total: z.number() });
export const OutboxListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).catch(50).default(50),
  offset: z.coerce.number().int().min(0).catch(0).default(0),
});
export const OutboxMessageOut = OutboxMessageSummary.extend({
  from: z.string(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  /** Sanitised HTML for a sandboxed iframe, or null for a text-only message. */
  html: z.string().nullable(),
  text: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageOut>;

// ---- Unsubscribe (public, signed) ----
export const UnsubscribeParams = z.object({ token: safeString("token").min(10).max(500) });

// ---- Wizard ----
const wizardText = (label: string, max = 500) =>
  safeString(label).trim().max(max, `${label} must be at most ${max} characters`).default("");
const wizardList = (label: string) =>
  z
    .array(safeString(label).trim().max(300, `${label} must be at most 300 characters`))
    .max(20, `At most 20 ${label.toLowerCase()}`)
    .default([])
    .transform((items) => items.filter((item) => item !== ""));
export const WizardState = z.object({
  step: z.coerce.number().int().min(1).max(WIZARD_STEPS).catch(1).default(1),
  campaignType: z.enum(CAMPAIGN_TYPES).catch("general_business").default("general_business"),
  productService: wizardText("Product or service"),
  businessName: wizardText("Business name", 200),
  industry: z.enum(WIZARD_INDUSTRIES).catch("other").default("other"),
  location: wizardText("Location", 200),
  targetAudience: wizardText("Target audience"),
  tone: z.enum(EMAIL_TONES).catch("professional").default("professional"),
  purpose: z.enum(EMAIL_PURPOSES).catch("introduction").default("introduction"),
  painPoints: wizardList("Pain points"),
  competitors: wizardList("Competitors"),
  specialOffers: wizardList("Special offers"),
  customInstructions: wizardText("Custom instructions", 2000),
});
export type WizardState = z.input<typeof WizardState>;
export type WizardStateParsed = z.output<typeof WizardState>;

export const GeneratedEmail = z.object({
  subject: z.string(),
  htmlContent: z.string(),
  textContent: z.string(),
  expectedResponse: z.string(),
  bestSendTime: z.string(),
  personalizationTips: z.array(z.string()),
  followUpSuggestions: z.array(z.string()),
});
export type GeneratedEmail = z.infer<typeof GeneratedEmail>;
export const GenerateEmailOut = z.object({ emails: z.array(GeneratedEmail) });

export const SeasonalIdea = z.object({
  theme: z.string(),
  season: z.string(),
  subject: z.string(),
  targetDate: z.string(),
});
export type SeasonalIdea = z.infer<typeof SeasonalIdea>;
export const SeasonalCampaignsOut = z.object({ ideas: z.array(SeasonalIdea) });
