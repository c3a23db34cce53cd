import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_CSV_DATA, NO_NUMBERS } from "../../../common/business";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace, rows } from "../../test/factories";
import { parseCsv } from "./csv";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function contacts(c: TestClient) {
  return rows(
    t,
    sql`select name, phone_number, phone_e164, email, company, notes, lead_source from contacts where workspace_id = ${c.user!.workspace.id} order by name`,
  );
}

describe("parseCsv", () => {
  it("reads quotes, doubled quotes, commas and line breaks in quotes, CRLF and blank lines", () => {
    expect(parseCsv('\uFEFFName,Notes\r\n"Lee, Ann","said ""hi""\nthen left"\r\n\r\nBo,\n')).toEqual([
      ["Name", "Notes"],
      ["Lee, Ann", 'said "hi"\nthen left'],
      ["Bo", ""],
    ]);
  });
});

describe("POST /api/contacts/import (business features)", () => {
  it("imports the spec's columns, matched by header in any order", async () => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/contacts/import", {
      csvData:
        'Email,Name,Phone,Company,Notes\nann@example.com,Ann Lee,(555) 201-3344,"Lee, Inc",VIP\n,Bo Diaz,,,\n',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 2, errors: [] });
    expect(await contacts(c)).toEqual([
      {
        name: "Ann Lee",
        phone_number: "(555) 201-3344",
        phone_e164: "+15552013344",
        email: "ann@example.com",
        company: "Lee, Inc",
        notes: "VIP",
        lead_source: "csv_import",
      },
      {
        name: "Bo Diaz",
        phone_number: null,
        phone_e164: null,
        email: null,
        company: null,
        notes: null,
        lead_source: "csv_import",
      },
    ]);
  });

  it("reads a file without a header in the spec's order, and reports bad rows", async () => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/contacts/import", {
      csvData: "Cy Ode,5552013345,cy@example.com,Ode Ltd,\n,5550000000,,,\nDee,,not-an-email,,\n",
    });
    expect(res.json()).toEqual({
      imported: 1,
      errors: ["Row 2: Name is required", 'Row 3: "not-an-email" is not a valid email'],
    });
  });

  it.each([[{ csvData: "" }], [{ csvData: "  \n \n" }], [{}]])("refuses empty data %j", async (body) => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/contacts/import", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NO_CSV_DATA);
  });

  it("is refused on plans below pro, until an upgrade", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const refused = await c.post("/api/contacts/import", { csvData: "Name\nAnn\n" });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(
      "The Personal plan does not include CSV import and bulk calling. Upgrade to Pro, Premium or Business to use it.",
    );
    expect(await contacts(c)).toEqual([]);

    const checkout = (await c.post("/api/subscription/checkout", { planId: "pro" })).json();
    await c.post(`/api/checkout/${checkout.sessionUrl.split("/").pop()}/confirm`);
    expect((await c.post("/api/contacts/import", { csvData: "Name\nAnn\n" })).json()).toEqual({
      imported: 1,
      errors: [],
    });
  });
});

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
      "Hello, this is the AI assistant calling on behalf of Rivera & Co. I'm calling to confirm your appointment for Tuesday. Is now a good time to talk?",
    );
  });

  it("answers 202 with a job that places one outbound call per number and reports the ones that cannot be called", async () => {
    const c = await buildWorkspace(t);
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
    const headers = { "idempotency-key": "retry-key-12345" };
    const first = await bulk(c, { phoneNumbers: ["5552013360"] }, headers);
    const again = await bulk(c, { phoneNumbers: ["5552013360"] }, headers);
    expect(again.id).toBe(first.id);
    const placed = await rows(t, sql`select id from calls where workspace_id = ${c.user!.workspace.id}`);
    expect(placed).toHaveLength(1);
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
