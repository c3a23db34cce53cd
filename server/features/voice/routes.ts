import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_GREETING } from "../../../common/ai-settings";
import { safeString } from "../../../common/text";
import {
  CreateVoiceProfile,
  MAX_SAMPLE_BYTES,
  VoiceProfileCreated,
  VoiceProfileOut,
  VoiceProfileParams,
  VoiceServiceOut,
} from "../../../common/voice";
import { requireFeature } from "../../http/plan-gate";
import type { AiSettingsService } from "../ai-settings/service";
import type { BillingService } from "../billing/service";
import { presentVoiceProfile } from "./presenter";
import type { VoiceService } from "./service";

const PreviewQuery = z.object({
  text: safeString("The preview text")
    .trim()
    .min(1)
    .max(300, "Preview text must be at most 300 characters")
    .optional(),
});

/**
 * Voice profiles. Creating, activating and hearing a cloned voice need a plan with
 * voice cloning (not free); listing, playing back your own sample and deleting work on any plan,
 * so nobody loses control of their recorded voice after a downgrade.
 */
export type VoiceRouteDeps = {
  voice: VoiceService;
  billing: Pick<BillingService, "requireFeature">;
  settings: Pick<AiSettingsService, "row">;
};

export const voiceRoutes: FastifyPluginAsyncZod<VoiceRouteDeps> = async (app, deps) => {
  const { voice, billing } = deps;
  const cloning = requireFeature(billing, "voiceCloning");

  app.get(
    "/api/voice-profiles",
    { config: { role: "agent" }, schema: { response: { 200: z.array(VoiceProfileOut) } } },
    async (request) => (await voice.list(request.account)).map(presentVoiceProfile),
  );

  app.get(
    "/api/voice-profiles/service",
    { config: { role: "agent" }, schema: { response: { 200: VoiceServiceOut } } },
    async () => voice.status(),
  );

  app.post(
    "/api/voice-profiles",
    {
      config: { role: "admin" },
      preHandler: cloning,
      // Room for a sample at the limit as base64, so an oversized one gets the clear message.
      bodyLimit: Math.ceil(MAX_SAMPLE_BYTES * 2),
      schema: { body: CreateVoiceProfile, response: { 201: VoiceProfileCreated } },
    },
    async (request, reply) => {
      const { row, notice } = await voice.create(request.account, request.body);
      return reply.code(201).send({ ...presentVoiceProfile(row), notice });
    },
  );

  app.put(
    "/api/voice-profiles/:id/activate",
    {
      config: { role: "admin" },
      preHandler: cloning,
      schema: {
        params: VoiceProfileParams,
        body: z.object({}).passthrough().nullish(),
        response: { 200: VoiceProfileOut },
      },
    },
    async (request) => presentVoiceProfile(await voice.activate(request.account, request.params.id)),
  );

  // Deleting the active profile changes the voice every call speaks with, as activating does.
  app.delete(
    "/api/voice-profiles/:id",
    { config: { role: "admin" }, schema: { params: VoiceProfileParams } },
    async (request, reply) => {
      await voice.remove(request.account, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/voice-profiles/:id/sample",
    { config: { role: "agent" }, schema: { params: VoiceProfileParams } },
    async (request, reply) => {
      const sample = await voice.sample(request.account, request.params.id);
      return reply
        .header("content-type", sample.mimeType)
        .header("cache-control", "private, no-store")
        .send(sample.audio);
    },
  );

  /** The profile's voice saying a line: the account's greeting unless `text` is given. */
  app.get(
    "/api/voice-profiles/:id/preview",
    {
      config: { role: "agent" },
      preHandler: cloning,
      schema: { params: VoiceProfileParams, querystring: PreviewQuery },
    },
    async (request, reply) => {
      const text =
        request.query.text ??
        (await deps.settings.row(request.account.id)).greetingMessage ??
        DEFAULT_GREETING;
      const speech = await voice.preview(request.account, request.params.id, text);
      return reply
        .header("content-type", speech.mimeType)
        .header("cache-control", "private, no-store")
        .send(speech.audio);
    },
  );
};
