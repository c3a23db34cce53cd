import type { FastifyInstance } from "fastify";
import { RATE_LIMITED } from "../../common/admin";
import { tooMany } from "./errors";

const WINDOW_MS = 60_000;

/**
 * Counts requests per account (the signed-in person) in fixed one-minute windows, in this
 * process's memory. With several servers behind a balancer each counts its own share, so a
 * person spread over N servers may reach up to N times the limit: the limit protects each
 * server, and needs no shared store.
 */
export function minuteCounter(clock: () => number = Date.now) {
  let window = -1;
  let counts = new Map<string, number>();
  return {
    /** Counts one request; answers how many this key has made in the current minute. */
    hit(key: string): { count: number; resetInMs: number } {
      const now = clock();
      const current = Math.floor(now / WINDOW_MS);
      // A new minute starts every count over (and frees the last minute's keys).
      if (current !== window) {
        window = current;
        counts = new Map();
      }
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return { count, resetInMs: (current + 1) * WINDOW_MS - now };
    },
  };
}

/**
 * apiRateLimit (System config): each signed-in account may make that many /api
 * requests a minute; beyond it the answer is 429 with RATE_LIMITED and Retry-After. Platform
 * administrators are exempt, and so is everything without a session (carrier and payment
 * webhooks, sign-in, which has its own per-address limit). Registered after the guards, so the
 * person is known.
 */
export function registerApiRateLimit(
  app: FastifyInstance,
  deps: { limit: () => Promise<number>; clock?: () => number },
): void {
  const counter = minuteCounter(deps.clock);
  app.addHook("onRequest", async (request, reply) => {
    if (!request.routeOptions.url?.startsWith("/api/")) return;
    const user = request.user;
    if (!user || user.role === "admin") return;
    const limit = await deps.limit();
    const { count, resetInMs } = counter.hit(user.id);
    if (count <= limit) return;
    reply.header("retry-after", String(Math.max(1, Math.ceil(resetInMs / 1000))));
    throw tooMany(RATE_LIMITED.replace("{limit}", String(limit)));
  });
}
