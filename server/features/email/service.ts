import { randomUUID } from "node:crypto";
import { simpleParser } from "mailparser";
import {
  CAMPAIGN_FINISHED,
  CAMPAIGN_NOT_FOUND,
  CAMPAIGN_NOT_PAUSED,
  CAMPAIGN_NOT_RUNNING,
  type CampaignResult,
  MESSAGE_NOT_FOUND,
  NO_RECIPIENTS,
  type OutboxMessage,
  type Personalization,
  POSTAL_ADDRESS_REQUIRED,
  type PreviewLeadsResult,
  TEMPLATE_NOT_FOUND,
  TEST_ADDRESS_SUPPRESSED,
  TEST_EMAIL_FAILED,
  TOP_LIST_SIZE,
} from "../../../common/email";
import type { Db } from "../../db/client";
import { Invalid, NotFound, OutsideServiceFailed } from "../../domain/errors";
import { listOutbox, type MailTransport, readOutbox } from "../../providers/mail";
import type { AudienceContact, AudienceQuery, EmailAudience } from "../contacts/email-audience";
import { presentCampaign, presentSettings, presentTemplate } from "./presenter";
import { renderEmail, sanitizeEmailHtml } from "./render";
import { emailRepository, NO_SENDS } from "./repository";
import { campaignSender, listHeaders, renderCampaignSend } from "./sending";
import { trackableLinks } from "./tracking";
import type { UnsubscribeTokens } from "./unsubscribe-token";

export type AudienceFilterInput = Omit<AudienceQuery, "excludeEmails">;
export type TemplateInput = {
  name: string;
  subject: string;
  targetAudience: "all" | "business" | "individual";
  textContent: string;
  htmlContent: string;
};
export type CampaignRequest = AudienceFilterInput & {
  templateId: string;
  limit: number;
  batchSize: number;
  delayBetweenBatches: number;
  trackOpens?: boolean;
  trackClicks?: boolean;
};

export type EmailServiceDeps = {
  db: Db;
  audience: EmailAudience;
  transport: MailTransport;
  tokens: UnsubscribeTokens;
  /** Where the app is reached from outside (PUBLIC_URL, or http://localhost:PORT). */
  baseUrl: string;
  dataDir: string;
  mailFrom: string;
  /** Queues the campaign's sending job; the key makes a repeated call queue it once. */
  queueCampaign(workspaceId: string, campaignId: string, run: number, key: string): Promise<string>;
  now?: () => Date;
  /** The jitter of retry waits (tests fix it). */
  random?: () => number;
};

/** The recipient's merge fields from a contact: the first word of the name, the company, city and state. */
export function personalizationOf(contact: AudienceContact): Personalization {
  const firstName = contact.name.trim().split(/\s+/)[0] || null;
  return {
    firstName,
    businessName: contact.company?.trim() || null,
    city: contact.city,
    state: contact.state,
  };
}

const domainOf = (address: string) => address.match(/@([^>\s]+)/)?.[1] ?? "localhost";

