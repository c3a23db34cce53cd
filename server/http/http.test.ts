import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { buildWorkspace } from "../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      extend(app) {
        app.get("/api/test/explode", async () => {
          throw new Error("secret internal detail");
        });
      },
    },
  );
});
afterAll(() => t.close());

describe("HTTP conventions", () => {
  it("answers malformed JSON with 400 and a message", async () => {
    const res = await t
      .client()
      .post("/api/auth/login", "{not json", { headers: { "content-type": "application/json" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The request body is not valid JSON");
  });

  it("answers a body over the limit with 413", async () => {
    const res = await t
      .client()
      .post("/api/auth/login", { login: "x".repeat(2 * 1024 * 1024), password: "y" });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The request body is too large");
  });

  it("answers validation failures with 400, a message and the issues", async () => {
    const res = await t.client().post("/api/auth/login", { login: 42 });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBeTruthy();
    expect(body.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(["login", "password"]),
    );
  });

  it("answers an unknown /api path with a JSON 404", async () => {
    const res = await t.client().get("/api/no-such-thing");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json().message).toBe("No API route for GET /api/no-such-thing");
  });

  it("answers an unexpected error with 500, a request id and no internals", async () => {
    const c = await buildWorkspace(t);
    const res = await c.get("/api/test/explode");
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("secret internal detail");
    expect(res.json().requestId).toBeTruthy();
    expect(res.json().message).toContain(res.json().requestId);
  });

  it("sends security headers", async () => {
    const res = await t.client().get("/api/health");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    // Plain HTTP: no HSTS.
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("reports health with the version and the database status", async () => {
    const res = await t.client().get("/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "ok",
      version: expect.any(String),
      database: { status: "ok", engine: expect.stringMatching(/pglite|postgres/) },
    });
  });
});
