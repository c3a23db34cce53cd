import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHECK_EMAIL_MESSAGE,
  CONFIRM_EMAIL_FIRST_MESSAGE,
  LINK_EXPIRED_MESSAGE,
  RESET_REQUESTED_MESSAGE,
} from "../../../common/auth";
import type { User } from "../../../common/user";
import { createTestApp, type TestApp } from "../../test/app";
import { rows } from "../../test/factories";
import { startSmtpServer } from "../../test/smtp-server";

const PASSWORD = "correct horse battery";
const ADMIN_ADDRESS = "boss@example.com";

let counter = 0;
function details(fields: Record<string, string> = {}) {
  counter++;
  const id = `${Date.now().toString(36)}${counter}`;
  return { username: `person_${id}`, email: `person_${id}@example.com`, password: PASSWORD, ...fields };
}

function recipients(mail: ParsedMail): string[] {
  const to = mail.to ? (Array.isArray(mail.to) ? mail.to : [mail.to]) : [];
  return to.flatMap((group) => group.value.map((address) => address.address?.toLowerCase() ?? ""));
}

/** The token in the newest message to `to` whose link goes to `page`. */
function tokenIn(mails: ParsedMail[], to: string, page: "/confirm-email" | "/reset-password"): string {
  const found = mails
    .filter((mail) => recipients(mail).includes(to.toLowerCase()))
    .map((mail) => new RegExp(`${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? "")?.[1])
    .filter((token): token is string => Boolean(token));
  const token = found.at(-1);
  if (!token) throw new Error(`no ${page} link was sent to ${to}`);
  return token;
}

async function roleOf(t: TestApp, email: string): Promise<string | undefined> {
  const [row] = await rows<{ role: string }>(t, sql`select role from users where lower(email) = ${email}`);
  return row?.role;
}

async function signIn(t: TestApp, login: string, password = PASSWORD) {
  const client = t.client();
  const res = await client.post("/api/auth/login", { login, password });
  return { client, res };
}

describe("with email sent over SMTP", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const waitForMail = async (count: number) => {
    for (let i = 0; i < 100 && smtp.received.length < count; i++) await new Promise((r) => setTimeout(r, 20));
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ adminEmails: [ADMIN_ADDRESS], mail: { smtpUrl: smtp.url } });
    // The first account on an empty database is an administrator by design: take that place.
    await t.client().post("/api/auth/signup", details());
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("answers a new and a registered email the same: 202, check your email, no session", async () => {
    const owner = details();
    await t.client().post("/api/auth/signup", owner);
    const fresh = await t.client().post("/api/auth/signup", details());
    const again = await t.client().post("/api/auth/signup", { ...details(), email: owner.email });
    for (const res of [fresh, again]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: CHECK_EMAIL_MESSAGE });
      expect(res.cookies.find((cookie) => cookie.name === "aip_session")).toBeUndefined();
    }
    // The owner hears about the attempt, with a way back in.
    expect(tokenIn(smtp.received, owner.email, "/reset-password")).toBeTruthy();
  });

  it("a stranger who signs up with an ADMIN_EMAILS address gets no administration, nor a session", async () => {
    const stranger = details({ email: ADMIN_ADDRESS });
    const signup = await t.client().post("/api/auth/signup", stranger);
    expect(signup.statusCode).toBe(202);
    expect(await roleOf(t, ADMIN_ADDRESS)).toBe("user");
    // The right password is not enough before the address is confirmed.
    const { res } = await signIn(t, stranger.username);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CONFIRM_EMAIL_FIRST_MESSAGE);
    expect(await roleOf(t, ADMIN_ADDRESS)).toBe("user");

    // Only the address's holder can follow the link: then, and only then, they administer.
    const token = tokenIn(smtp.received, ADMIN_ADDRESS, "/confirm-email");
    const holder = t.client();
    const confirmed = await holder.post("/api/auth/confirm-email", { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user).toMatchObject({ email: ADMIN_ADDRESS, emailVerified: true, role: "admin" });
    expect((await holder.get("/api/user")).json().role).toBe("admin");
    // A link works once.
    const reused = await t.client().post("/api/auth/confirm-email", { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(LINK_EXPIRED_MESSAGE);
    await t.database.db.execute(sql`delete from users where lower(email) = ${ADMIN_ADDRESS}`);
  });

  it("a user who changes their email to an ADMIN_EMAILS address keeps their email and role until the new address confirms", async () => {
    const person = details();
    await t.client().post("/api/auth/signup", person);
    await t
      .client()
      .post("/api/auth/confirm-email", { token: tokenIn(smtp.received, person.email, "/confirm-email") });
    const { client } = await signIn(t, person.username);

    const sent = smtp.received.length;
    const changed = await client.put("/api/user/profile", {
      email: ADMIN_ADDRESS,
      currentPassword: PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      email: person.email,
      pendingEmail: ADMIN_ADDRESS,
      emailVerified: true,
    });
    await waitForMail(sent + 1);

    // Signing in again changes nothing: the address is not theirs until its link is followed.
    const again = await signIn(t, person.username);
    expect(again.res.statusCode).toBe(200);
    expect(again.res.json().user).toMatchObject({ email: person.email, role: "user" });
    expect((await signIn(t, ADMIN_ADDRESS)).res.statusCode).toBe(401);
    expect(await roleOf(t, person.email)).toBe("user");

    // The address's holder follows the link: the email changes, the old address hears of it.
    const token = tokenIn(smtp.received, ADMIN_ADDRESS, "/confirm-email");
    const confirmed = await t.client().post("/api/auth/confirm-email", { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user).toMatchObject({ email: ADMIN_ADDRESS, pendingEmail: null, role: "admin" });
    await waitForMail(sent + 2);
    expect(
      smtp.received.some(
        (mail) =>
          recipients(mail).includes(person.email) &&
          /email address of your account is now/i.test(mail.text ?? ""),
      ),
    ).toBe(true);
    await t.database.db.execute(sql`delete from users where lower(email) = ${ADMIN_ADDRESS}`);
  });

  it("drops a waiting change when the person asks, and its link stops working", async () => {
    const person = details();
    await t.client().post("/api/auth/signup", person);
    await t
      .client()
      .post("/api/auth/confirm-email", { token: tokenIn(smtp.received, person.email, "/confirm-email") });
    const { client } = await signIn(t, person.username);
    const next = `next_${person.email}`;
    await client.put("/api/user/profile", { email: next, currentPassword: PASSWORD });
    const token = tokenIn(smtp.received, next, "/confirm-email");
    const cancelled = await client.delete("/api/user/email/pending");
    expect(cancelled.json()).toMatchObject({ email: person.email, pendingEmail: null });
    const late = await t.client().post("/api/auth/confirm-email", { token });
    expect(late.statusCode).toBe(400);
    expect((await client.get("/api/user")).json().email).toBe(person.email);
  });

  it("refuses a confirmation when another account took the address in the meantime", async () => {
    const person = details();
    await t.client().post("/api/auth/signup", person);
    await t
      .client()
      .post("/api/auth/confirm-email", { token: tokenIn(smtp.received, person.email, "/confirm-email") });
    const { client } = await signIn(t, person.username);
    const contested = `contested_${person.email}`;
    await client.put("/api/user/profile", { email: contested, currentPassword: PASSWORD });
    const token = tokenIn(smtp.received, contested, "/confirm-email");
    await t.client().post("/api/auth/signup", { ...details(), email: contested });
    const res = await t.client().post("/api/auth/confirm-email", { token });
    expect(res.statusCode).toBe(409);
    expect((await client.get("/api/user")).json().email).toBe(person.email);
  });

  it("resets a forgotten password by a link: the same answer for any address, every session ends, the link works once", async () => {
    const person = details();
    await t.client().post("/api/auth/signup", person);
    await t
      .client()
      .post("/api/auth/confirm-email", { token: tokenIn(smtp.received, person.email, "/confirm-email") });
    const elsewhere = (await signIn(t, person.username)).client;

    const known = await t.client().post("/api/auth/forgot-password", { email: person.email.toUpperCase() });
    const unknown = await t.client().post("/api/auth/forgot-password", { email: "nobody@example.com" });
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    }
    await waitForMail(smtp.received.length + 1);
    const token = tokenIn(smtp.received, person.email, "/reset-password");

    const tooShort = await t.client().post("/api/auth/reset-password", { token, newPassword: "short" });
    expect(tooShort.statusCode).toBe(400);
    const browser = t.client();
    const reset = await browser.post("/api/auth/reset-password", {
      token,
      newPassword: "a brand new password",
    });
    expect(reset.statusCode).toBe(200);
    expect((reset.json() as { user: User }).user.username).toBe(person.username);
    expect((await browser.get("/api/user")).statusCode).toBe(200);
    expect((await elsewhere.get("/api/user")).statusCode).toBe(401);
    expect((await signIn(t, person.username)).res.statusCode).toBe(401);
    expect((await signIn(t, person.username, "a brand new password")).res.statusCode).toBe(200);
    const reused = await t
      .client()
      .post("/api/auth/reset-password", { token, newPassword: "yet another password" });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(LINK_EXPIRED_MESSAGE);
  });

  it("refuses a link past its time, and a confirmation link on the reset page", async () => {
    const person = details();
    await t.client().post("/api/auth/signup", person);
    const confirm = tokenIn(smtp.received, person.email, "/confirm-email");
    const wrongPage = await t
      .client()
      .post("/api/auth/reset-password", { token: confirm, newPassword: "a new password!" });
    expect(wrongPage.statusCode).toBe(400);
    await t.client().post("/api/auth/forgot-password", { email: person.email });
    await waitForMail(smtp.received.length + 1);
    const reset = tokenIn(smtp.received, person.email, "/reset-password");
    await t.database.db.execute(sql`update email_links set expires_at = now() - interval '1 second'`);
    const late = await t
      .client()
      .post("/api/auth/reset-password", { token: reset, newPassword: "a new password!" });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(LINK_EXPIRED_MESSAGE);
    const bad = await t.client().post("/api/auth/confirm-email", { token: "not-a-real-token-at-all-xx" });
    expect(bad.statusCode).toBe(400);
    expect((await t.client().post("/api/auth/confirm-email", {})).statusCode).toBe(400);
  });

  it("rations links: signing in again at once sends no second link to the same address", async () => {
    const person = details();
    await t.client().post("/api/auth/signup", person);
    const first = await signIn(t, person.username);
    expect(first.res.statusCode).toBe(403);
    const links = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from email_links l join users u on u.id = l.user_id where u.username = ${person.username}`,
    );
    expect(links[0]?.n).toBe(1);
  });
});

