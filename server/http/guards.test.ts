import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_HOST, type TestApp } from "../test/app";
import { buildWorkspace } from "../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the session guard decides from the matched route, not the raw URL", () => {
  it("answers 401 to percent-encoded API paths when signed out", async () => {
    const anonymous = t.client();
    for (const url of ["/%61pi/user", "/a%70i/user", "/%61%70%69/user", "/api/%75ser", "/api/%75%73%65%72"]) {
      const res = await anonymous.get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe("Please sign in to continue");
    }
    const stats = await anonymous.get("/%61pi/stats");
    expect(stats.statusCode).toBe(401);
    // HEAD routes Fastify adds beside every GET carry the same config.
    expect((await anonymous.request("HEAD", "/%61pi/user")).statusCode).toBe(401);
    expect((await anonymous.request("HEAD", "/api/health")).statusCode).toBe(200);
    const write = await anonymous.post("/%61pi/calls/simulate", { phoneNumber: "+15551230000" });
    expect(write.statusCode).toBe(401);
  });

  it("never opens an anonymous event stream through an encoded path", async () => {
    // Before the fix this stream opened without a user and never closed (the test hung).
    const res = await t.client().get("/%61pi/events");
    expect(res.statusCode).toBe(401);
    expect(res.headers["content-type"]).toContain("application/json");
  });

  it("serves the same route to its signed-in owner however the path is spelled", async () => {
    const c = await buildWorkspace(t);
    const user = c.user;
    const res = await c.get("/%61pi/user");
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);
  });

  it("answers unknown paths, encoded or not, with the JSON 404", async () => {
    for (const url of ["/%61pi/no-such-thing", "/api//user", "/API/user"]) {
      const res = await t.client().get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it("keeps the public routes public", async () => {
    const res = await t.client().get("/%61pi/health");
    expect(res.statusCode).toBe(200);
  });
});

describe("the built client stays public", () => {
  let dir: string;
  let app: TestApp;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "aip-client-"));
    await mkdir(path.join(dir, "assets"));
    await writeFile(path.join(dir, "index.html"), "<!doctype html><title>AI Platform</title>");
    await writeFile(path.join(dir, "assets", "app-123.js"), "console.log(1)");
    app = await createTestApp({ clientDir: dir });
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves its files and app routes to signed-out visitors, and no API route through the fallback", async () => {
    const anonymous = app.client();
    expect((await anonymous.get("/assets/app-123.js")).statusCode).toBe(200);
    const page = await anonymous.get("/history");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("AI Platform");
    expect((await anonymous.get("/%61pi/user")).statusCode).toBe(401);
    // An unknown API path never falls back to the app's HTML, however it is spelled.
    for (const url of ["/api/no-such-thing", "/%61pi/no-such-thing", "/%61%70%69/no-such-thing"]) {
      const res = await anonymous.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe("No API route for GET /api/no-such-thing");
    }
  });
});

describe("the same-origin check", () => {
  const PUBLIC = "https://calls.example.com";
  let behindProxy: TestApp;
  beforeAll(async () => {
    behindProxy = await createTestApp({ publicUrl: PUBLIC });
  });
  afterAll(() => behindProxy.close());

  const login = { login: "nobody-here", password: "not the password" };

  it("with PUBLIC_URL, accepts only PUBLIC_URL's origin, whatever Host the client sends", async () => {
    const c = behindProxy.client();
    // An attacker's page whose request carries a Host matching its own Origin.
    const forged = await c.post("/api/auth/login", login, {
      headers: { origin: "https://evil.example", host: "evil.example" },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe("Cross-site requests are not allowed");
    // The app's own origin, even through a proxy that rewrote Host.
    const own = await c.post("/api/auth/login", login, {
      headers: { origin: PUBLIC, host: "10.0.0.5:5000" },
    });
    expect(own.statusCode).toBe(401);
    // Same scheme and host but another port is another origin.
    const otherPort = await c.post("/api/auth/login", login, {
      headers: { origin: "https://calls.example.com:8443", host: "calls.example.com:8443" },
    });
    expect(otherPort.statusCode).toBe(403);
  });

  it("without PUBLIC_URL, compares the Origin with the Host header", async () => {
    const c = t.client();
    const same = await c.post("/api/auth/login", login, {
      headers: { origin: `http://${TEST_HOST}`, host: TEST_HOST },
    });
    expect(same.statusCode).toBe(401);
    const cross = await c.post("/api/auth/login", login, {
      headers: { origin: "https://evil.example", host: TEST_HOST },
    });
    expect(cross.statusCode).toBe(403);
    const opaque = await c.post("/api/auth/login", login, { headers: { origin: "null" } });
    expect(opaque.statusCode).toBe(403);
  });
});
