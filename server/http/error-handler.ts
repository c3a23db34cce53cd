import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import type { ErrorBody } from "../../common/http";
import { DomainError, type FailureKind } from "../domain/errors";
import { HttpError } from "./errors";

type Issue = { path: string; message: string };

/** The status each kind of domain failure is answered with: the only place the two meet. */
const STATUS_OF: Record<FailureKind, number> = {
  invalid: 400,
  "not-signed-in": 401,
  "limit-reached": 402,
  "not-allowed": 403,
  "not-found": 404,
  conflict: 409,
  gone: 410,
  "too-large": 413,
  "unsupported-format": 415,
  "cannot-process": 422,
  "too-many": 429,
  "outside-service-failed": 502,
  unavailable: 503,
  "outside-service-timed-out": 504,
};

/**
 * A failure the person asking is told about, with its status: a domain failure (services) or an
 * HttpError (routes, guards). Undefined for anything else, which is ours and answers 500. For a
 * route that answers a failure itself (as a page).
 */
export function toldFailure(
  error: unknown,
): { status: number; message: string; issues?: Issue[] } | undefined {
  if (error instanceof DomainError)
    return { status: STATUS_OF[error.kind], message: error.message, issues: error.issues };
  if (error instanceof HttpError)
    return { status: error.statusCode, message: error.message, issues: error.issues };
  return undefined;
}

/** One place maps every failure to { message, issues? } with the right status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const told = toldFailure(error);
    if (told) {
      const body: ErrorBody = { message: told.message, ...(told.issues ? { issues: told.issues } : {}) };
      return reply.code(told.status).send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: Issue[] = error.validation.map((issue) => ({
        path: formatPath(issue.instancePath, error.validationContext),
        message: issue.message ?? "Invalid value",
      }));
      const first = issues[0];
      const message = first ? withField(first) : "The request is not valid";
      return reply.code(400).send({ message, issues } satisfies ErrorBody);
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, "response did not match its schema");
      return internal(reply, request.id);
    }

    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.code(413).send({ message: "The request body is too large" } satisfies ErrorBody);
    }
    if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
      return reply.code(400).send({ message: "The request body is not valid JSON" } satisfies ErrorBody);
    }
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.code(415).send({ message: "This content type is not supported here" } satisfies ErrorBody);
    }
    if (isMalformedMultipart(error)) {
      return reply.code(400).send({ message: MALFORMED_MULTIPART } satisfies ErrorBody);
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message } satisfies ErrorBody);
    }

    request.log.error({ err: error }, "unexpected error");
    return internal(reply, request.id);
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0];
    const message = pathname?.startsWith("/api/")
      ? `No API route for ${request.method} ${pathname}`
      : "Not found";
    reply.code(404).send({ message } satisfies ErrorBody);
  });
}

const MALFORMED_MULTIPART =
  "The upload could not be read. Send it as multipart/form-data with a boundary, the way a browser's FormData does.";

/**
 * The multipart reader (busboy, under @fastify/multipart) throws plain errors, with no status, on
 * a body it cannot read: no boundary, a cut-off form, a broken part header. They are the
 * client's mistake, not ours; its messages are the only mark they carry.
 */
function isMalformedMultipart(error: FastifyError): boolean {
  if (error.statusCode) return false;
  return /^(Multipart: |Unexpected end of (form|file|multipart)|Malformed (part header|urlencoded form))/i.test(
    error.message,
  );
}

function internal(reply: { code(n: number): { send(body: ErrorBody): unknown } }, requestId: string) {
  return reply.code(500).send({
    message: `Something went wrong on our side. If it keeps happening, quote reference ${requestId}.`,
    requestId,
  });
}

/** "/businessInfo/companyName" in body -> "businessInfo.companyName"; params and query keep their prefix. */
function formatPath(instancePath: string, context: string | undefined): string {
  const dotted = instancePath.replace(/^\//, "").replaceAll("/", ".");
  if (context === "body" || !context) return dotted;
  return dotted ? `${context}.${dotted}` : context;
}

/** Our own texts stand alone; Zod's generic ones ("Invalid input: ...") get the field they concern. */
function withField(issue: Issue): string {
  const generic = /^(Invalid|Too (small|big)|Unrecognized|Expected)/.test(issue.message);
  return generic && issue.path ? `${issue.path}: ${issue.message}` : issue.message;
}
