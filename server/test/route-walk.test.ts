import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roleAtLeast, WORKSPACE_ROLES, type WorkspaceRole } from "../../common/workspaces";
import { createTestApp, type TestApp, type TestClient } from "./app";
import { buildMember, buildWorkspace } from "./factories";
import { OWNED_RESOURCE_FIXTURES, VALID_BODIES } from "./owned-resources";

/**
 * Walks the registered route table so that every route, including those later issues add,
 * is covered without anyone remembering to add it here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each walk visits every route (and builds fixtures for many): its time grows with the route table. */
const WALK_TIMEOUT_MS = 180_000;

/** Routes reachable without a session, on purpose. Anything else must answer 401 when signed out. */
const PUBLIC_ROUTES = new Set([
  "POST /api/auth/signup",
  "POST /api/auth/login",
  "POST /api/auth/logout",
  // Links sent by email (confirm an address, choose a new password): the token is the credential.
  "POST /api/auth/confirm-email",
  "POST /api/auth/forgot-password",
  "POST /api/auth/reset-password",
  "GET /api/health",
  // Calendar apps subscribe without a session; the secret token in the address is the credential.
  "GET /api/calendar/:token.ics",
  // Stripe signs its webhook; the signature over the raw body is the credential.
  "POST /api/payments/stripe/webhook",
  // Twilio (and the built-in carrier simulator) sign their webhooks with the account's auth token.
  "POST /api/telephony/twilio/voice",
  "POST /api/telephony/twilio/gather/:callId",
  "POST /api/telephony/twilio/dial/:callId",
  "POST /api/telephony/twilio/status",
  "POST /api/telephony/twilio/recording",
  // The browser softphone's TwiML app: signed the same way, under the workspace's Twilio account.
  "POST /api/telephony/twilio/softphone/:workspaceId",
  // The business phone system's numbers: signed the same way, under the number's workspace's carrier.
  "POST /api/grasshopper/twilio/voice/:numberId",
  "POST /api/grasshopper/twilio/extension/:numberId",
  "POST /api/grasshopper/twilio/dial/:numberId",
  "POST /api/grasshopper/twilio/voicemail/:numberId",
  "POST /api/grasshopper/twilio/status/:numberId",
  "POST /api/grasshopper/twilio/bridge/:numberId",
  "POST /api/grasshopper/twilio/bridge-result/:numberId",
  // What an invitation link shows before signing in; the token in the address is the credential.
  "GET /api/invitations/:token",
  // A marketing email's unsubscribe link (RFC 8058 one-click): the signed token is the credential.
  "GET /api/email-marketing/unsubscribe/:token",
  "POST /api/email-marketing/unsubscribe/:token",
  // A one-time sign-in link an administrator handed over: the token in it is the credential.
  "GET /api/sign-in-links",
  "POST /api/sign-in-links",
  // Open and click tracking in a campaign's message: the signed token is the credential.
  "GET /api/email-marketing/track/open/:openToken",
  "GET /api/email-marketing/track/click/:clickToken",
  // The assistant's spoken reply, fetched by the carrier's <Play> and the demos' audio without a
  // session: the short-lived signed token in the query names the one reply it opens.
  "GET /api/voice-replies/audio",
]);

/**
 * Ways to write the same API path that the router decodes (the guard once
 * read the raw URL, so `/%61pi/user` reached handlers with no user): each letter of "api"
 * percent-encoded, all three, a letter of the rest in upper- and lower-case hex, doubled slashes.
 */
function encodedSpellings(path: string): string[] {
  const rest = path.slice("/api/".length);
  const hex = rest.charCodeAt(0).toString(16);
  return [
    `/%61pi/${rest}`,
    `/a%70i/${rest}`,
    `/ap%69/${rest}`,
    `/%61%70%69/${rest}`,
    `/api/%${hex.toUpperCase()}${rest.slice(1)}`,
    `/api/%${hex.toLowerCase()}${rest.slice(1)}`,
    `/%61pi/%${hex.toUpperCase()}${rest.slice(1)}`,
    `//api/${rest}`,
    `/api//${rest}`,
  ];
}

const sampleParam = "00000000-0000-4000-8000-000000000000";
const fill = (url: string, params: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? sampleParam);

