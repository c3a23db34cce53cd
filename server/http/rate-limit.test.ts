import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITED } from "../../common/admin";
import { createTestApp, type TestApp } from "../test/app";
import { buildMember, buildWorkspace, type SignedInClient } from "../test/factories";
import { minuteCounter } from "./rate-limit";

/**
 * apiRateLimit (System config): requests a minute per signed-in account; the
 * test suite switches it off (API_RATE_LIMIT=off), this file on.
 */
let t: TestApp;
let admin: SignedInClient;
let customer: SignedInClient;
beforeAll(async () => {
  t = await createTestApp({ apiRateLimitEnforced: true });
  admin = await buildWorkspace(t, { username: "platform_admin" });
  customer = await buildWorkspace(t, { username: "chatty_customer" });
}, 60_000);
afterAll(() => t.close());

describe("the API rate limit", () => {
  it("answers 429 with the limit and Retry-After past apiRateLimit a minute; administrators and others are not held", async () => {
    expect((await admin.post("/api/admin/config", { apiRateLimit: 10 })).statusCode).toBe(200);
    // Another person of the same workspace has a count of their own (made before the count
    // below starts: signing up is not counted, the owner's invitation is).
    const colleague = await buildMember(t, customer, "agent");
    const chatty = await buildWorkspace(t);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await chatty.get("/api/user")).statusCode);
    // The minute may turn during the loop, starting the count over: at least 10 pass, and the
    // first refusal comes after the 10th in its minute.
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused === -1 || firstRefused >= 10).toBe(true);
    let refused = await chatty.get("/api/user");
    for (let i = 0; i < 11 && refused.statusCode !== 429; i++) refused = await chatty.get("/api/user");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(RATE_LIMITED.replace("{limit}", "10"));
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    expect((await colleague.get("/api/user")).statusCode).toBe(200);
    for (let i = 0; i < 15; i++) expect((await admin.get("/api/user")).statusCode).toBe(200);
    // Without a session (sign-in, webhooks, health) nothing is counted by this limit.
    const visitor = t.client();
    for (let i = 0; i < 12; i++) expect((await visitor.get("/api/health")).statusCode).toBe(200);

    // Raised by the administrator: it takes effect on this server at once.
    expect((await admin.post("/api/admin/config", { apiRateLimit: 1000 })).statusCode).toBe(200);
    expect((await chatty.get("/api/user")).statusCode).toBe(200);
  });
});

describe("minuteCounter", () => {
  it("counts per key within a minute and starts over when the minute turns", () => {
    let now = 60_000 * 5 + 1_000;
    const counter = minuteCounter(() => now);
    expect(counter.hit("a")).toEqual({ count: 1, resetInMs: 59_000 });
    expect(counter.hit("a").count).toBe(2);
    expect(counter.hit("b").count).toBe(1);
    now = 60_000 * 6;
    expect(counter.hit("a")).toEqual({ count: 1, resetInMs: 60_000 });
  });
});
