import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ContactOut } from "../../../common/contacts";
import {
  BulkSaveRequest,
  BulkSaveResponse,
  CampaignCreate,
  CampaignIdParams,
  CampaignRunBody,
  CampaignRunResponse,
  CampaignUpdate,
  DealerSearchRequest,
  DealerSearchResponse,
  FloridaLocations,
  LeadCampaignOut,
  LeadExportParams,
  LeadSearchRequest,
  LeadSearchResponse,
  LeadStats,
  LeadToSave,
} from "../../../common/lead-generation";
import { csvFileStream } from "../../http/csv";
import { presentContact } from "../contacts/presenter";
import { presentCampaign } from "./presenter";
import type { LeadGenerationService } from "./service";

export type LeadGenerationRouteDeps = { leads: LeadGenerationService };

/** "Contacts and leads", the lead generation calls; any member may use them. */
export const leadGenerationRoutes: FastifyPluginAsyncZod<LeadGenerationRouteDeps> = async (app, deps) => {
  const service = deps.leads;

  app.post(
    "/api/leads/search",
    { config: { role: "agent" }, schema: { body: LeadSearchRequest, response: { 200: LeadSearchResponse } } },
    async (request) => {
      const leads = await service.search(request.account, request.body);
      return { leads, count: leads.length, provider: service.provider };
    },
  );

  app.post(
    "/api/leads/save-contact",
    {
      config: { role: "agent" },
      schema: { body: LeadToSave, response: { 201: z.object({ contact: ContactOut }) } },
    },
    async (request, reply) => {
      const contact = await service.saveOne(request.account, request.body);
      return reply.code(201).send({ contact: presentContact(contact) });
    },
  );

  app.post(
    "/api/leads/bulk-save",
    { config: { role: "agent" }, schema: { body: BulkSaveRequest, response: { 200: BulkSaveResponse } } },
    async (request) => service.saveMany(request.account, request.body.leads),
  );

  app.get(
    "/api/leads/campaigns",
    { config: { role: "agent" }, schema: { response: { 200: z.array(LeadCampaignOut) } } },
    async (request) => (await service.listCampaigns(request.account)).map(presentCampaign),
  );

  app.post(
    "/api/leads/campaigns",
    { config: { role: "agent" }, schema: { body: CampaignCreate, response: { 201: LeadCampaignOut } } },
    async (request, reply) => {
      const row = await service.createCampaign(request.account, request.body);
      return reply.code(201).send(presentCampaign(row));
    },
  );

  /** Pause or resume a campaign, or change how often it repeats. */
  app.patch(
    "/api/leads/campaigns/:id",
    {
      config: { role: "agent" },
      schema: { params: CampaignIdParams, body: CampaignUpdate, response: { 200: LeadCampaignOut } },
    },
    async (request) =>
      presentCampaign(await service.updateCampaign(request.account, request.params.id, request.body)),
  );

  app.post(
    "/api/leads/campaigns/:id/run",
    {
      config: { role: "agent" },
      schema: { params: CampaignIdParams, body: CampaignRunBody, response: { 200: CampaignRunResponse } },
    },
    async (request) => {
      const outcome = await service.runCampaign(request.account, request.params.id);
      return { ...outcome, campaign: presentCampaign(outcome.campaign) };
    },
  );

  app.get(
    "/api/leads/stats",
    { config: { role: "agent" }, schema: { response: { 200: LeadStats } } },
    async (request) => service.stats(request.account),
  );

  app.get(
    "/api/leads/florida-locations",
    { config: { role: "agent" }, schema: { response: { 200: FloridaLocations } } },
    async () => ({ locations: service.floridaLocations() }),
  );

  app.post(
    "/api/leads/viasat-dealers",
    {
      config: { role: "agent" },
      schema: { body: DealerSearchRequest, response: { 200: DealerSearchResponse } },
    },
    async (request) => {
      const result = await service.searchDealers(request.account, request.body);
      return { ...result, count: result.leads.length };
    },
  );

  /** The dealer search's CSV: only the workspace that ran it can download it (another gets 404). */
  app.get(
    "/api/leads/exports/:exportId",
    { config: { role: "agent" }, schema: { params: LeadExportParams } },
    async (request, reply) => {
      const file = await service.dealerExport(request.account, request.params.exportId);
      async function* rows() {
        yield* file.rows;
      }
      reply.header("content-type", "text/csv; charset=utf-8");
      reply.header("content-disposition", `attachment; filename="${file.fileName}"`);
      reply.header("cache-control", "no-store");
      return reply.send(csvFileStream(file.headers, rows()));
    },
  );
};
