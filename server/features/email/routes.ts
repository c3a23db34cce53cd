import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CampaignResultOut,
  EmailAnalyticsOut,
  EmailCampaignList,
  EmailCampaignOut,
  EmailSettingsOut,
  EmailSettingsUpdate,
  EmailStatsOut,
  EmailTemplateCreate,
  EmailTemplateList,
  EmailTemplateOut,
  EmailTemplateUpdate,
  IdParams,
  OutboxListOut,
  OutboxListQuery,
  OutboxMessageOut,
  PreviewLeadsOut,
  PreviewLeadsRequest,
  SendCampaignRequest,
  SendTestOut,
  SendTestRequest,
  UNSUBSCRIBE_LINK_INVALID,
  UNSUBSCRIBED,
  UnsubscribeParams,
} from "../../../common/email";
import { escapeHtml } from "./render";
import type { EmailService } from "./service";
import { PIXEL_GIF } from "./tracking";

export type EmailRouteDeps = { email: EmailService };

const BASE = "/api/email-marketing";
// Each kind of id has its own parameter name, so the route walk can fill each with a real one.
const CampaignParams = z.object({ campaignId: IdParams.shape.id });
const MessageParams = z.object({ messageId: IdParams.shape.id });
const OpenParams = z.object({ openToken: UnsubscribeParams.shape.token });
const ClickParams = z.object({ clickToken: UnsubscribeParams.shape.token });

