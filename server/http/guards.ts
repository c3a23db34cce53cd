import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { UserRow } from "../features/auth/repository";
import type { AuthService } from "../features/auth/service";
import { forbidden, unauthorized } from "./errors";
import { sessionToken } from "./session-cookie";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Routes reachable without a session: sign-up, sign-in, health, provider webhooks. */
    public?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in account; set on every non-public /api route. */
    user: UserRow;
    sessionTokenHash: string | undefined;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Two request-wide guards, so no route can forget them:
 * - a state-changing request from another site's page is refused (CSRF defence beside SameSite=Lax);
 * - every /api route needs a session unless its config says `public: true`.
 */
export function registerGuards(app: FastifyInstance, config: Config, auth: AuthService): void {
  app.decorateRequest("user", null as unknown as UserRow);
  app.decorateRequest("sessionTokenHash", undefined);

  app.addHook("onRequest", async (request) => {
    if (!SAFE_METHODS.has(request.method) && isCrossSite(request, config)) {
      throw forbidden("Cross-site requests are not allowed");
    }
    if (!request.url.startsWith("/api/")) return;
    // Unknown /api paths fall through to the JSON 404.
    if (!request.routeOptions.url) return;
    if (request.routeOptions.config.public) return;
    const session = await auth.resolve(sessionToken(request));
    if (!session) throw unauthorized();
    request.user = session.user;
    request.sessionTokenHash = session.tokenHash;
  });
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.user?.role !== "admin") throw forbidden("Only administrators can do that");
}

function isCrossSite(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (origin) {
    if (origin === "null") return true;
    if (config.publicUrl && origin === new URL(config.publicUrl).origin) return false;
    try {
      return new URL(origin).host !== request.headers.host;
    } catch {
      return true;
    }
  }
  // Browsers that omit Origin still send Fetch Metadata; server-to-server callers (webhooks) send neither.
  return request.headers["sec-fetch-site"] === "cross-site";
}
