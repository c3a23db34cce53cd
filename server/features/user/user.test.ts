import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";

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
    const c = t.client();
    await c.signup();
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
    const c = t.client();
    await c.signup();
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
    const other = await t.client().signup();
    const c = t.client();
    await c.signup({ password: "my-own-password" });
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

describe("POST /api/user/accept-terms", () => {
  it("records the time and version", async () => {
    const c = t.client();
    await c.signup();
    const before = Date.now();
    const res = await c.post("/api/user/accept-terms", { termsVersion: "1.0" });
    expect(res.statusCode).toBe(200);
    expect(res.json().termsVersion).toBe("1.0");
    expect(new Date(res.json().acceptedTermsAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await c.get("/api/user")).json().acceptedTermsAt).toBe(res.json().acceptedTermsAt);
  });

  it("refuses another version or a missing one", async () => {
    const c = t.client();
    await c.signup();
    expect((await c.post("/api/user/accept-terms", { termsVersion: "0.9" })).statusCode).toBe(400);
    expect((await c.post("/api/user/accept-terms", {})).statusCode).toBe(400);
    expect((await c.get("/api/user")).json().acceptedTermsAt).toBeNull();
  });
});
