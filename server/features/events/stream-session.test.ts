import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { type EventBus, localEventBus, postgresEventBus } from "../../events/bus";
import { TestClient } from "../../test/app";
import { TEAM_SIGNUP } from "../../test/factories";
import { testEngine, twoServersOnOneDatabase } from "../../test/job-databases";

/**
 * A live event stream ends with its session, on every server: the stream is opened on one
 * server and the session ended through the other (on PostgreSQL each server has its own
 * LISTEN/NOTIFY bus; on the embedded database, which one process opens, the two share one bus).
 */

type Server = { app: FastifyInstance; base: string; bus: EventBus; dataDir: string };
let servers: Awaited<ReturnType<typeof twoServersOnOneDatabase>>;
const running: Server[] = [];
let admin: TestClient;

beforeAll(async () => {
  servers = await twoServersOnOneDatabase();
  const shared = localEventBus();
  for (const database of [servers.first, servers.second]) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "aip-test-streams-"));
    const config = loadConfig(
      { NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_RATE_LIMIT_PER_MINUTE: "1000", API_RATE_LIMIT: "off" },
      { clientDir: "/nonexistent", dataDir },
    );
    const bus = servers.url ? await postgresEventBus(servers.url) : shared;
    const app = await buildApp({ config, database, events: bus, speech: null, schedules: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    running.push({ app, base: `http://127.0.0.1:${address.port}`, bus, dataDir });
  }
  // The first account on a database is its platform administrator: the one who suspends below.
  admin = clientOf(first());
  expect((await admin.signup()).role).toBe("admin");
}, 120_000);

afterAll(async () => {
  for (const server of running) {
    await server.app.close();
    if (servers.url) await server.bus.close();
    await rm(server.dataDir, { recursive: true, force: true });
  }
  if (!servers.url) await running[0]?.bus.close();
  await servers?.close();
});

const [first, second] = [() => running[0] as Server, () => running[1] as Server];
const cookieOf = (client: TestClient) => `aip_session=${client.cookies.get("aip_session")}`;

/** Opens GET /api/events on `server` as `client`; answers when it ended (its body closed). */
async function openStream(server: Server, client: TestClient) {
  const response = await fetch(`${server.base}/api/events`, {
    headers: { cookie: cookieOf(client), accept: "text/event-stream" },
  });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no body");
  let endedAt: number | null = null;
  const ended = (async () => {
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch {
      // A cut connection ends the stream too.
    }
    endedAt = Date.now();
  })();
  return {
    /** Milliseconds from `since` to the stream's end, waiting at most 3 s; null if still open. */
    async endedWithin(since: number): Promise<number | null> {
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      return endedAt === null ? null : endedAt - since;
    },
    isOpen: () => endedAt === null,
    close: () => reader.cancel().catch(() => {}),
  };
}

/** A client of `server` (each server is a browser's address; cookies work on both). */
const clientOf = (server: Server) => new TestClient(server.app);

/** An agent who joined `boss`'s workspace through an invitation, signed in on the first server. */
async function memberOf(boss: TestClient): Promise<TestClient> {
  const id = Math.random().toString(36).slice(2, 10);
  const email = `member_${id}@example.com`;
  const invited = await boss.post("/api/workspace/invitations", { email, role: "agent" });
  expect(invited.statusCode, invited.body).toBe(201);
  const token = String(invited.json().url).split("/invite/")[1] ?? "";
  const member = clientOf(first());
  await member.signup({ username: `member_${id}`, email, invitationToken: token });
  return member;
}

async function owner(): Promise<TestClient> {
  const client = clientOf(first());
  await client.signup(TEAM_SIGNUP);
  return client;
}

/** The same person signed in again on the other server (a second browser). */
async function signInOn(server: Server, login: string): Promise<TestClient> {
  const client = clientOf(server);
  const res = await client.post("/api/auth/login", { login, password: "correct horse battery" });
  expect(res.statusCode, res.body).toBe(200);
  return client;
}

describe(`live event streams end with their session (${testEngine()})`, () => {
  it("signing out on one server ends the stream on the other within a second", async () => {
    const person = await owner();
    const onSecond = new TestClient(second().app);
    onSecond.cookies = new Map(person.cookies);
    const stream = await openStream(second(), onSecond);
    const unrelated = await owner();
    const bystander = await openStream(second(), unrelated);
    const since = Date.now();
    expect((await person.post("/api/auth/logout")).statusCode).toBe(204);
    const took = await stream.endedWithin(since);
    expect(took).not.toBeNull();
    expect(took).toBeLessThan(1_000);
    // Nobody else's stream is touched.
    expect(bystander.isOpen()).toBe(true);
    await bystander.close();
  });

  it("removing a member ends their stream", async () => {
    const boss = await owner();
    const member = await memberOf(boss);
    const memberOnSecond = new TestClient(second().app);
    memberOnSecond.cookies = new Map(member.cookies);
    const stream = await openStream(second(), memberOnSecond);
    const since = Date.now();
    const removed = await boss.delete(`/api/workspace/members/${member.user?.id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await stream.endedWithin(since)).toBeLessThan(1_000);
  });

  it("a password change ends the streams of the person's other sessions, not the one that changed it", async () => {
    const person = await owner();
    const username = person.user?.username ?? "";
    const elsewhere = await signInOn(second(), username);
    const other = await openStream(second(), elsewhere);
    const own = await openStream(first(), person);
    const since = Date.now();
    const changed = await person.post("/api/user/password", {
      currentPassword: "correct horse battery",
      newPassword: "a new password entirely",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await other.endedWithin(since)).toBeLessThan(1_000);
    expect(own.isOpen()).toBe(true);
    await own.close();
  });

  it("suspending a person ends their stream", async () => {
    const person = await owner();
    const stream = await openStream(second(), await signInOn(second(), person.user?.username ?? ""));
    const since = Date.now();
    const res = await admin.post(`/api/admin/users/${person.user?.id}/suspend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stream.endedWithin(since)).toBeLessThan(1_000);
  });
});