export function emailService(deps: EmailServiceDeps) {
  const repo = emailRepository(deps.db);
  const now = deps.now ?? (() => new Date());
  const unsubscribeUrl = (workspaceId: string, email: string) =>
    `${deps.baseUrl}/api/email-marketing/unsubscribe/${deps.tokens.create(workspaceId, email)}`;
  const trackingUrls = (workspaceId: string, sendId: string) => ({
    open: `${deps.baseUrl}/api/email-marketing/track/open/${deps.tokens.trackOpen(workspaceId, sendId)}`,
    click: (link: number) =>
      `${deps.baseUrl}/api/email-marketing/track/click/${deps.tokens.trackClick(workspaceId, sendId, link)}`,
  });
  const sender = campaignSender(
    {
      repo,
      transport: deps.transport,
      unsubscribeUrl,
      trackingUrls,
      now,
      ...(deps.random ? { random: deps.random } : {}),
    },
    deps.mailFrom,
  );
  const messageDomain = domainOf(deps.mailFrom);
  const newMessageId = (id: string) => `<${id}@${messageDomain}>`;

  async function templateOf(workspaceId: string, id: string) {
    const row = await repo.getTemplate(workspaceId, id);
    if (!row) throw new NotFound(TEMPLATE_NOT_FOUND);
    return row;
  }
  async function campaignOf(workspaceId: string, id: string) {
    const row = await repo.getCampaign(workspaceId, id);
    if (!row) throw new NotFound(CAMPAIGN_NOT_FOUND);
    return row;
  }
  async function presentOne(row: NonNullable<Awaited<ReturnType<typeof repo.getCampaign>>>) {
    const counts = await repo.countsByCampaign([row.id]);
    return presentCampaign(row, counts.get(row.id) ?? NO_SENDS);
  }
  const query = async (workspaceId: string, filter: AudienceFilterInput): Promise<AudienceQuery> => ({
    ...filter,
    excludeEmails: await repo.suppressedEmails(workspaceId),
  });

  return {
    // ---- templates ----
    async listTemplates(workspaceId: string) {
      return (await repo.listTemplates(workspaceId)).map(presentTemplate);
    },
    async getTemplate(workspaceId: string, id: string) {
      return presentTemplate(await templateOf(workspaceId, id));
    },
    async createTemplate(workspaceId: string, input: TemplateInput) {
      const row = await repo.insertTemplate({
        workspaceId,
        ...input,
        htmlContent: input.htmlContent.trim() ? sanitizeEmailHtml(input.htmlContent) : "",
      });
      return presentTemplate(row);
    },
    async updateTemplate(workspaceId: string, id: string, input: Partial<TemplateInput>) {
      const values = { ...input };
      if (values.htmlContent !== undefined)
        values.htmlContent = values.htmlContent.trim() ? sanitizeEmailHtml(values.htmlContent) : "";
      const current = await templateOf(workspaceId, id);
      const text = values.textContent ?? current.textContent;
      const html = values.htmlContent ?? current.htmlContent;
      if (!text.trim() && !html.trim()) throw new Invalid("Please enter the email's text or HTML");
      const row = await repo.updateTemplate(workspaceId, id, values);
      if (!row) throw new NotFound(TEMPLATE_NOT_FOUND);
      return presentTemplate(row);
    },
    async deleteTemplate(workspaceId: string, id: string) {
      if (!(await repo.deleteTemplate(workspaceId, id))) throw new NotFound(TEMPLATE_NOT_FOUND);
    },

    // ---- settings ----
    async getSettings(workspaceId: string) {
      return presentSettings(await repo.getSettings(workspaceId));
    },
    async saveSettings(
      workspaceId: string,
      input: {
        postalAddress?: string | null;
        fromName?: string | null;
        fromEmail?: string | null;
        hourlyCap?: number;
      },
    ) {
      const values = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      return presentSettings(await repo.saveSettings(workspaceId, values));
    },

    // ---- audience ----
    async stats(workspaceId: string) {
      return deps.audience.stats(workspaceId, TOP_LIST_SIZE);
    },
    async previewLeads(
      workspaceId: string,
      filter: AudienceFilterInput,
      limit: number,
    ): Promise<PreviewLeadsResult> {
      const q = await query(workspaceId, filter);
      const [contacts, totalMatched] = await Promise.all([
        deps.audience.page(workspaceId, q, limit),
        deps.audience.count(workspaceId, q),
      ]);
      return {
        leads: contacts.map((contact) => ({
          email: contact.email,
          personalization: personalizationOf(contact),
        })),
        totalMatched,
      };
    },

    // ---- sending ----
    /** A test goes to one address with sample merge values; a suppressed address is refused. */
    async sendTest(
      workspaceId: string,
      input: { templateId: string; testEmail: string; personalization: Partial<Personalization> },
    ) {
      const template = await templateOf(workspaceId, input.templateId);
      const to = input.testEmail.toLowerCase();
      if ((await repo.suppressedAmong(workspaceId, [to])).size) throw new Invalid(TEST_ADDRESS_SUPPRESSED);
      const settings = await repo.getSettings(workspaceId);
      const values: Personalization = {
        firstName: input.personalization.firstName ?? null,
        businessName: input.personalization.businessName ?? null,
        city: input.personalization.city ?? null,
        state: input.personalization.state ?? null,
      };
      const url = unsubscribeUrl(workspaceId, to);
      const rendered = renderEmail(
        template,
        values,
        settings?.postalAddress ? { postalAddress: settings.postalAddress, unsubscribeUrl: url } : null,
      );
      const id = randomUUID();
      const messageId = newMessageId(id);
      const outcome = await deps.transport
        .send({
          workspaceId,
          id,
          from: settings?.fromEmail ?? deps.mailFrom,
          to,
          subject: `[Test] ${rendered.subject}`,
          text: rendered.text,
          html: rendered.html,
          messageId,
          headers: listHeaders(url),
        })
        .catch((error: Error) => ({
          kind: "rejected" as const,
          failure: "temporary" as const,
          response: error.message,
        }));
      // A test is not retried: the person is waiting for the answer.
      if (outcome.kind !== "accepted") {
        if (outcome.failure === "bounce") await repo.suppress(workspaceId, to, "bounced");
        throw new OutsideServiceFailed(`${TEST_EMAIL_FAILED} (${outcome.response})`);
      }
      return { success: true, messageId, message: `Test email sent to ${to}` };
    },

    /**
     * Queues a campaign: the postal address is required, the audience (suppressed addresses
     * left out) becomes one send row per recipient, and a job sends them.
     */
    async sendCampaign(
      workspaceId: string,
      userId: string | null,
      request: CampaignRequest,
    ): Promise<CampaignResult> {
      const template = await templateOf(workspaceId, request.templateId);
      const settings = await repo.getSettings(workspaceId);
      if (!settings?.postalAddress?.trim())
        throw new Invalid(POSTAL_ADDRESS_REQUIRED, [
          { path: "postalAddress", message: POSTAL_ADDRESS_REQUIRED },
        ]);
      const q = await query(workspaceId, request);
      const recipients: AudienceContact[] = [];
      let after: string | undefined;
      while (recipients.length < request.limit) {
        const page = await deps.audience.page(
          workspaceId,
          q,
          Math.min(1000, request.limit - recipients.length),
          after,
        );
        if (page.length === 0) break;
        recipients.push(...page);
        after = page[page.length - 1]?.id;
      }
      if (recipients.length === 0) throw new Invalid(NO_RECIPIENTS);
      const campaign = await repo.insertCampaign({
        workspaceId,
        createdBy: userId,
        templateId: template.id,
        templateName: template.name,
        subject: template.subject,
        textContent: template.textContent,
        htmlContent: template.htmlContent,
        postalAddress: settings.postalAddress,
        fromName: settings.fromName,
        fromEmail: settings.fromEmail,
        status: "queued",
        batchSize: request.batchSize,
        delayMs: request.delayBetweenBatches,
        audience: {
          segmentId: request.segmentId ?? null,
          targetAudience: request.targetAudience,
          industry: request.industry,
          city: request.city,
          state: request.state,
        },
        totalRecipients: recipients.length,
        trackOpens: request.trackOpens ?? false,
        trackClicks: request.trackClicks ?? false,
      });
      for (let i = 0; i < recipients.length; i += 1000) {
        await repo.insertSends(
          recipients.slice(i, i + 1000).map((contact) => {
            const id = randomUUID();
            return {
              id,
              workspaceId,
              campaignId: campaign.id,
              contactId: contact.id,
              email: contact.email,
              personalization: personalizationOf(contact),
              messageId: newMessageId(id),
            };
          }),
        );
      }
      const jobId = await deps.queueCampaign(
        workspaceId,
        campaign.id,
        campaign.run,
        `email-campaign:${campaign.id}:0`,
      );
      await repo.setCampaign(workspaceId, campaign.id, { jobId });
      return {
        campaignId: campaign.id,
        jobId,
        status: "queued",
        totalSent: 0,
        totalRecipients: recipients.length,
        failedEmails: 0,
      };
    },

    async listCampaigns(workspaceId: string) {
      const rows = await repo.listCampaigns(workspaceId);
      const counts = await repo.countsByCampaign(rows.map((row) => row.id));
      return rows.map((row) => presentCampaign(row, counts.get(row.id) ?? NO_SENDS));
    },
    async getCampaign(workspaceId: string, id: string) {
      return presentOne(await campaignOf(workspaceId, id));
    },
    async pause(workspaceId: string, id: string) {
      await campaignOf(workspaceId, id);
      const row = await repo.moveCampaign(workspaceId, id, ["queued", "sending"], { status: "paused" });
      if (!row) throw new Invalid(CAMPAIGN_NOT_RUNNING);
      return presentOne(row);
    },
    async resume(workspaceId: string, id: string) {
      await campaignOf(workspaceId, id);
      const row = await repo.nextRun(workspaceId, id, ["paused"]);
      if (!row) throw new Invalid(CAMPAIGN_NOT_PAUSED);
      const jobId = await deps.queueCampaign(workspaceId, id, row.run, `email-campaign:${id}:${row.run}`);
      return presentOne((await repo.setCampaign(workspaceId, id, { jobId })) ?? row);
    },
    async cancel(workspaceId: string, id: string) {
      await campaignOf(workspaceId, id);
      const row = await repo.moveCampaign(workspaceId, id, ["queued", "sending", "paused"], {
        status: "cancelled",
        completedAt: now(),
      });
      if (!row) throw new Invalid(CAMPAIGN_FINISHED);
      await repo.resetSends(id, ["pending"], "cancelled");
      return presentOne(row);
    },
    /**
     * Failed sends (not bounced or suppressed) go back to pending with their tries given back,
     * and a new run sends them; sends still waiting to be retried are left as they are.
     */
    async retryFailed(workspaceId: string, id: string) {
      const campaign = await campaignOf(workspaceId, id);
      if (campaign.status === "cancelled") throw new Invalid(CAMPAIGN_FINISHED);
      await repo.resetSends(id, ["failed"], "pending", true);
      const row = await repo.nextRun(workspaceId, id, ["completed", "paused", "queued", "sending"]);
      if (!row) throw new Invalid(CAMPAIGN_FINISHED);
      const jobId = await deps.queueCampaign(workspaceId, id, row.run, `email-campaign:${id}:${row.run}`);
      return presentOne((await repo.setCampaign(workspaceId, id, { jobId })) ?? row);
    },
    /** The job's body (server/jobs/kinds/email-campaign.ts). */
    runCampaign: sender.run,
    /**
     * The retry sweep (`email.retries-due`, every minute): each campaign still sending whose
     * deferred sends are due gets its run queued again, keyed by the run and the due time, so
     * a repeated sweep queues it once. The job becomes the campaign's job (its progress).
     */
    async sweepRetries(): Promise<{ queued: number }> {
      const due = await repo.dueRetries(now(), 100);
      for (const campaign of due) {
        const at = campaign.nextRetryAt?.toISOString() ?? "";
        const jobId = await deps.queueCampaign(
          campaign.workspaceId,
          campaign.id,
          campaign.run,
          `email-campaign:${campaign.id}:${campaign.run}:retry:${at}`,
        );
        await repo.setJobOfRun(campaign.workspaceId, campaign.id, campaign.run, jobId);
      }
      return { queued: due.length };
    },

    // ---- compliance ----
    /** One-click unsubscribe (RFC 8058) and the visible link: no session, the token is the proof. */
    /** The address the token unsubscribed, or null when the token is not this server's. */
    async unsubscribe(token: string): Promise<string | null> {
      const reader = deps.tokens.read(token);
      if (!reader) return null;
      await repo.suppress(reader.workspaceId, reader.email, "unsubscribed");
      return reader.email;
    },
    unsubscribeUrl,
    unsubscribeTokenValid: (token: string) => deps.tokens.read(token) !== null,

    // ---- tracking (public: the signed token is the proof) ----
    /** Records the send's first open; false when the token is not this server's. */
    async trackOpen(token: string): Promise<boolean> {
      const read = deps.tokens.readTracking(token);
      if (read?.kind !== "open") return false;
      return repo.recordOpen(read.workspaceId, read.sendId, now());
    },
    /**
     * Where a tracked link leads: the send's message is rendered again and the link at the
     * token's position taken from it, so only an address that was in the message is reachable.
     * Records the first click. Null when the token or the link is not one this server made.
     */
    async trackClick(token: string): Promise<string | null> {
      const read = deps.tokens.readTracking(token);
      if (read?.kind !== "click") return null;
      const send = await repo.getSend(read.workspaceId, read.sendId);
      const campaign = send && (await repo.getCampaign(read.workspaceId, send.campaignId));
      if (!send || !campaign) return null;
      const url = unsubscribeUrl(read.workspaceId, send.email);
      const target = trackableLinks(renderCampaignSend(campaign, send, url).html, url)[read.link];
      if (!target) return null;
      await repo.recordClick(read.workspaceId, send.id, now());
      return target;
    },

    async analytics(workspaceId: string) {
      const counts = await repo.workspaceCounts(workspaceId);
      return { ...counts, unsubscribed: await repo.countSuppressed(workspaceId, "unsubscribed") };
    },

    // ---- outbox ----
    async listOutbox(workspaceId: string, limit: number, offset: number) {
      const files = await listOutbox(deps.dataDir, workspaceId);
      const page = files.slice(offset, offset + limit);
      const messages = await Promise.all(
        page.map(async (file) => {
          const raw = await readOutbox(deps.dataDir, workspaceId, file.id);
          const parsed = raw
            ? await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true })
            : null;
          return {
            id: file.id,
            messageId: parsed?.messageId ?? "",
            to: parsed?.to
              ? Array.isArray(parsed.to)
                ? parsed.to.map((a) => a.text).join(", ")
                : parsed.to.text
              : "",
            subject: parsed?.subject ?? "",
            sentAt: (parsed?.date ?? file.modifiedAt).toISOString(),
            size: file.size,
          };
        }),
      );
      return { messages, total: files.length };
    },
    async outboxMessage(workspaceId: string, id: string): Promise<OutboxMessage> {
      const raw = await readOutbox(deps.dataDir, workspaceId, id);
      if (!raw) throw new NotFound(MESSAGE_NOT_FOUND);
      const parsed = await simpleParser(raw);
      const headers = parsed.headerLines.map((line) => {
        const at = line.line.indexOf(":");
        return { name: line.line.slice(0, at), value: line.line.slice(at + 1).trim() };
      });
      return {
        id,
        messageId: parsed.messageId ?? "",
        from: parsed.from?.text ?? "",
        to: parsed.to
          ? Array.isArray(parsed.to)
            ? parsed.to.map((a) => a.text).join(", ")
            : parsed.to.text
          : "",
        subject: parsed.subject ?? "",
        sentAt: (parsed.date ?? new Date()).toISOString(),
        size: raw.length,
        headers,
        html: typeof parsed.html === "string" ? sanitizeEmailHtml(parsed.html) : null,
        text: parsed.text ?? "",
      };
    },
    async outboxRaw(workspaceId: string, id: string) {
      const raw = await readOutbox(deps.dataDir, workspaceId, id);
      if (!raw) throw new NotFound(MESSAGE_NOT_FOUND);
      return raw;
    },
  };
}
export type EmailService = ReturnType<typeof emailService>;
