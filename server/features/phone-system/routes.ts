import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AddNumberRequest,
  ExtensionParams,
  ExtensionRequest,
  ExtensionResponse,
  HoursRequest,
  NumberDetailResponse,
  NumberIdParams,
  NumbersResponse,
  OkResponse,
  SetupRoutingResponse,
  UpdateNumberRequest,
} from "../../../common/phone-system";
import { presentNumber } from "./presenter";
import type { PhoneSystemService } from "./service";

/**
 * The business phone system (spec 3 §7 "Business phone system", issue 17 part 1). Everyone in
 * the workspace reads; a workspace admin adds and changes numbers, extensions, hours and routing.
 */
export const phoneSystemRoutes: FastifyPluginAsyncZod<{ phoneSystem: PhoneSystemService }> = async (
  app,
  deps,
) => {
  const { phoneSystem } = deps;

  app.get(
    "/api/grasshopper/numbers",
    { config: { role: "agent" }, schema: { response: { 200: NumbersResponse } } },
    async (request) => ({
      success: true as const,
      numbers: (await phoneSystem.numbers(request.account)).map(presentNumber),
    }),
  );

  app.post(
    "/api/grasshopper/numbers",
    {
      config: { role: "admin" },
      schema: { body: AddNumberRequest, response: { 201: NumberDetailResponse } },
    },
    async (request, reply) => {
      reply.code(201);
      return { number: await phoneSystem.add(request.account, request.body) };
    },
  );

  app.get(
    "/api/grasshopper/numbers/:id",
    {
      config: { role: "agent" },
      schema: { params: NumberIdParams, response: { 200: NumberDetailResponse } },
    },
    async (request) => ({ number: await phoneSystem.get(request.account, request.params.id) }),
  );

  app.patch(
    "/api/grasshopper/numbers/:id",
    {
      config: { role: "admin" },
      schema: { params: NumberIdParams, body: UpdateNumberRequest, response: { 200: NumberDetailResponse } },
    },
    async (request) => ({
      number: await phoneSystem.update(request.account, request.params.id, request.body),
    }),
  );

  app.delete(
    "/api/grasshopper/numbers/:id",
    { config: { role: "admin" }, schema: { params: NumberIdParams, response: { 200: OkResponse } } },
    async (request) => {
      await phoneSystem.remove(request.account, request.params.id);
      return { success: true as const };
    },
  );

  app.put(
    "/api/grasshopper/numbers/:id/hours",
    {
      config: { role: "admin" },
      schema: { params: NumberIdParams, body: HoursRequest, response: { 200: NumberDetailResponse } },
    },
    async (request) => ({
      number: await phoneSystem.setHours(request.account, request.params.id, request.body),
    }),
  );

  app.post(
    "/api/grasshopper/numbers/:id/extensions",
    {
      config: { role: "admin" },
      schema: { params: NumberIdParams, body: ExtensionRequest, response: { 201: ExtensionResponse } },
    },
    async (request, reply) => {
      reply.code(201);
      return { extension: await phoneSystem.addExtension(request.account, request.params.id, request.body) };
    },
  );

  app.put(
    "/api/grasshopper/numbers/:id/extensions/:extensionId",
    {
      config: { role: "admin" },
      schema: { params: ExtensionParams, body: ExtensionRequest, response: { 200: ExtensionResponse } },
    },
    async (request) => ({
      extension: await phoneSystem.updateExtension(
        request.account,
        request.params.id,
        request.params.extensionId,
        request.body,
      ),
    }),
  );

  app.delete(
    "/api/grasshopper/numbers/:id/extensions/:extensionId",
    { config: { role: "admin" }, schema: { params: ExtensionParams, response: { 200: OkResponse } } },
    async (request) => {
      await phoneSystem.removeExtension(request.account, request.params.id, request.params.extensionId);
      return { success: true as const };
    },
  );

  app.post(
    "/api/grasshopper/setup-routing",
    { config: { role: "admin" }, schema: { response: { 200: SetupRoutingResponse } } },
    async (request) => ({ success: true as const, applied: await phoneSystem.setupRouting(request.account) }),
  );
};
