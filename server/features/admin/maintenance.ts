import type { FastifyInstance, FastifyRequest } from "fastify";
import { MAINTENANCE_HEADER, MAINTENANCE_MESSAGE } from "../../../common/admin";
import { Unavailable } from "../../domain/errors";
import type { PlatformConfigReader } from "./config";

/** What a client is told to wait before asking again while the platform is in maintenance. */
const RETRY_AFTER_SECONDS = 60;

/**
 * Routes that stay open while the platform is in maintenance, for everyone:
 * - signing in and out, and a one-time sign-in link (an administrator must be able to sign in;
 *   a signed-in person who is not one is then answered 503 everywhere else), but not sign-up;
 * - the health checks (load balancers, monitoring);
 * - the carriers' signed webhooks, so calls already running are answered and end cleanly, and
 *   Stripe's, so a payment made is recorded;
 * - a marketing email's unsubscribe link (RFC 8058 one-click must always work).
 */
export function openDuringMaintenance(method: string, route: string): boolean {
  if (route.startsWith("/api/auth/")) return !(method === "POST" && route === "/api/auth/signup");
  return (
    route === "/api/sign-in-links" ||
    route === "/api/health" ||
    route.startsWith("/api/health/") ||
    route.startsWith("/api/telephony/twilio/") ||
    route === "/api/payments/stripe/webhook" ||
    route.startsWith("/api/email-marketing/unsubscribe/")
  );
}

/**
 * systemMaintenanceMode: while it is on, every /api route answers 503 with
 * MAINTENANCE_MESSAGE to everyone but platform administrators (users.role = admin). Registered
 * after the guards, so a signed-in person is known; the route is the one the router matched
 * (an encoded spelling of a path is the same route). The client shows its maintenance page on
 * that answer.
 */
export function registerMaintenanceMode(app: FastifyInstance, reader: PlatformConfigReader): void {
  app.addHook("onRequest", async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith("/api/")) return;
    if (!(await reader.get()).systemMaintenanceMode) return;
    // Those let through see the mode on every answer: the app shows administrators a banner.
    reply.header(MAINTENANCE_HEADER, "on");
    if (openDuringMaintenance(request.method, route) || isPlatformAdmin(request)) return;
    reply.header("retry-after", String(RETRY_AFTER_SECONDS));
    throw new Unavailable(MAINTENANCE_MESSAGE);
  });
}

function isPlatformAdmin(request: FastifyRequest): boolean {
  return request.user?.role === "admin";
}