describe("without an email server (links written to the outbox)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminEmails: [ADMIN_ADDRESS] });
    await t.client().signup();
  });
  afterAll(() => t.close());

  /** The newest link to `page` written to the outbox for `to` (a reset link is written after the answer). */
  async function outboxToken(to: string, page: "/confirm-email" | "/reset-password"): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await readOutboxToken(to, page);
      } catch (error) {
        if (attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  async function readOutboxToken(to: string, page: "/confirm-email" | "/reset-password"): Promise<string> {
    const dir = path.join(t.config.dataDir, "outbox", "accounts");
    const mails = await Promise.all(
      (await readdir(dir)).map(async (name) => {
        const file = path.join(dir, name);
        return { mail: await simpleParser(await readFile(file)), name };
      }),
    );
    mails.sort((a, b) => (a.mail.date?.getTime() ?? 0) - (b.mail.date?.getTime() ?? 0));
    return tokenIn(
      mails.map((entry) => entry.mail),
      to,
      page,
    );
  }

  it("signs a stranger with an ADMIN_EMAILS address in as a user, never an administrator, until the link is followed", async () => {
    const stranger = t.client();
    const user = await stranger.signup({ email: ADMIN_ADDRESS });
    expect(user).toMatchObject({ role: "user", emailVerified: false });
    const again = await signIn(t, ADMIN_ADDRESS);
    expect(again.res.statusCode).toBe(200);
    expect(again.res.json().user.role).toBe("user");
    const confirmed = await t
      .client()
      .post("/api/auth/confirm-email", { token: await outboxToken(ADMIN_ADDRESS, "/confirm-email") });
    expect(confirmed.json().user).toMatchObject({ role: "admin", emailVerified: true });
    await t.database.db.execute(sql`delete from users where lower(email) = ${ADMIN_ADDRESS}`);
  });

  it("applies an email change at once but unconfirmed: an ADMIN_EMAILS address grants nothing at the next sign-in", async () => {
    const client = t.client();
    const person = await client.signup();
    const changed = await client.put("/api/user/profile", {
      email: ADMIN_ADDRESS,
      currentPassword: PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: ADMIN_ADDRESS, emailVerified: false, pendingEmail: null });
    const again = await signIn(t, person.username);
    expect(again.res.json().user.role).toBe("user");
    expect(await roleOf(t, ADMIN_ADDRESS)).toBe("user");
    const resent = await client.post("/api/user/email/confirmation");
    expect(resent.statusCode).toBe(429);
  });

  it("still tells the person who registered the email where to look, and says the outbox holds reset links", async () => {
    const person = await t.client().signup();
    const res = await t.client().post("/api/auth/forgot-password", { email: person.email });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toMatch(/outbox/);
    const token = await outboxToken(person.email, "/reset-password");
    const reset = await t
      .client()
      .post("/api/auth/reset-password", { token, newPassword: "another fine password" });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user.emailVerified).toBe(true);
  });

  it("answers resending for an address already confirmed with 409", async () => {
    const client = t.client();
    const person = await client.signup();
    await t
      .client()
      .post("/api/auth/confirm-email", { token: await outboxToken(person.email, "/confirm-email") });
    const res = await client.post("/api/user/email/confirmation");
    expect(res.statusCode).toBe(409);
  });
});
