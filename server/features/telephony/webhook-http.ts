import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { safeString } from "../../../common/text";
import type { Config } from "../../config";
import { NotAllowed } from "../../domain/errors";
import type { WebhookRequest } from "./context";

/** Twilio's form fields; NUL or a broken character is refused (400) before any lookup by them. */
export const FormParams = z
  .record(safeString("A webhook parameter name"), safeString("A webhook parameter"))
  .nullish();

/**
 * Makes a plugin's routes carrier webhooks: Twilio posts application/x-www-form-urlencoded
 * (this parser serves only the plugin's routes), and an unsigned request is refused before
 * anything else is read (a wrong signature is refused once the account is known).
 */
export function acceptCarrierWebhooks(app: FastifyInstance): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  app.addHook("preValidation", async (request) => {
    if (!request.headers["x-twilio-signature"])
      throw new NotAllowed("The X-Twilio-Signature header is missing");
  });
}

/** A webhook as the carrier signed it: PUBLIC_URL (else this request's origin) plus the path and query. */
export function webhookRequest(request: FastifyRequest, config: Pick<Config, "publicUrl">): WebhookRequest {
  const header = request.headers["x-twilio-signature"];
  return {
    url: `${config.publicUrl ?? `${request.protocol}://${request.host}`}${request.url}`,
    signature: Array.isArray(header) ? header[0] : header,
    params: (request.body as Record<string, string> | undefined) ?? {},
  };
}
