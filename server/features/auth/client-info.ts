import type { FastifyRequest } from "fastify";
import type { ClientInfo } from "./service";

/** Where a request comes from, as the sign-in budgets and the session record see it. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers["user-agent"] };
}