describe("route table", () => {
  it("declares the least workspace role on every route that is not public", () => {
    const undeclared = t.app.routeTable
      .filter((route) => !route.isPublic && !route.role)
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared, "add config: { role } next to the route's schema").toEqual([]);
  });

  it(
    "refuses a member whose role is below the route's with 403, naming the role needed",
    async () => {
      const owner = await buildWorkspace(t);
      const members: Record<Exclude<WorkspaceRole, "owner">, TestClient> = {
        agent: await buildMember(t, owner, "agent"),
        admin: await buildMember(t, owner, "admin"),
      };
      const leaks: string[] = [];
      for (const route of t.app.routeTable) {
        if (route.isPublic || !route.role) continue;
        const least = route.role;
        const fixture = OWNED_RESOURCE_FIXTURES[route.url.split("/")[2] ?? ""];
        const params = route.url.includes(":") && fixture ? await fixture(owner) : {};
        const payload = (VALID_BODIES[`${route.method} ${route.url}`] ?? {}) as object;
        for (const role of WORKSPACE_ROLES) {
          if (role === "owner" || roleAtLeast(role, least)) continue;
          const res = await members[role].request(route.method, fill(route.url, params), { payload });
          const message = String(res.json().message ?? "");
          if (res.statusCode !== 403 || !message.includes(least))
            leaks.push(
              `${route.method} ${route.url} (needs ${least}) answered ${res.statusCode} to an ${role}`,
            );
        }
      }
      expect(leaks).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "refuses every /api/admin route to anyone but a platform administrator (users.role = admin) with 403",
    async () => {
      // The first account on a database is the administrator; the second is an ordinary owner.
      await buildWorkspace(t);
      const owner = await buildWorkspace(t);
      const leaks: string[] = [];
      for (const route of t.app.routeTable) {
        if (!route.platformAdmin && !route.url.startsWith("/api/admin/")) continue;
        const payload = (VALID_BODIES[`${route.method} ${route.url}`] ?? {}) as object;
        const res = await owner.request(route.method, fill(route.url, {}), { payload });
        if (res.statusCode !== 403) leaks.push(`${route.method} ${route.url} answered ${res.statusCode}`);
      }
      expect(leaks).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "needs a session on every route not marked public",
    async () => {
      const anonymous = t.client();
      const leaks: string[] = [];
      for (const route of t.app.routeTable) {
        const key = `${route.method} ${route.url}`;
        if (route.isPublic) {
          expect(PUBLIC_ROUTES.has(key) || route.url === "/*", `${key} is public but not listed`).toBe(true);
          continue;
        }
        const res = await anonymous.request(route.method, fill(route.url, {}), { payload: {} });
        if (res.statusCode !== 401) leaks.push(`${key} answered ${res.statusCode}`);
      }
      expect(leaks).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "needs a session however the path is spelled: percent-encoded, doubled slashes, either hex case",
    async () => {
      const anonymous = t.client();
      const leaks: string[] = [];
      for (const route of t.app.routeTable) {
        const path = fill(route.url, {});
        // What the plain path answers signed out: 401, or a public route's own answer.
        const plain = await anonymous.request(route.method, path, { payload: {} });
        for (const variant of encodedSpellings(path)) {
          const res = await anonymous.request(route.method, variant, { payload: {} });
          // 404: a spelling the router does not decode to the route (a doubled slash) matches nothing.
          const allowed = res.statusCode === 404 || res.statusCode === plain.statusCode;
          if (!allowed || res.statusCode >= 500 || (!route.isPublic && res.statusCode < 400))
            leaks.push(`${route.method} ${variant} answered ${res.statusCode} (plain: ${plain.statusCode})`);
        }
      }
      expect(leaks).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "answers 404 to another account for every route with an :id",
    async () => {
      // A team's workspace, so invitations and members have something to point at.
      const owner = await buildWorkspace(t);
      const intruder = await buildWorkspace(t);

      const uncovered: string[] = [];
      const leaks: string[] = [];
      // Platform-admin routes are not a workspace's: the walk below proves they refuse everyone else.
      for (const route of t.app.routeTable.filter((r) => r.url.includes(":") && !r.platformAdmin)) {
        const resource = route.url.split("/")[2] ?? "";
        const fixture = OWNED_RESOURCE_FIXTURES[resource];
        if (!fixture) {
          uncovered.push(`${route.method} ${route.url}`);
          continue;
        }
        const params = await fixture(owner);
        const carrierWebhook = /^\/api\/(telephony|grasshopper)\/twilio\//.test(route.url);
        if (route.isPublic && carrierWebhook) {
          // A carrier webhook's parameter is no capability: only X-Twilio-Signature under the
          // account's token opens it (telephony/webhooks.test.ts), so unsigned answers 403 either way.
          for (const values of [params, {}]) {
            const res = await intruder.request(route.method, fill(route.url, values));
            if (res.statusCode !== 403)
              leaks.push(`${route.method} ${route.url} answered ${res.statusCode} unsigned`);
          }
          continue;
        }
        if (route.url.startsWith("/api/invitations/:token") && !route.isPublic) {
          // An invitation link is for one email: another account holding it is refused (403,
          // workspaces.test.ts), and a token nobody was given is not found.
          const guessed = await intruder.request(route.method, fill(route.url, { token: "x".repeat(43) }));
          if (guessed.statusCode !== 404)
            leaks.push(`${route.method} ${route.url} answered ${guessed.statusCode} to a guess`);
          continue;
        }
        if (route.isPublic) {
          // A public route's parameter is a capability (the private calendar feed's secret token):
          // holding it is the permission, so "another account" does not apply and the owner's value
          // opens it for anyone. What must hold instead: the owner's value works (the fixture is
          // real) and a value nobody was given answers 404. That a token opens only its own
          // account's feed, and stops working once renewed or revoked, is in calendar.test.ts.
          const given = await intruder.request(route.method, fill(route.url, params));
          // 302: a tracked link's token leads on to the link (email-marketing track/click).
          if (given.statusCode !== 200 && given.statusCode !== 302)
            leaks.push(`${route.method} ${route.url} answered ${given.statusCode} to its own token`);
          const guessed = await intruder.request(route.method, fill(route.url, { token: "x".repeat(43) }));
          if (guessed.statusCode !== 404)
            leaks.push(`${route.method} ${route.url} answered ${guessed.statusCode} to a guess`);
          continue;
        }
        const payload = (VALID_BODIES[`${route.method} ${route.url}`] ?? {}) as object;
        const res = await intruder.request(route.method, fill(route.url, params), { payload });
        if (res.statusCode !== 404) leaks.push(`${route.method} ${route.url} answered ${res.statusCode}`);
      }
      expect(uncovered, "routes with parameters need a fixture in OWNED_RESOURCE_FIXTURES").toEqual([]);
      expect(leaks).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );
});
