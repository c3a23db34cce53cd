import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace, rows } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/user", () => {
  it("answers 401 when signed out", async () => {
    const res = await t.client().get("/api/user");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Please sign in to continue" });
  });
});

describe("PUT /api/user/profile", () => {
  it("saves each field on its own", async () => {
    const c = await buildWorkspace(t);
    const name = await c.put("/api/user/profile", { fullName: "  Dana Scully " });
    expect(name.statusCode).toBe(200);
    expect(name.json().fullName).toBe("Dana Scully");

    const phone = await c.put("/api/user/profile", { cellphoneNumber: "(555) 123-4567" });
    expect(phone.statusCode).toBe(200);
    expect(phone.json().cellphoneNumber).toBe("5551234567");

    const cleared = await c.put("/api/user/profile", { cellphoneNumber: "" });
    expect(cleared.json().cellphoneNumber).toBeNull();
    expect((await c.get("/api/user")).json().fullName).toBe("Dana Scully");
  });

  it("refuses zero fields, two fields, unknown fields and bad values", async () => {
    const c = await buildWorkspace(t);
    for (const body of [{}, { fullName: "A", cellphoneNumber: "5551234567" }, { role: "admin" }]) {
      const res = await c.put("/api/user/profile", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const phone = await c.put("/api/user/profile", { cellphoneNumber: "12345" });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().message).toBe("Please enter a valid phone number (at least 10 digits)");
    const email = await c.put("/api/user/profile", { email: "nope" });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe("Please enter a valid email address");
    expect((await c.get("/api/user")).json().role).not.toBe("admin");
  });

  it("changes the email only with the current password, and never to another account's email", async () => {
    const other = (await buildWorkspace(t)).user;
    const c = await buildWorkspace(t, { password: "my-own-password" });
    const noPassword = await c.put("/api/user/profile", { email: "new-address@example.com" });
    expect(noPassword.statusCode).toBe(403);
    expect(noPassword.json().message).toBe("Please enter your current password to change your email");

    const wrong = await c.put("/api/user/profile", {
      email: "new-address@example.com",
      currentPassword: "nope-nope",
    });
    expect(wrong.statusCode).toBe(403);

    const taken = await c.put("/api/user/profile", {
      email: other.email,
      currentPassword: "my-own-password",
    });
    expect(taken.statusCode).toBe(409);

    const ok = await c.put("/api/user/profile", {
      email: "New-Address@Example.com",
      currentPassword: "my-own-password",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe("new-address@example.com");
  });
});

/** Another browser signed in to the same account. */
async function secondSession(app: TestApp, login: string, password: string): Promise<TestClient> {
  const other = app.client();
  const res = await other.post("/api/auth/login", { login, password });
  expect(res.statusCode).toBe(200);
  return other;
}

describe("changing the email ends the other sessions", () => {
  it("signs out every other browser and keeps this one", async () => {
    const c = await buildWorkspace(t, { password: "my-own-password" });
    const user = c.user;
    const phone = await secondSession(t, user.username, "my-own-password");
    const laptop = await secondSession(t, user.email, "my-own-password");

    const res = await c.put("/api/user/profile", {
      email: `moved_${user.username}@example.com`,
      currentPassword: "my-own-password",
    });
    expect(res.statusCode).toBe(200);
    expect((await c.get("/api/user")).statusCode).toBe(200);
    expect((await phone.get("/api/user")).statusCode).toBe(401);
    expect((await laptop.get("/api/user")).statusCode).toBe(401);
  });

  it("leaves the sessions alone when the email did not change or the change was refused", async () => {
    const c = await buildWorkspace(t, { password: "my-own-password" });
    const user = c.user;
    const phone = await secondSession(t, user.username, "my-own-password");
    expect((await c.put("/api/user/profile", { email: user.email.toUpperCase() })).statusCode).toBe(200);
    const refused = await c.put("/api/user/profile", {
      email: "x@example.com",
      currentPassword: "nope-nope",
    });
    expect(refused.statusCode).toBe(403);
    expect((await c.put("/api/user/profile", { fullName: "Still Me" })).statusCode).toBe(200);
    expect((await phone.get("/api/user")).statusCode).toBe(200);
  });
});

describe("POST /api/user/password", () => {
  it("changes the password: the new one signs in, the old one no longer does, other sessions end, this one stays", async () => {
    const c = await buildWorkspace(t, { password: "old-password-1" });
    const user = c.user;
    const phone = await secondSession(t, user.username, "old-password-1");
    const tablet = await secondSession(t, user.email, "old-password-1");

    const res = await c.post("/api/user/password", {
      currentPassword: "old-password-1",
      newPassword: "new-password-2",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ otherSessionsEnded: 2 });

    expect((await c.get("/api/user")).statusCode).toBe(200);
    expect((await phone.get("/api/user")).statusCode).toBe(401);
    expect((await tablet.get("/api/user")).statusCode).toBe(401);
    const old = await t
      .client()
      .post("/api/auth/login", { login: user.username, password: "old-password-1" });
    expect(old.statusCode).toBe(401);
    const fresh = await t
      .client()
      .post("/api/auth/login", { login: user.username, password: "new-password-2" });
    expect(fresh.statusCode).toBe(200);

    const [stored] = await rows<{ password_hash: string }>(
      t,
      sql`select password_hash from users where id = ${user.id}`,
    );
    const hash = stored?.password_hash;
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("refuses a wrong current password with a clear message and changes nothing", async () => {
    const c = await buildWorkspace(t, { password: "old-password-1" });
    const user = c.user;
    const phone = await secondSession(t, user.username, "old-password-1");
    const res = await c.post("/api/user/password", {
      currentPassword: "not-it-at-all",
      newPassword: "new-password-2",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Your current password is not correct");
    expect((await phone.get("/api/user")).statusCode).toBe(200);
    const old = await t
      .client()
      .post("/api/auth/login", { login: user.username, password: "old-password-1" });
    expect(old.statusCode).toBe(200);
  });

  it("validates the new password like sign-up does, and answers each mistake with a message", async () => {
    const c = await buildWorkspace(t, { password: "old-password-1" });
    const cases: [unknown, string][] = [
      [{ newPassword: "new-password-2" }, "Please enter your current password"],
      [{ currentPassword: "", newPassword: "new-password-2" }, "Please enter your current password"],
      [{ currentPassword: "old-password-1" }, "Please fill in all required fields"],
      [{ currentPassword: "old-password-1", newPassword: "short" }, "Password must be at least 8 characters"],
      [
        { currentPassword: "old-password-1", newPassword: "x".repeat(129) },
        "Password must be at most 128 characters",
      ],
      [
        { currentPassword: "old-password-1", newPassword: "old-password-1" },
        "Choose a new password that differs from your current one",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await c.post("/api/user/password", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const extra = await c.post("/api/user/password", {
      currentPassword: "old-password-1",
      newPassword: "new-password-2",
      userId: "someone-else",
    });
    expect(extra.statusCode).toBe(400);
    expect(
      (await t.client().post("/api/user/password", { currentPassword: "a", newPassword: "b" })).statusCode,
    ).toBe(401);
  });
});

describe("password checks in settings count against the sign-in budgets", () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ authRateLimitPerMinute: 3 });
  });
  afterAll(() => strict.close());

  it("limits wrong current passwords, and the account's sign-in shares that budget", async () => {
    const c = await buildWorkspace(strict, { password: "old-password-1" });
    const user = c.user;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await c.post("/api/user/password", {
        currentPassword: `guess-${i}-guess`,
        newPassword: "new-password-2",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([403, 403, 403, 429]);
    // Even the right one waits for the window from this address...
    const right = await c.post("/api/user/password", {
      currentPassword: "old-password-1",
      newPassword: "new-password-2",
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/Too many sign-in attempts/);
    // ...but the owner can still sign in from an address that has not been guessing.
    const elsewhere = await strict
      .client()
      .post("/api/auth/login", { login: user.username, password: "old-password-1" });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("limits wrong passwords when changing the email", async () => {
    const c = await buildWorkspace(strict, { password: "old-password-1" });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await c.put("/api/user/profile", {
        email: "new@example.com",
        currentPassword: `guess-${i}-guess`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([403, 403, 403, 429]);
  });

  it("makes each 'email already in use' answer cost an attempt, so emails cannot be harvested", async () => {
    const owners = await Promise.all([1, 2, 3, 4].map(async () => (await buildWorkspace(strict)).user));
    const c = await buildWorkspace(strict, { password: "old-password-1" });
    const statuses: number[] = [];
    for (const owner of owners) {
      const res = await c.put("/api/user/profile", { email: owner.email, currentPassword: "old-password-1" });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([409, 409, 409, 429]);
  });
});

describe("POST /api/user/accept-terms", () => {
  it("records the time and version", async () => {
    const c = await buildWorkspace(t);
    const before = Date.now();
    const res = await c.post("/api/user/accept-terms", { termsVersion: "1.0" });
    expect(res.statusCode).toBe(200);
    expect(res.json().termsVersion).toBe("1.0");
    expect(new Date(res.json().acceptedTermsAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await c.get("/api/user")).json().acceptedTermsAt).toBe(res.json().acceptedTermsAt);
  });

  it("refuses another version or a missing one", async () => {
    const c = await buildWorkspace(t);
    expect((await c.post("/api/user/accept-terms", { termsVersion: "0.9" })).statusCode).toBe(400);
    expect((await c.post("/api/user/accept-terms", {})).statusCode).toBe(400);
    expect((await c.get("/api/user")).json().acceptedTermsAt).toBeNull();
  });
});
