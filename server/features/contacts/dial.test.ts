import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Contact, NO_PHONE_NUMBER, ON_DO_NOT_CALL, type PhoneLog } from "../../../common/contacts";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { clockFrom, NORTH_AMERICAN_EVENING, recordAiVoiceConsent } from "../../test/dialing";
import { buildMember, buildWorkspace, rows } from "../../test/factories";

/**
 * POST /api/contacts/:id/dial through the built-in carrier, its refusals, the
 * phone logs it writes; and bulk calls refusing do-not-call numbers one by one. The clock is in
 * every North American zone's calling hours, and the numbers the assistant calls have consent to
 * AI-voice calls on file (the dial gate's other checks: server/features/telephony/dial-gate.test.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: clockFrom(NORTH_AMERICAN_EVENING) });
});
afterAll(() => t.close());

const MISSING = "00000000-0000-4000-8000-000000000000";

async function add(c: TestClient, fields: Record<string, unknown>): Promise<Contact> {
  const res = await c.post("/api/contacts", fields);
  if (res.statusCode !== 201) throw new Error(`adding failed: ${res.statusCode} ${res.body}`);
  return res.json() as Contact;
}

const outboundCalls = (c: TestClient & { user?: { workspace: { id: string } } }) =>
  rows<{ id: string; phone_number: string; direction: string }>(
    t,
    sql`select id, phone_number, direction from calls where workspace_id = ${c.user?.workspace.id ?? ""} and direction = 'outbound'`,
  );

describe("dialling a contact", () => {
  it("places an outbound call, counts it on the contact and writes a phone log", async () => {
    const c = await buildWorkspace(t);
    await recordAiVoiceConsent(c, ["+15553012200"]);
    const contact = await add(c, { name: "Dana Whitfield", phoneNumber: "(555) 301-2200" });
    const res = await c.post(`/api/contacts/${contact.id}/dial`, { agentId: "1", purpose: "sales" });
    expect(res.statusCode, res.body).toBe(200);
    const { message, callId } = res.json() as { message: string; callId: string };
    expect(message).toBe("Calling Dana Whitfield at (555) 301-2200");
    expect(await outboundCalls(c)).toEqual([
      { id: callId, phone_number: "+15553012200", direction: "outbound" },
    ]);

    const after = (await c.get(`/api/contacts/${contact.id}`)).json() as Contact;
    expect(after.callCount).toBe(1);
    expect(after.lastCalled).not.toBeNull();
    expect(after.lastContactAttempt).toBe(after.lastCalled);
    expect((await c.get("/api/contacts/stats")).json().contactedToday).toBe(1);

    const logs = (await c.get(`/api/contacts/${contact.id}/phone-logs`)).json() as PhoneLog[];
    expect(logs).toEqual([
      {
        id: expect.any(String),
        contactId: contact.id,
        callId,
        phoneNumber: "+15553012200",
        direction: "outbound",
        duration: 0,
        timestamp: after.lastCalled,
        callType: "dial",
        notes: "Purpose: sales",
      },
    ]);
  });

  it("takes no body: agent 1 and purpose sales by default; an agent may dial", async () => {
    const owner = await buildWorkspace(t);
    const agent = await buildMember(t, owner, "agent");
    await recordAiVoiceConsent(owner, ["+15553012201"]);
    const contact = await add(owner, { name: "Lee", phoneNumber: "5553012201" });
    const res = await agent.post(`/api/contacts/${contact.id}/dial`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await agent.post(`/api/contacts/${contact.id}/dial`, {})).statusCode).toBe(200);
    const logs = (await agent.get(`/api/contacts/${contact.id}/phone-logs`)).json() as PhoneLog[];
    expect(logs.map((log) => log.notes)).toEqual(["Purpose: sales", "Purpose: sales"]);
  });

  it("refuses a contact with no phone number: 400 No phone number available", async () => {
    const c = await buildWorkspace(t);
    const contact = await add(c, { name: "No phone", email: "np@example.com" });
    const res = await c.post(`/api/contacts/${contact.id}/dial`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NO_PHONE_NUMBER);
    expect(await outboundCalls(c)).toEqual([]);
  });

  it("refuses a number that cannot be dialled with 400 naming it", async () => {
    const c = await buildWorkspace(t);
    // Forms and imports refuse such a number now; one saved before they checked can still be there.
    expect((await c.post("/api/contacts", { name: "Short", phoneNumber: "555-1234" })).statusCode).toBe(400);
    const contact = await add(c, { name: "Short", phoneNumber: "+12125550100" });
    await t.database.db.execute(
      sql`update contacts set phone_number = '555-1234', phone_e164 = null where id = ${contact.id}::uuid`,
    );
    const res = await c.post(`/api/contacts/${contact.id}/dial`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please enter a valid phone number: 555-1234 cannot be dialled");
  });

  it("refuses a do-not-call contact with 409, placing no call and counting nothing", async () => {
    const c = await buildWorkspace(t);
    const contact = await add(c, { name: "Quiet", phoneNumber: "5553012210", doNotCall: true });
    const res = await c.post(`/api/contacts/${contact.id}/dial`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ON_DO_NOT_CALL);
    expect(await outboundCalls(c)).toEqual([]);
    expect((await c.get(`/api/contacts/${contact.id}`)).json().callCount).toBe(0);
    expect((await c.get(`/api/contacts/${contact.id}/phone-logs`)).json()).toEqual([]);
  });

  it("checks the list at the moment of dialling: a number listed after the contact was saved is refused", async () => {
    const c = await buildWorkspace(t);
    const contact = await add(c, { name: "Listed later", phoneNumber: "555 301 2211" });
    const other = await add(c, { name: "Same number, flagged", phoneNumber: "5553012212" });
    const twin = await add(c, { name: "Twin", phoneNumber: "+15553012212" });
    await c.post("/api/do-not-call", { phoneNumber: "+1 (555) 301-2211" });
    expect((await c.post(`/api/contacts/${contact.id}/dial`, {})).statusCode).toBe(409);
    // Another contact with the number marked do-not-call refuses it too.
    await c.patch(`/api/contacts/${other.id}`, { doNotCall: true });
    await t.database.db.execute(sql`delete from do_not_call_numbers where phone_e164 = '+15553012212'`);
    const res = await c.post(`/api/contacts/${twin.id}/dial`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ON_DO_NOT_CALL);
    expect(await outboundCalls(c)).toEqual([]);
  });

  it("answers 404 for another workspace's contact or a missing one, 400 for a bad id or body", async () => {
    const owner = await buildWorkspace(t);
    const intruder = await buildWorkspace(t);
    const contact = await add(owner, { name: "Private", phoneNumber: "5553012220" });
    expect((await intruder.post(`/api/contacts/${contact.id}/dial`, {})).statusCode).toBe(404);
    expect((await intruder.post(`/api/contacts/${MISSING}/dial`, {})).statusCode).toBe(404);
    expect((await intruder.post("/api/contacts/123/dial", {})).statusCode).toBe(400);
    const long = await owner.post(`/api/contacts/${contact.id}/dial`, { purpose: "x".repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("The purpose must be at most 300 characters");
    expect(await outboundCalls(intruder)).toEqual([]);
    expect(await outboundCalls(owner)).toEqual([]);
  });
});

/** Starts a bulk call and waits for its job; answers the job's result. */
async function bulk(c: TestClient, phoneNumbers: string[]) {
  const started = await c.post("/api/calls/bulk", { phoneNumbers, callPurpose: "A reminder" });
  expect(started.statusCode, started.body).toBe(202);
  const { jobId } = started.json() as { jobId: string };
  for (let i = 0; i < 400; i++) {
    const job = (await c.get(`/api/jobs/${jobId}`)).json();
    if (job.status === "completed" || job.status === "failed") return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the bulk-call job did not finish");
}

describe("bulk calls and the do-not-call list", () => {
  it("refuses each listed number (or a flagged contact's) with ON_DO_NOT_CALL and dials the rest", async () => {
    const c = await buildWorkspace(t);
    await recordAiVoiceConsent(c, ["+15553012232"]);
    await c.post("/api/do-not-call", { phoneNumber: "5553012230" });
    await add(c, { name: "Flagged", phoneNumber: "5553012231", doNotCall: true });
    const job = await bulk(c, ["(555) 301-2230", "5553012231", "5553012232"]);
    expect(job.status).toBe("completed");
    expect(job.result.results).toEqual({ successful: 1, failed: 2 });
    expect(job.result.calls).toEqual([
      { phoneNumber: "(555) 301-2230", callId: null, error: ON_DO_NOT_CALL },
      { phoneNumber: "5553012231", callId: null, error: ON_DO_NOT_CALL },
      { phoneNumber: "5553012232", callId: expect.any(String), error: null },
    ]);
    expect((await outboundCalls(c)).map((call) => call.phone_number)).toEqual(["+15553012232"]);
  });
});

describe("every outbound path asks the list as it dials", () => {
  it("/real-voice-calls refuses a listed number with 409 and places no call; other numbers go", async () => {
    const c = await buildWorkspace(t);
    await recordAiVoiceConsent(c, ["+15553012241"]);
    expect((await c.post("/api/do-not-call", { phoneNumber: "(555) 301-2240" })).statusCode).toBe(201);
    const refused = await c.post("/api/voice/outbound", { phoneNumber: "5553012240" });
    expect(refused.statusCode, refused.body).toBe(409);
    expect((refused.json() as { message: string }).message).toBe(ON_DO_NOT_CALL);
    expect(await outboundCalls(c)).toEqual([]);
    const placed = await c.post("/api/voice/outbound", { phoneNumber: "5553012241" });
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await outboundCalls(c)).map((call) => call.phone_number)).toEqual(["+15553012241"]);
  });
});
