import {
  DEFAULT_BATCH_DELAY_MS,
  DEFAULT_BATCH_SIZE,
  DEFAULT_MAX_RECIPIENTS,
  MAX_BATCH_DELAY_MS,
  MAX_BATCH_SIZE,
  MAX_RECIPIENTS_LIMIT,
  type TargetAudience,
} from "@common/email";

/** The Create Campaign tab's choices, kept by the page so they survive a visit to another tab. */
export type CampaignForm = {
  templateId: string;
  /** A saved segment of contacts (or an audience list) to send to; "" is every contact. */
  segmentId: string;
  targetAudience: TargetAudience;
  industry: string;
  city: string;
  state: string;
  maxRecipients: string;
  batchSize: string;
  delaySeconds: string;
  testEmail: string;
  /** Open and click tracking, off unless chosen (a pixel and signed redirects in the message). */
  trackOpens: boolean;
  trackClicks: boolean;
};

export const EMPTY_CAMPAIGN_FORM: CampaignForm = {
  templateId: "",
  segmentId: "",
  targetAudience: "all",
  industry: "",
  city: "",
  state: "",
  maxRecipients: String(DEFAULT_MAX_RECIPIENTS),
  batchSize: String(DEFAULT_BATCH_SIZE),
  delaySeconds: String(DEFAULT_BATCH_DELAY_MS / 1000),
  testEmail: "",
  trackOpens: false,
  trackClicks: false,
};

/** A whole number within [min, max], else the fallback (max recipients falls back to 100). */
function wholeOr(value: string, min: number, max: number, fallback: number): number {
  const n = Number(value.trim());
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

export const maxRecipientsOf = (form: CampaignForm) =>
  wholeOr(form.maxRecipients, 1, MAX_RECIPIENTS_LIMIT, DEFAULT_MAX_RECIPIENTS);
export const batchSizeOf = (form: CampaignForm) =>
  wholeOr(form.batchSize, 1, MAX_BATCH_SIZE, DEFAULT_BATCH_SIZE);
export function delayMsOf(form: CampaignForm): number {
  const seconds = Number(form.delaySeconds.trim());
  const ms = Math.round(seconds * 1000);
  return form.delaySeconds.trim() !== "" && Number.isFinite(ms) && ms >= 0 && ms <= MAX_BATCH_DELAY_MS
    ? ms
    : DEFAULT_BATCH_DELAY_MS;
}

/** The audience part of a preview or a campaign request. */
export const audienceOf = (form: CampaignForm) => ({
  segmentId: form.segmentId || null,
  targetAudience: form.targetAudience,
  industry: form.industry || null,
  city: form.city || null,
  state: form.state.trim() || null,
});
