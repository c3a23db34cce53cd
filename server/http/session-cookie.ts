import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";

export const SESSION_COOKIE = "aip_session";

/** Secure cookies whenever the browser reached us over HTTPS (directly, via a trusted proxy, or by PUBLIC_URL). */
export function isHttps(request: FastifyRequest, config: Config): boolean {
  return request.protocol === "https" || (config.publicUrl?.startsWith("https://") ?? false);
}

export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Config,
  token: string,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(request, config),
    maxAge: Math.floor(config.sessionMaxMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(request, config),
  });
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}
