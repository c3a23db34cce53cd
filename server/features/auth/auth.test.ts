import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNUP_NOT_COMPLETED_MESSAGE } from "../../../common/auth";
import { accessChanges } from "../../events/access";
import { localEventBus } from "../../events/bus";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../test/app";
import { buildWorkspace } from "../../test/factories";
import { workspaceDirectory } from "../workspaces/directory";
import { workspaceRepository } from "../workspaces/repository";
import type { AccountNotices } from "./notices";
import { authRepository } from "./repository";
import { authService } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 10, adminEmails: ["boss@example.com"] });
});
afterAll(() => t.close());

const valid = () => {
  const id = Math.random().toString(36).slice(2, 10);
  return {
    username: `alice_${id}`,
    email: `alice_${id}@example.com`,
    password: "s3cret-password",
    planType: "personal",
  };
};

describe("signup", () => {
  it("creates the account, default settings, a subscription and a session", async () => {
    const c = t.client();
    const body = valid();
    const res = await c.post("/api/auth/signup", { ...body, fullName: "Alice Smith" });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      username: body.username,
      email: body.email,
      fullName: "Alice Smith",
      planType: "personal",
    });
    expect(user.acceptedTermsAt).toBeNull();
    expect(user.timezone).toBe("America/New_York");
    expect(user).not.toHaveProperty("passwordHash");

    const me = await c.get("/api/user");
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);

    const settings = await t.database.db.execute(
      sql`select * from ai_settings where workspace_id = ${user.workspace.id}`,
    );
    const row = (settings as unknown as { rows: Record<string, unknown>[] }).rows[0];
    expect(row).toMatchObject({
      personality: "professional",
      greeting_message: "Hello! You've reached my assistant. How can I help you today?",
      auto_block_spam: true,
      allow_appointments: true,
      forward_urgent: false,
      appointment_duration: 30,
      working_hours: { start: "09:00", end: "17:00", days: [1, 2, 3, 4, 5] },
    });
    const subs = await t.database.db.execute(
      sql`select plan_type, status from subscriptions where workspace_id = ${user.workspace.id}`,
    );
    expect((subs as unknown as { rows: unknown[] }).rows).toEqual([
      { plan_type: "personal", status: "trialing" },
    ]);
  });

  it("stores the password only as an argon2id hash with OWASP parameters", async () => {
    const c = t.client();
    const user = await c.signup({ password: "a-very-long-password-".repeat(3) });
    const result = await t.database.db.execute(sql`select password_hash from users where id = ${user.id}`);
    const hash = (result as unknown as { rows: { password_hash: string }[] }).rows[0]?.password_hash;
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("answers the spec's message when a required field is missing or blank", async () => {
    for (const missing of ["username", "email", "password"] as const) {
      const body: Record<string, string> = valid();
      delete body[missing];
      const res = await t.client().post("/api/auth/signup", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Please fill in all required fields");
    }
    const blank = await t.client().post("/api/auth/signup", { ...valid(), username: "   " });
    expect(blank.json().message).toBe("Please fill in all required fields");
  });

  it("requires a company name on the business plan and stores the business information", async () => {
    const missing = await t
      .client()
      .post("/api/auth/signup", { ...valid(), planType: "business", businessInfo: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Please provide your company information");

    const c = t.client();
    const res = await c.post("/api/auth/signup", {
      ...valid(),
      planType: "business",
      businessInfo: {
        companyName: "Acme Plumbing",
        industry: "construction",
        greetingMessage: "Acme, how can we help?",
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      planType: "business",
      companyName: "Acme Plumbing",
      industry: "construction",
    });
    const result = await t.database.db.execute(
      sql`select greeting_message from ai_settings where workspace_id = ${res.json().user.workspace.id}`,
    );
    expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({
      greeting_message: "Acme, how can we help?",
    });
  });

  it("validates email and password length (8 to at least 64 characters)", async () => {
    const badEmail = await t.client().post("/api/auth/signup", { ...valid(), email: "not-an-email" });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe("Please enter a valid email address");

    const short = await t.client().post("/api/auth/signup", { ...valid(), password: "1234567" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Password must be at least 8 characters");

    const long = await t.client().post("/api/auth/signup", { ...valid(), password: "x".repeat(64) });
    expect(long.statusCode).toBe(201);
  });

  it("says plainly that a username is taken, whatever the case and whatever the email", async () => {
    const first = valid();
    await t.client().post("/api/auth/signup", first);
    for (const email of [valid().email, first.email]) {
      const res = await t
        .client()
        .post("/api/auth/signup", { ...valid(), username: first.username.toUpperCase(), email });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("That username is taken. Please choose another.");
    }
  });

  it("does not reveal that an email has an account: nothing created, nobody signed in", async () => {
    const first = valid();
    await t.client().post("/api/auth/signup", first);
    const c = t.client();
    const again = { ...valid(), email: first.email.toUpperCase(), password: "another-password" };
    const res = await c.post("/api/auth/signup", again);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: SIGNUP_NOT_COMPLETED_MESSAGE });
    expect(res.body).not.toMatch(/exist|registered|taken|in use/i);
    expect(res.cookies.find((cookie) => cookie.name === "aip_session")).toBeUndefined();
    expect((await c.get("/api/user")).statusCode).toBe(401);
    const created = await t.database.db.execute(
      sql`select count(*)::int as n from users where lower(username) = ${again.username.toLowerCase()}`,
    );
    expect((created as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    // The owner's account is untouched: the old password still signs in, the new one does not.
    const owner = await t.client().post("/api/auth/login", { login: first.email, password: first.password });
    expect(owner.statusCode).toBe(200);
    const intruder = await t
      .client()
      .post("/api/auth/login", { login: first.email, password: "another-password" });
    expect(intruder.statusCode).toBe(401);
  });

  it("tells the email's owner instead, through the account notices", async () => {
    const sent: { kind: string; userId: string }[] = [];
    const notices: AccountNotices = {
      signupWithExistingEmail: async (account) => void sent.push({ kind: "signup", userId: account.id }),
      passwordChanged: async (account) => void sent.push({ kind: "password", userId: account.id }),
      emailChanged: async (account) => void sent.push({ kind: "email", userId: account.id }),
      confirmAddress: async (account) => void sent.push({ kind: "confirm", userId: account.id }),
      resetPassword: async (account) => void sent.push({ kind: "reset", userId: account.id }),
    };
    const auth = authService(authRepository(t.database.db), t.config, {
      notices,
      access: accessChanges(localEventBus()),
      directory: workspaceDirectory(t.database.db),
      provisionWorkspace: async (tx, input) =>
        (await workspaceRepository(tx).create({ name: input.name, planType: input.planType }, input.ownerId))
          .id,
      checkInvitation: async () => {},
      redeemInvitation: async () => {
        throw new Error("no invitations here");
      },
    });
    const owner = (await buildWorkspace(t)).user;
    const client = { ip: "192.0.2.200", userAgent: undefined };
    const outcome = await auth.signup({ ...valid(), email: owner.email, planType: "personal" }, client);
    expect(outcome.created).toBe(false);
    expect(sent).toEqual([{ kind: "signup", userId: owner.id }]);
    const fresh = await auth.signup({ ...valid(), planType: "personal" }, client);
    expect(fresh.created).toBe(true);
    // A new account is asked to confirm its own address; the owner heard nothing more.
    expect(sent.map((notice) => notice.kind)).toEqual(["signup", "confirm"]);
  });

  it("makes the first account admin and later ones users; ADMIN_EMAILS waits for a confirmed address", async () => {
    const fresh = await createTestApp({ adminEmails: ["boss@example.com"] });
    try {
      const first = await fresh.client().signup();
      const second = await fresh.client().signup();
      // Typing a listed address proves nothing (email-links.test.ts follows the link).
      const boss = await fresh.client().signup({ email: "Boss@Example.com" });
      expect([first.role, second.role, boss.role]).toEqual(["admin", "user", "user"]);
    } finally {
      await fresh.close();
    }
  });
});

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax, not Secure over plain HTTP, and holds 256 random bits", async () => {
    const res = await t.client().post("/api/auth/signup", valid());
    const cookie = res.cookies.find((c) => c.name === "aip_session");
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.secure).toBeFalsy();
    expect(Buffer.from(cookie?.value ?? "", "base64url")).toHaveLength(32);
    const stored = await t.database.db.execute(sql`select token_hash from sessions`);
    const hashes = (stored as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(hashes).not.toContain(cookie?.value);
  });

  it("is Secure behind HTTPS", async () => {
    const https = await createTestApp({ publicUrl: "https://calls.example.com" });
    try {
      const res = await https.client().post("/api/auth/signup", valid());
      expect(res.cookies.find((c) => c.name === "aip_session")?.secure).toBe(true);
      expect(res.headers["strict-transport-security"]).toContain("max-age=");
    } finally {
      await https.close();
    }
  });
});

describe("login and logout", () => {
  it("signs in by username or email, with a new token each time", async () => {
    const body = valid();
    const signup = await t.client().post("/api/auth/signup", body);
    const firstToken = signup.cookies.find((c) => c.name === "aip_session")?.value;

    const byName = t.client();
    const res = await byName.post("/api/auth/login", { login: body.username, password: body.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(body.email);
    const secondToken = byName.cookies.get("aip_session");
    expect(secondToken).toBeDefined();
    expect(secondToken).not.toBe(firstToken);

    const byEmail = t.client();
    const res2 = await byEmail.post("/api/auth/login", {
      login: body.email.toUpperCase(),
      password: body.password,
    });
    expect(res2.statusCode).toBe(200);
    expect(byEmail.cookies.get("aip_session")).not.toBe(secondToken);
  });

  it("refuses a wrong password or an unknown account with the same message", async () => {
    const body = valid();
    await t.client().post("/api/auth/signup", body);
    const wrong = await t
      .client()
      .post("/api/auth/login", { login: body.username, password: "wrong-password" });
    const unknown = await t
      .client()
      .post("/api/auth/login", { login: "nobody_here", password: "wrong-password" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    const missing = await t.client().post("/api/auth/login", { login: "", password: "" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Please fill in all required fields");
  });

  it("ends the session at logout: the old cookie no longer works", async () => {
    const c = await buildWorkspace(t);
    const token = c.cookies.get("aip_session");
    const out = await c.post("/api/auth/logout");
    expect(out.statusCode).toBe(204);
    expect(c.cookies.has("aip_session")).toBe(false);
    const replay = t.client();
    replay.cookies.set("aip_session", token ?? "");
    expect((await replay.get("/api/user")).statusCode).toBe(401);
  });

  it("refuses a session past its idle timeout or its absolute lifetime", async () => {
    const idle = await buildWorkspace(t);
    const idleUser = idle.user;
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '8 days' where user_id = ${idleUser.id}`,
    );
    // Written behind the app's back: the sessions it holds in memory must be read afresh.
    t.app.services.access.changed({});
    expect((await idle.get("/api/user")).statusCode).toBe(401);

    const old = await buildWorkspace(t);
    const oldUser = old.user;
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${oldUser.id}`,
    );
    t.app.services.access.changed({});
    expect((await old.get("/api/user")).statusCode).toBe(401);
  });

  it("answers 401 for a forged cookie", async () => {
    const c = t.client();
    c.cookies.set("aip_session", "forged-token-value");
    const res = await c.get("/api/user");
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Please sign in to continue");
  });
});

describe("login rate limit", () => {
  // `t` allows 10 failed password checks a minute per account and per address.
  const login = (loginText: string, password: string, ip: string) =>
    t.client().post("/api/auth/login", { login: loginText, password }, { remoteAddress: ip });
  const wrong = (loginText: string, ip: string) => login(loginText, "wrong-password", ip);
  const account = async () => {
    const body = valid();
    await t.client().post("/api/auth/signup", body);
    return body;
  };
  let subnet = 0;
  /** Addresses of a network no other test uses. */
  const addresses = (n: number) => {
    subnet++;
    return Array.from({ length: n }, (_, i) => `172.16.${subnet}.${i + 1}`);
  };

  it("keeps the owner in: 10 failures from three addresses, then the right password from a fourth signs in", async () => {
    const body = await account();
    const [a, b, c, owner] = addresses(4) as [string, string, string, string];
    for (let i = 0; i < 10; i++)
      expect((await wrong(body.username, [a, b, c][i % 3] ?? a)).statusCode).toBe(401);

    const signedIn = await login(body.username, body.password, owner);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.username).toBe(body.username);

    // The addresses that were guessing stay limited, the right password included.
    for (const ip of [a, b, c]) {
      const res = await wrong(body.username, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(
        /^Too many sign-in attempts for this account\. Please wait \d+ seconds and try again\.$/,
      );
    }
    expect((await login(body.username, body.password, a)).statusCode).toBe(429);
  });

  it("gives a fresh address one guess at a locked account, then limits it too", async () => {
    const body = await account();
    const [attacker, fresh] = addresses(2) as [string, string];
    for (let i = 0; i < 10; i++) await wrong(body.email, attacker);
    expect((await wrong(body.email, fresh)).statusCode).toBe(401);
    expect((await wrong(body.email, fresh)).statusCode).toBe(429);
    expect((await login(body.email, body.password, fresh)).statusCode).toBe(429);
  });

  it("gives the username and the email of one account one budget", async () => {
    const body = await account();
    const [a, b] = addresses(2) as [string, string];
    for (let i = 0; i < 5; i++) expect((await wrong(body.username, a)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await wrong(body.email.toUpperCase(), b)).statusCode).toBe(401);
    expect((await wrong(body.email, a)).statusCode).toBe(429);
    expect((await wrong(body.username.toUpperCase(), b)).statusCode).toBe(429);
  });

  it("counts failures only: signing in again and again from one address is never limited", async () => {
    const body = await account();
    const [ip] = addresses(1) as [string];
    for (let i = 0; i < 15; i++) expect((await login(body.username, body.password, ip)).statusCode).toBe(200);
    // The successes left the whole budget for mistakes.
    for (let i = 0; i < 10; i++) expect((await wrong(body.username, ip)).statusCode).toBe(401);
    expect((await wrong(body.username, ip)).statusCode).toBe(429);
  });

  it("treats a login that matches no account exactly like a real one", async () => {
    const body = await account();
    const unknown = `nobody_${Math.random().toString(36).slice(2, 10)}`;
    const answers: Record<string, { status: number; message: string }[]> = {};
    for (const text of [body.username, unknown]) {
      const [ip, fresh] = addresses(2) as [string, string];
      const seen = [];
      for (let i = 0; i < 11; i++) {
        const res = await wrong(text, ip);
        seen.push({
          status: res.statusCode,
          message: res.json().message.replace(/\d+ seconds/, "N seconds"),
        });
      }
      const res = await wrong(text, fresh);
      seen.push({ status: res.statusCode, message: res.json().message });
      answers[text] = seen;
    }
    expect(answers[unknown]).toEqual(answers[body.username]);
    expect(answers[unknown]?.map((a) => a.status)).toEqual([...Array(10).fill(401), 429, 401]);
  });

  it("checks at most the budget when guesses arrive all at once", async () => {
    const body = await account();
    const [ip] = addresses(1) as [string];
    const results = await Promise.all(Array.from({ length: 25 }, () => wrong(body.username, ip)));
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it("closes the account to every address once a distributed attack passes ten times the limit, for the rest of the minute", async () => {
    const strict = await createTestApp({ authRateLimitPerMinute: 2 });
    try {
      const body = valid();
      await strict.client().post("/api/auth/signup", body);
      const attempt = (password: string, ip: string) =>
        strict.client().post("/api/auth/login", { login: body.username, password }, { remoteAddress: ip });
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++)
        statuses.push((await attempt("wrong-password", `10.9.0.${i + 1}`)).statusCode);
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses[20]).toBe(429);
      expect((await attempt(body.password, "10.9.1.1")).statusCode).toBe(429);

      // The window ends by itself: no lockout an attacker can hold beyond the minute.
      await strict.database.db.execute(
        sql`update rate_limits set window_start = now() - interval '61 seconds'`,
      );
      expect((await attempt(body.password, "10.9.1.2")).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it("limits failures per address across accounts", async () => {
    const [ip] = addresses(1) as [string];
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await wrong(`nobody_${i}`, ip)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const res = await wrong("nobody_else", ip);
    expect(res.json().message).toMatch(
      /^Too many sign-in attempts from your network\. Please wait \d+ seconds/,
    );
  });
});

describe("session lookup", () => {
  it("writes the last-seen time at most once a minute, not on every read", async () => {
    const c = await buildWorkspace(t);
    const user = c.user;
    const lastSeen = async () => {
      const result = await t.database.db.execute(
        sql`select last_seen_at::text as at from sessions where user_id = ${user.id}`,
      );
      return (result as unknown as { rows: { at: string }[] }).rows[0]?.at;
    };
    const before = await lastSeen();
    for (let i = 0; i < 3; i++) expect((await c.get("/api/user")).statusCode).toBe(200);
    expect(await lastSeen()).toBe(before);
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '2 minutes' where user_id = ${user.id}`,
    );
    t.app.services.access.changed({});
    const stale = await lastSeen();
    await c.get("/api/user");
    expect(await lastSeen()).not.toBe(stale);
  });
});

describe("cross-site requests", () => {
  it("refuses a state-changing request whose Origin names another site", async () => {
    const res = await t
      .client()
      .post("/api/auth/signup", valid(), { headers: { origin: "https://evil.example" } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Cross-site requests are not allowed");
  });

  it("refuses cross-site Fetch Metadata without an Origin, allows same-origin and non-browser callers", async () => {
    const meta = await t.client().post(
      "/api/auth/login",
      { login: "x", password: "y" },
      {
        headers: { origin: undefined, "sec-fetch-site": "cross-site" },
      },
    );
    expect(meta.statusCode).toBe(403);
    const same = await t.client().post("/api/auth/signup", valid(), { headers: { origin: TEST_ORIGIN } });
    expect(same.statusCode).toBe(201);
    const none = await t.client().post("/api/auth/signup", valid(), { headers: { origin: undefined } });
    expect(none.statusCode).toBe(201);
  });
});