function page(title: string, body: string, form?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>${form ?? ""}</body></html>`;
}

/** Email marketing: templates, audience, sending, compliance, outbox. */
export const emailRoutes: FastifyPluginAsyncZod<EmailRouteDeps> = async (app, { email }) => {
  // Mail programs post the one-click unsubscribe as a form (RFC 8058): "List-Unsubscribe=One-Click".
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // ---- templates ----
  app.get(
    `${BASE}/templates`,
    { config: { role: "agent" }, schema: { response: { 200: EmailTemplateList } } },
    (request) => email.listTemplates(request.account.id),
  );
  app.post(
    `${BASE}/templates`,
    { config: { role: "admin" }, schema: { body: EmailTemplateCreate, response: { 201: EmailTemplateOut } } },
    async (request, reply) =>
      reply.code(201).send(await email.createTemplate(request.account.id, request.body)),
  );
  app.get(
    `${BASE}/templates/:id`,
    { config: { role: "agent" }, schema: { params: IdParams, response: { 200: EmailTemplateOut } } },
    (request) => email.getTemplate(request.account.id, request.params.id),
  );
  app.put(
    `${BASE}/templates/:id`,
    {
      config: { role: "admin" },
      schema: { params: IdParams, body: EmailTemplateUpdate, response: { 200: EmailTemplateOut } },
    },
    (request) => email.updateTemplate(request.account.id, request.params.id, request.body),
  );
  app.delete(
    `${BASE}/templates/:id`,
    { config: { role: "admin" }, schema: { params: IdParams } },
    async (request, reply) => {
      await email.deleteTemplate(request.account.id, request.params.id);
      return reply.code(204).send();
    },
  );

  // ---- audience ----
  app.get(
    `${BASE}/stats`,
    { config: { role: "agent" }, schema: { response: { 200: EmailStatsOut } } },
    (request) => email.stats(request.account.id),
  );
  app.post(
    `${BASE}/preview-leads`,
    { config: { role: "agent" }, schema: { body: PreviewLeadsRequest, response: { 200: PreviewLeadsOut } } },
    (request) => {
      const { limit, ...filter } = request.body;
      return email.previewLeads(request.account.id, filter, limit);
    },
  );

  // ---- sending ----
  app.post(
    `${BASE}/send-test`,
    { config: { role: "admin" }, schema: { body: SendTestRequest, response: { 200: SendTestOut } } },
    (request) => email.sendTest(request.account.id, request.body),
  );
  app.post(
    `${BASE}/send-campaign`,
    {
      config: { role: "admin" },
      schema: { body: SendCampaignRequest, response: { 202: CampaignResultOut } },
    },
    async (request, reply) =>
      reply.code(202).send(await email.sendCampaign(request.account.id, request.user.id, request.body)),
  );
  app.get(
    `${BASE}/campaigns`,
    { config: { role: "agent" }, schema: { response: { 200: EmailCampaignList } } },
    (request) => email.listCampaigns(request.account.id),
  );
  app.get(
    `${BASE}/campaigns/:campaignId`,
    { config: { role: "agent" }, schema: { params: CampaignParams, response: { 200: EmailCampaignOut } } },
    (request) => email.getCampaign(request.account.id, request.params.campaignId),
  );
  for (const [action, run] of [
    ["pause", email.pause],
    ["resume", email.resume],
    ["cancel", email.cancel],
    ["retry-failed", email.retryFailed],
  ] as const) {
    app.post(
      `${BASE}/campaigns/:campaignId/${action}`,
      { config: { role: "admin" }, schema: { params: CampaignParams, response: { 200: EmailCampaignOut } } },
      (request) => run(request.account.id, request.params.campaignId),
    );
  }

  // ---- settings and analytics ----
  app.get(
    `${BASE}/settings`,
    { config: { role: "agent" }, schema: { response: { 200: EmailSettingsOut } } },
    (request) => email.getSettings(request.account.id),
  );
  app.put(
    `${BASE}/settings`,
    { config: { role: "admin" }, schema: { body: EmailSettingsUpdate, response: { 200: EmailSettingsOut } } },
    (request) => email.saveSettings(request.account.id, request.body),
  );
  app.get(
    `${BASE}/analytics`,
    { config: { role: "agent" }, schema: { response: { 200: EmailAnalyticsOut } } },
    (request) => email.analytics(request.account.id),
  );

  // ---- outbox ----
  app.get(
    `${BASE}/outbox`,
    { config: { role: "agent" }, schema: { querystring: OutboxListQuery, response: { 200: OutboxListOut } } },
    (request) => email.listOutbox(request.account.id, request.query.limit, request.query.offset),
  );
  app.get(
    `${BASE}/outbox/:messageId`,
    { config: { role: "agent" }, schema: { params: MessageParams, response: { 200: OutboxMessageOut } } },
    (request) => email.outboxMessage(request.account.id, request.params.messageId),
  );
  app.get(
    `${BASE}/outbox/:messageId/raw`,
    { config: { role: "agent" }, schema: { params: MessageParams } },
    async (request, reply) => {
      const raw = await email.outboxRaw(request.account.id, request.params.messageId);
      return reply
        .type("message/rfc822")
        .header("content-disposition", `attachment; filename="${request.params.messageId}.eml"`)
        .send(raw);
    },
  );

  // ---- one-click unsubscribe: public, the signed token is the proof ----
  app.get(
    `${BASE}/unsubscribe/:token`,
    { config: { public: true }, schema: { params: UnsubscribeParams } },
    async (request, reply) => {
      // A GET only asks (mail scanners follow links); the button POSTs, as a mail program's one click does.
      const valid = email.unsubscribeTokenValid(request.params.token);
      reply.type("text/html; charset=utf-8");
      if (!valid) return reply.code(404).send(page("Unsubscribe", UNSUBSCRIBE_LINK_INVALID));
      return page(
        "Unsubscribe",
        "Click the button to stop receiving these emails.",
        `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  );
  app.post(
    `${BASE}/unsubscribe/:token`,
    // Posted by the page above (which sends `Origin: null`) or by a mail program from anywhere.
    { config: { public: true, tokenProof: true }, schema: { params: UnsubscribeParams, body: z.unknown() } },
    async (request, reply) => {
      const address = await email.unsubscribe(request.params.token);
      reply.type("text/html; charset=utf-8");
      if (!address) return reply.code(404).send(page("Unsubscribe", UNSUBSCRIBE_LINK_INVALID));
      return page("Unsubscribed", `${address}: ${UNSUBSCRIBED}`);
    },
  );

  // ---- open and click tracking: public, the signed token is the proof ----
  app.get(
    `${BASE}/track/open/:openToken`,
    { config: { public: true }, schema: { params: OpenParams } },
    async (request, reply) => {
      if (!(await email.trackOpen(request.params.openToken)))
        return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
      return reply.type("image/gif").header("cache-control", "no-store, max-age=0").send(PIXEL_GIF);
    },
  );
  app.get(
    `${BASE}/track/click/:clickToken`,
    { config: { public: true }, schema: { params: ClickParams } },
    async (request, reply) => {
      const target = await email.trackClick(request.params.clickToken);
      if (!target) {
        reply.type("text/html; charset=utf-8");
        return reply.code(404).send(page("Link not found", "This link is not valid."));
      }
      return reply.header("cache-control", "no-store").redirect(target, 302);
    },
  );
};
