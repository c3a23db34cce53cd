import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from "fastify";
import { PLATFORM_ADMIN_ONLY } from "../../common/admin";
import { roleAtLeast, roleNeededMessage, type WorkspaceRole } from "../../common/workspaces";
import type { Config } from "../config";
import type { UserRow } from "../db/schema";
import type { Account } from "../domain/account";
import type { AuthService } from "../features/auth/service";
import { forbidden, unauthorized } from "./errors";
import { sessionToken } from "./session-cookie";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Routes reachable without a session: sign-up, sign-in, health, provider webhooks, the client. */
    public?: boolean;
    /**
     * The least workspace role the route needs (agent < admin < owner). Every route that is not
     * public declares one; a route that forgets is treated as owner-only (closed, not open), and
     * the route walk test fails on it.
     */
    role?: WorkspaceRole;
    /**
     * Platform administration: only `users.role = admin` passes, whatever the workspace
     * role; everyone else is refused with 403. The route walk proves it for every such route.
     */
    platformAdmin?: boolean;
    /**
     * A long-lived response (the live event stream, a large export): it is cut the moment its
     * session ends or stops allowing the route (signed out, expired, removed, suspended, demoted),
     * on whichever server the change happened.
     */
    endsWithSession?: boolean;
    /**
     * A public route whose request carries its own proof (a signed token in the URL): it is
     * accepted from any origin, because the page or mail program that posts it may be another
     * site's, or send `Origin: null` (a page that asks for no referrer does).
     */
    tokenProof?: boolean;
    /** Set by @fastify/static on the routes that serve the built client's files (public). */
    file?: string;
  }
  interface FastifyRequest {
    /** The signed-in person; set on every route that is not public. */
    user: UserRow;
    /** The workspace the session works in, with the person's role: what every query is filtered by. */
    account: Account;
    sessionTokenHash: string | undefined;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Two request-wide guards, so no route can forget them:
 * - a state-changing request from another site's page is refused (CSRF defence beside SameSite=Lax);
 * - every route needs a session unless its config says `public: true`, and a member whose role
 *   in the session's workspace is below the route's declared `role` is refused (403).
 *
 * Access is decided from the route the router matched, never from the raw URL: the router
 * decodes the path, so `/%61pi/user` IS `/api/user` and gets the same guard.
 * A request no route matches falls through to the JSON 404.
 */
export function registerGuards(app: FastifyInstance, config: Config, auth: AuthService): void {
  app.decorateRequest("user", null as unknown as UserRow);
  app.decorateRequest("account", null as unknown as Account);
  app.decorateRequest("sessionTokenHash", undefined);

  app.addHook("onRequest", async (request, reply) => {
    const proven = request.routeOptions.config?.tokenProof === true;
    if (!SAFE_METHODS.has(request.method) && !proven && isCrossSite(request, config)) {
      throw forbidden("Cross-site requests are not allowed");
    }
    if (!request.routeOptions.url) return;
    if (isPublicRoute(request.routeOptions.config)) return;
    const token = sessionToken(request);
    const session = await auth.resolve(token);
    if (!session || !token) throw unauthorized();
    request.user = session.user;
    request.account = session.account;
    request.sessionTokenHash = session.tokenHash;
    const least = request.routeOptions.config.role ?? "owner";
    if (!roleAtLeast(session.account.role, least)) throw forbidden(roleNeededMessage(least));
    if (request.routeOptions.config.platformAdmin && session.user.role !== "admin") {
      throw forbidden(PLATFORM_ADMIN_ONLY);
    }
    if (request.routeOptions.config.endsWithSession) {
      const stop = auth.watchSession(token, session, least, () => reply.raw.destroy());
      reply.raw.once("close", stop);
    }
  });
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.user?.role !== "admin") throw forbidden("Only administrators can do that");
}

function isPublicRoute(config: FastifyContextConfig): boolean {
  // The built client's files are served by @fastify/static, which takes no route config of ours.
  return config.public === true || typeof config.file === "string";
}

/**
 * Whether a state-changing request comes from another site's page. With PUBLIC_URL set, the
 * app's address is known: the Origin must be exactly PUBLIC_URL's origin. The Host header is
 * only the fallback without PUBLIC_URL, because a client chooses the Host it sends (and a proxy
 * may rewrite it), so matching Origin to Host proves little once the real address is known.
 */
export function isCrossSite(request: FastifyRequest, config: Pick<Config, "publicUrl">): boolean {
  const origin = request.headers.origin;
  if (origin) {
    if (origin === "null") return true;
    if (config.publicUrl) return origin !== new URL(config.publicUrl).origin;
    try {
      return new URL(origin).host !== request.headers.host;
    } catch {
      return true;
    }
  }
  // Browsers that omit Origin still send Fetch Metadata; server-to-server callers (webhooks) send neither.
  return request.headers["sec-fetch-site"] === "cross-site";
}
