import type { EmailCampaign, EmailSettings, EmailTemplate, TargetAudience } from "../../../common/email";
import { DEFAULT_HOURLY_CAP } from "../../../common/email";
import type { EmailCampaignRow, EmailSettingsRow, EmailTemplateRow, SendCounts } from "./repository";

export function presentTemplate(row: EmailTemplateRow): EmailTemplate {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    targetAudience: row.targetAudience as TargetAudience,
    textContent: row.textContent,
    htmlContent: row.htmlContent,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentCampaign(row: EmailCampaignRow, counts: SendCounts): EmailCampaign {
  return {
    id: row.id,
    templateId: row.templateId,
    templateName: row.templateName,
    subject: row.subject,
    status: row.status as EmailCampaign["status"],
    jobId: row.jobId,
    batchSize: row.batchSize,
    delayBetweenBatches: row.delayMs,
    totalRecipients: row.totalRecipients,
    ...counts,
    trackOpens: row.trackOpens,
    trackClicks: row.trackClicks,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export function presentSettings(row: EmailSettingsRow | undefined): EmailSettings {
  return {
    postalAddress: row?.postalAddress ?? null,
    fromName: row?.fromName ?? null,
    fromEmail: row?.fromEmail ?? null,
    hourlyCap: row?.hourlyCap ?? DEFAULT_HOURLY_CAP,
  };
}
