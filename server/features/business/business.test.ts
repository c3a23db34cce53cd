import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_NUMBERS } from "../../../common/business";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { clockFrom, NORTH_AMERICAN_EVENING, recordAiVoiceConsent } from "../../test/dialing";
import { buildWorkspace, rows } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  // Inside the calling hours of every North American number (the dial gate).
  t = await createTestApp({}, { now: clockFrom(NORTH_AMERICAN_EVENING) });
});
afterAll(() => t.close());

/** Starts a bulk call and waits for its job to finish; answers the job as GET /api/jobs/:id shows it. */
async function bulk(c: TestClient, body: object, headers: Record<string, string> = {}) {
  const started = await c.post("/api/calls/bulk", body, { headers });
  expect(started.statusCode, started.body).toBe(202);
  const { jobId } = started.json() as { jobId: string };
  for (let i = 0; i < 200; i++) {
    const job = (await c.get(`/api/jobs/${jobId}`)).json();
    if (job.status === "completed" || job.status === "failed") return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the bulk-call job did not finish");
}

describe("POST /api/calls/bulk (business features)", () => {
  it("says why it calls as a person would, not the purpose pasted mid-sentence", async () => {
    const c = await buildWorkspace(t, { businessInfo: { companyName: "Rivera & Co" } });
    await recordAiVoiceConsent(c, ["+15552013350"]);
    const job = await bulk(c, {
      phoneNumbers: ["5552013350"],
      callPurpose: "Confirm your appointment for Tuesday.",
    });
    expect(job.result.results).toEqual({ successful: 1, failed: 0 });
    const [call] = await rows<{ ai_response: string }>(
      t,
      sql`select ai_response from calls where workspace_id = ${c.user!.workspace.id}`,
    );
    expect(call?.ai_response).toBe(
      "Hi, this is the automated assistant for Rivera & Co. I'm calling to confirm your appointment for Tuesday. Is now a good time to talk?",
    );
  });

  it("answers 202 with a job that places one outbound call per number and reports the ones that cannot be called", async () => {
    const c = await buildWorkspace(t);
    await recordAiVoiceConsent(c, ["+15552013344", "+15552013345"]);
    const job = await bulk(c, {
      phoneNumbers: ["  (555) 201-3344 ", "", "12", "5552013345"],
      callPurpose: "Remind you of tomorrow's delivery",
    });
    expect(job).toMatchObject({ kind: "calls.bulk", status: "completed", progress: { done: 3, total: 3 } });
    const body = job.result;
    expect(body.results).toEqual({ successful: 2, failed: 1 });
    expect(body.calls.map((call: { phoneNumber: string }) => call.phoneNumber)).toEqual([
      "(555) 201-3344",
      "12",
      "5552013345",
    ]);
    expect(body.calls[1]).toEqual({
      phoneNumber: "12",
      callId: null,
      error: "Please enter a valid phone number (at least 10 digits)",
    });
    // The run is named for the reports by its purpose (one without: "Bulk calls").
    const runs = await rows<{ bulk_run: string }>(
      t,
      sql`select distinct bulk_run from calls where workspace_id = ${c.user!.workspace.id} and dial_key is not null`,
    );
    expect(runs).toEqual([{ bulk_run: "Bulk call: Remind you of tomorrow's delivery" }]);
    const placed = await rows(
      t,
      sql`select phone_number, direction from calls where workspace_id = ${c.user!.workspace.id} order by phone_number`,
    );
    expect(placed).toEqual([
      { phone_number: "+15552013344", direction: "outbound" },
      { phone_number: "+15552013345", direction: "outbound" },
    ]);
  });

  it.each([[{ phoneNumbers: [] }], [{ phoneNumbers: [" ", ""] }], [{}]])(
    "refuses no numbers %j",
    async (body) => {
      const c = await buildWorkspace(t);
      const res = await c.post("/api/calls/bulk", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(NO_NUMBERS);
    },
  );

  it("gives a retried request (same Idempotency-Key) the same job, and dials nothing twice", async () => {
    const c = await buildWorkspace(t);
    await recordAiVoiceConsent(c, ["+15552013360"]);
    const headers = { "idempotency-key": "retry-key-12345" };
    const first = await bulk(c, { phoneNumbers: ["5552013360"] }, headers);
    const again = await bulk(c, { phoneNumbers: ["5552013360"] }, headers);
    expect(again.id).toBe(first.id);
    const placed = await rows(
      t,
      sql`select bulk_run from calls where workspace_id = ${c.user!.workspace.id}`,
    );
    expect(placed).toEqual([{ bulk_run: "Bulk calls" }]);
  });

  it("keeps a workspace's job from another: 404, and a job can be cancelled", async () => {
    const c = await buildWorkspace(t);
    const job = await bulk(c, { phoneNumbers: ["5552013370"] });
    const stranger = await buildWorkspace(t);
    expect((await stranger.get(`/api/jobs/${job.id}`)).statusCode).toBe(404);
    expect((await stranger.delete(`/api/jobs/${job.id}`)).statusCode).toBe(404);
    // A finished job stays as it was when cancelled.
    const cancelled = await c.delete(`/api/jobs/${job.id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe("completed");
    expect((await c.get(`/api/jobs/${"0".repeat(8)}-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });

  it("is refused on the personal plan", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const res = await c.post("/api/calls/bulk", { phoneNumbers: ["5552013344"] });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/^The Personal plan does not include CSV import and bulk calling/);
  });
});
