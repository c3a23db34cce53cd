import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  BulkCallRequest,
  BulkCallResponse,
  ContactImportRequest,
  ContactImportResponse,
  INVALID_NUMBER,
  isCallableNumber,
} from "../../../common/business";
import type { AppDeps } from "../../app";
import { HttpError } from "../../http/errors";
import { requireFeature } from "../../http/plan-gate";
import { businessService } from "./service";

/** Business features (spec 2 §2 /business-plan): plan business or pro only (spec 2 §6). */
export const businessRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const business = businessService(deps.database.db);

  app.post(
    "/api/contacts/import",
    {
      config: { role: "agent" },
      preHandler: requireFeature(deps.billing, "businessFeatures"),
      bodyLimit: 5 * 1024 * 1024,
      schema: { body: ContactImportRequest, response: { 200: ContactImportResponse } },
    },
    async (request) => business.importContacts(request.account, request.body.csvData),
  );

  /**
   * Bulk calling: one outbound call per number through the phone service (Twilio, or the
   * built-in carrier simulator), one after another. A number that cannot be called (not a phone
   * number, the plan's concurrent calls or monthly limit reached) is reported, and the rest go on.
   */
  app.post(
    "/api/calls/bulk",
    {
      config: { role: "agent" },
      preHandler: requireFeature(deps.billing, "businessFeatures"),
      schema: { body: BulkCallRequest, response: { 200: BulkCallResponse } },
    },
    async (request) => {
      const calls: { phoneNumber: string; callId: string | null; error: string | null }[] = [];
      for (const phoneNumber of request.body.phoneNumbers) {
        if (!isCallableNumber(phoneNumber)) {
          calls.push({ phoneNumber, callId: null, error: INVALID_NUMBER });
          continue;
        }
        try {
          const placed = await deps.telephony.placeOutbound(request.account, {
            phoneNumber,
            purpose: request.body.callPurpose,
          });
          calls.push({ phoneNumber, callId: placed.callId, error: null });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          calls.push({ phoneNumber, callId: null, error: error.message });
        }
      }
      const successful = calls.filter((call) => call.callId).length;
      return { results: { successful, failed: calls.length - successful }, calls };
    },
  );
};
