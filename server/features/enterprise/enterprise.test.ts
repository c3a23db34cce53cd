import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_NUMBERS } from "../../../common/business";
import { INVALID_EMAIL } from "../../../common/contacts";
import {
  ENQUIRIES_PER_DAY,
  ENQUIRY_SENT,
  NO_CALL_PURPOSE,
  TOO_MANY_ENQUIRIES,
} from "../../../common/enterprise";
import type { Report } from "../../../common/reports";
import { PHONE_INVALID } from "../../../common/telephony";
import { appointments, calls } from "../../db/schema";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { NORTH_AMERICAN_EVENING, recordAiVoiceConsent } from "../../test/dialing";
import { buildCall, buildMember, buildWorkspace, type SignedInClient } from "../../test/factories";
import { setWorkspace } from "../../test/telephony";

/**
 * The server's clock: stopped, so the analytics' ranges have exact edges, at an hour inside the
 * calling hours of every North American number the calls below dial (the dial gate).
 */
const NOW = NORTH_AMERICAN_EVENING;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
/** The first person on a fresh database is the platform administrator (users.role = admin). */
let platformAdmin: SignedInClient;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  platformAdmin = await buildWorkspace(t, { username: "platform_admin" });
});
afterAll(() => t.close());

const enquiry = {
  name: "Morgan Lee",
  email: "Morgan.Lee@Example.com",
  company: "Northwind Call Centers",
  phoneNumber: "(555) 201-4000",
  planId: "enterprise_pro",
  expectedConcurrentCalls: 350,
  message: "We run three call centers and want to move them over in the spring.",
};

describe("contact sales (POST /api/enterprise/enquiries)", () => {
  it("stores the enquiry for the workspace and the person, and says what happens next", async () => {
    const owner = await buildWorkspace(t);
    const res = await owner.post("/api/enterprise/enquiries", enquiry);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: ENQUIRY_SENT,
      enquiry: {
        ...enquiry,
        email: "morgan.lee@example.com",
        planName: "Pro",
        workspaceId: owner.user.workspace.id,
        userId: owner.user.id,
      },
    });
  });

  it("takes the optional fields empty", async () => {
    const owner = await buildWorkspace(t);
    const res = await owner.post("/api/enterprise/enquiries", {
      ...enquiry,
      phoneNumber: "",
      expectedConcurrentCalls: null,
      message: "  ",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().enquiry).toMatchObject({
      phoneNumber: null,
      expectedConcurrentCalls: null,
      message: null,
    });
  });

  it.each([
    ["name", "  ", "Please enter your name"],
    ["email", "morgan at example", INVALID_EMAIL],
    ["company", "", "Please enter your company name"],
    ["phoneNumber", "555-12", PHONE_INVALID],
    ["planId", "enterprise_mega", "Please choose one of the enterprise plans"],
    ["expectedConcurrentCalls", 0, "Expected concurrent calls must be at least 1"],
    ["message", "x".repeat(2001), "Message must be at most 2000 characters"],
  ])("refuses a bad %s with a message a person can act on", async (field, value, message) => {
    const owner = await buildWorkspace(t);
    const res = await owner.post("/api/enterprise/enquiries", { ...enquiry, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });

  it(`takes ${ENQUIRIES_PER_DAY} a day from one person, then answers 429`, async () => {
    const owner = await buildWorkspace(t);
    for (let i = 0; i < ENQUIRIES_PER_DAY; i++)
      expect((await owner.post("/api/enterprise/enquiries", enquiry)).statusCode).toBe(201);
    const refused = await owner.post("/api/enterprise/enquiries", enquiry);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_ENQUIRIES);
    // Another person of the same workspace still can.
    const agent = await buildMember(t, owner, "agent");
    expect((await agent.post("/api/enterprise/enquiries", enquiry)).statusCode).toBe(201);
  });
});

describe("the administrator's list (GET /api/admin/enterprise-enquiries)", () => {
  it("lists every workspace's enquiries, newest first, to the platform administrator only", async () => {
    const first = await buildWorkspace(t);
    const second = await buildWorkspace(t);
    await first.post("/api/enterprise/enquiries", { ...enquiry, company: "First Co" });
    await second.post("/api/enterprise/enquiries", {
      ...enquiry,
      company: "Second Co",
      planId: "enterprise_ultimate",
    });

    const list = await platformAdmin.get("/api/admin/enterprise-enquiries?limit=100");
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    const companies = body.enquiries.map((e: { company: string }) => e.company);
    expect(companies).toContain("First Co");
    expect(companies).toContain("Second Co");
    expect(body.enquiries.find((e: { company: string }) => e.company === "Second Co")).toMatchObject({
      planName: "Ultimate",
      workspaceId: second.user.workspace.id,
    });
    expect(body.total).toBeGreaterThanOrEqual(2);
    const times = body.enquiries.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    // A workspace owner who is not a platform administrator is refused, and so is signed out.
    const refused = await first.get("/api/admin/enterprise-enquiries");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only administrators can do that");
    expect((await t.client().get("/api/admin/enterprise-enquiries")).statusCode).toBe(401);
  });

  it("pages the list and refuses a bad page", async () => {
    const page = await platformAdmin.get("/api/admin/enterprise-enquiries?limit=1&page=2");
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ page: 2, limit: 1 });
    expect(page.json().enquiries.length).toBeLessThanOrEqual(1);
    const bad = await platformAdmin.get("/api/admin/enterprise-enquiries?page=0");
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("page starts at 1");
  });

  it("moves an enquiry from new to contacted to won, filters by status, and audits each move", async () => {
    const owner = await buildWorkspace(t);
    const sent = await owner.post("/api/enterprise/enquiries", { ...enquiry, company: "Status Co" });
    const id = sent.json().enquiry.id as string;
    expect(sent.json().enquiry).toMatchObject({ status: "new", statusChangedAt: null });

    for (const status of ["contacted", "won"] as const) {
      const moved = await platformAdmin.patch(`/api/admin/enterprise-enquiries/${id}`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ id, company: "Status Co", status });
      expect(moved.json().statusChangedAt).toBe(NOW.toISOString());
    }
    const won = await platformAdmin.get("/api/admin/enterprise-enquiries?status=won&limit=100");
    expect(won.json().enquiries.map((e: { company: string }) => e.company)).toContain("Status Co");
    expect(won.json().enquiries.every((e: { status: string }) => e.status === "won")).toBe(true);
    const fresh = await platformAdmin.get("/api/admin/enterprise-enquiries?status=new&limit=100");
    expect(fresh.json().enquiries.map((e: { company: string }) => e.company)).not.toContain("Status Co");

    const audit = await platformAdmin.get("/api/admin/audit-log?action=enterprise-enquiry.status");
    const moves = audit
      .json()
      .entries.filter((entry: { targetId: string }) => entry.targetId === id)
      .map((entry: { details: { status: string } }) => entry.details.status);
    expect(moves.sort()).toEqual(["contacted", "won"]);
  });

  it("refuses an unknown status, an unknown enquiry, and anyone but the platform administrator", async () => {
    const owner = await buildWorkspace(t);
    const id = (await owner.post("/api/enterprise/enquiries", enquiry)).json().enquiry.id as string;
    const bad = await platformAdmin.patch(`/api/admin/enterprise-enquiries/${id}`, { status: "maybe" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("status must be new, contacted, won or lost");
    const unknown = await platformAdmin.patch(
      "/api/admin/enterprise-enquiries/00000000-0000-4000-8000-000000000000",
      { status: "lost" },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("That enquiry does not exist");
    const refused = await owner.patch(`/api/admin/enterprise-enquiries/${id}`, { status: "won" });
    expect(refused.statusCode).toBe(403);
    expect(
      (await t.client().patch(`/api/admin/enterprise-enquiries/${id}`, { status: "won" })).statusCode,
    ).toBe(401);
  });
});

describe("enterprise plans bought and set like every plan", () => {
  it("buys Enterprise Pro through the checkout: the workspace is on it, with its concurrent calls", async () => {
    const owner = await buildWorkspace(t);
    const started = await owner.post("/api/subscription/checkout", { planId: "enterprise_pro" });
    expect(started.statusCode, started.body).toBe(200);
    const sessionId = String(started.json().sessionUrl).split("/").pop();
    const session = await owner.get(`/api/checkout/${sessionId}`);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({
      planId: "enterprise_pro",
      planName: "Enterprise Pro",
      amountCents: 80000,
    });
    const confirmed = await owner.post(`/api/checkout/${sessionId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toContain("Enterprise Pro");
    const subscription = (await owner.get("/api/subscription")).json();
    expect(subscription.subscription).toMatchObject({
      planType: "enterprise_pro",
      planName: "Enterprise Pro",
    });
  });

  it("lets the platform administrator put a workspace on an enterprise plan, audited, and back", async () => {
    const owner = await buildWorkspace(t);
    const set = await platformAdmin.put(`/api/admin/users/${owner.user.id}/plan`, {
      planId: "enterprise_scale",
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().message).toBe(`${owner.user.username} is on the Enterprise Scale plan now`);
    expect(set.json().user.planType).toBe("enterprise_scale");
    const mine = (await owner.get("/api/subscription")).json();
    expect(mine.subscription).toMatchObject({
      planType: "enterprise_scale",
      status: "active",
      currentPeriodEnd: null,
      provider: null,
    });

    const back = await platformAdmin.put(`/api/admin/users/${owner.user.id}/plan`, { planId: "pro" });
    expect(back.statusCode, back.body).toBe(200);
    const audit = (await platformAdmin.get("/api/admin/audit-log?action=workspace.plan-changed")).json();
    const changes = audit.entries
      .filter((entry: { targetId: string }) => entry.targetId === owner.user.id)
      .map((entry: { details: { from: string; to: string } }) => `${entry.details.from}>${entry.details.to}`);
    expect(changes.sort()).toEqual(["business>enterprise_scale", "enterprise_scale>pro"]);
  });

  it("refuses an unknown plan, an unknown person, and anyone but the platform administrator", async () => {
    const owner = await buildWorkspace(t);
    const unknown = await platformAdmin.put(`/api/admin/users/${owner.user.id}/plan`, { planId: "platinum" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("That plan does not exist");
    const empty = await platformAdmin.put(`/api/admin/users/${owner.user.id}/plan`, { planId: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain("Choose a plan");
    const nobody = await platformAdmin.put("/api/admin/users/00000000-0000-4000-8000-000000000000/plan", {
      planId: "pro",
    });
    expect(nobody.statusCode).toBe(404);
    const refused = await owner.put(`/api/admin/users/${owner.user.id}/plan`, {
      planId: "enterprise_ultimate",
    });
    expect(refused.statusCode).toBe(403);
    expect((await owner.get("/api/subscription")).json().subscription.planType).not.toBe(
      "enterprise_ultimate",
    );
  });
});

describe("Live Calls (GET /api/enterprise/call-stats)", () => {
  it("lists the workspace's calls in progress, not ended ones nor another workspace's", async () => {
    const owner = await buildWorkspace(t);
    const other = await buildWorkspace(t);
    const live = await buildCall(owner, { phoneNumber: "+15552014001", live: true });
    await buildCall(owner, { phoneNumber: "+15552014002" });
    await buildCall(other, { phoneNumber: "+15552014003", live: true });
    const agent = await buildMember(t, owner, "agent");

    const res = await agent.get("/api/enterprise/call-stats");
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json();
    expect(stats.realTime.activeCalls).toBe(1);
    expect(stats.realTime.timestamp).toBe(NOW.toISOString());
    expect(stats.realTime.callDetails).toEqual([
      expect.objectContaining({ id: live.id, phoneNumber: "+15552014001", status: "in_progress" }),
    ]);
    expect(stats.campaign).toMatchObject({ totalLeads: 0, contactedLeads: 0, conversionRate: 0 });

    // Ended, it leaves the list at the next poll.
    await owner.patch(`/api/calls/${live.id}`, { isActive: false });
    const after = (await agent.get("/api/enterprise/call-stats")).json();
    expect(after.realTime).toMatchObject({ activeCalls: 0, callDetails: [] });
  });

  it("averages the length of the month's ended calls", async () => {
    const owner = await buildWorkspace(t);
    const workspaceId = owner.user.workspace.id;
    await insertCalls(workspaceId, [
      { startTime: new Date(NOW.getTime() - 2 * DAY), duration: 60 },
      { startTime: new Date(NOW.getTime() - 3 * DAY), duration: 181 },
      // Older than 30 days: left out.
      { startTime: new Date(NOW.getTime() - 40 * DAY), duration: 900 },
    ]);
    const stats = (await owner.get("/api/enterprise/call-stats")).json();
    expect(stats.campaign.averageCallDuration).toBe(121);
  });
});

/** Stored calls as a carrier would have left them: ended, real (not test), with these fields. */
async function insertCalls(workspaceId: string, rows: Partial<typeof calls.$inferInsert>[]) {
  await t.database.db.insert(calls).values(
    rows.map((row, index) => ({
      workspaceId,
      phoneNumber: `+1555201${String(5000 + index)}`,
      status: "completed",
      isActive: false,
      actionTaken: "Took a message",
      classification: "legitimate",
      callType: "simulator",
      duration: 30,
      ...row,
    })),
  );
}

describe("Analytics (GET /api/enterprise/analytics)", () => {
  let owner: SignedInClient;
  beforeAll(async () => {
    owner = await buildWorkspace(t);
    const id = owner.user.workspace.id;
    const ago = (ms: number) => new Date(NOW.getTime() - ms);
    await insertCalls(id, [
      // In the last 24 hours: a sale handled, a support call transferred, spam blocked, and one
      // that ended before the caller spoke (not a success).
      { startTime: ago(1 * HOUR), classification: "sales", actionTaken: "Booked a demo" },
      { startTime: ago(2 * HOUR), classification: "support", transferredAt: ago(2 * HOUR) },
      { startTime: ago(3 * HOUR), classification: "spam", status: "blocked", actionTaken: "Blocked spam" },
      { startTime: ago(4 * HOUR), classification: null, actionTaken: "Ended before the caller spoke" },
      // Earlier this week: an important call needing a follow-up, and a missed one.
      { startTime: ago(3 * DAY), classification: "important", followUpRequired: true },
      { startTime: ago(4 * DAY), classification: "appointment", status: "missed", actionTaken: "" },
      // Earlier this month.
      { startTime: ago(20 * DAY), classification: "sales" },
      // Outside every range, a live call, and a test call: never counted.
      { startTime: ago(45 * DAY), classification: "sales" },
      { startTime: ago(1 * HOUR), isActive: true, status: "in_progress" },
      { startTime: ago(1 * HOUR), isTest: true },
    ]);
    await t.database.db.insert(appointments).values([
      {
        workspaceId: id,
        title: "Demo",
        startTime: new Date(NOW.getTime() + 10 * DAY),
        endTime: new Date(NOW.getTime() + 10 * DAY + HOUR),
        createdAt: ago(5 * HOUR),
      },
      {
        workspaceId: id,
        title: "Cancelled demo",
        status: "cancelled",
        startTime: new Date(NOW.getTime() + 11 * DAY),
        endTime: new Date(NOW.getTime() + 11 * DAY + HOUR),
        createdAt: ago(5 * HOUR),
      },
      {
        workspaceId: id,
        title: "Last week's",
        startTime: new Date(NOW.getTime() + 12 * DAY),
        endTime: new Date(NOW.getTime() + 12 * DAY + HOUR),
        createdAt: ago(6 * DAY),
      },
    ]);
  });

  it("counts the last 24 hours (the default)", async () => {
    const res = await owner.get("/api/enterprise/analytics");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      timeRange: "24h",
      totalCalls: 4,
      successfulCalls: 3,
      successRate: 75,
      conversionMetrics: { leadsGenerated: 1, appointmentsScheduled: 1, callsTransferred: 1 },
      callsByClassification: {
        spam: 1,
        sales: 1,
        appointment: 0,
        support: 1,
        important: 0,
        legitimate: 0,
        unclassified: 1,
      },
    });
  });

  it("counts 7 and 30 days", async () => {
    const week = (await owner.get("/api/enterprise/analytics?timeRange=7d")).json();
    expect(week).toMatchObject({
      timeRange: "7d",
      totalCalls: 6,
      successfulCalls: 4,
      successRate: 66.7,
      conversionMetrics: { leadsGenerated: 2, appointmentsScheduled: 2, callsTransferred: 1 },
    });
    expect(week.callsByClassification).toMatchObject({ important: 1, appointment: 1 });
    const month = (await owner.get("/api/enterprise/analytics?timeRange=30d")).json();
    expect(month).toMatchObject({
      totalCalls: 7,
      successfulCalls: 5,
      conversionMetrics: { leadsGenerated: 3 },
    });
    expect(month.callsByClassification.sales).toBe(2);
  });

  it("answers zeros for a workspace with no calls, and refuses an unknown range", async () => {
    const empty = await buildWorkspace(t);
    const res = (await empty.get("/api/enterprise/analytics?timeRange=30d")).json();
    expect(res).toMatchObject({ totalCalls: 0, successfulCalls: 0, successRate: 0 });
    const bad = await empty.get("/api/enterprise/analytics?timeRange=1y");
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("timeRange must be 24h, 7d or 30d");
  });
});

/** Starts an enterprise bulk call and waits for its job (GET /api/jobs/:id). */
async function bulk(c: TestClient, body: object) {
  const started = await c.post("/api/enterprise/bulk-call", body);
  expect(started.statusCode, started.body).toBe(202);
  const { jobId } = started.json() as { jobId: string };
  for (let i = 0; i < 400; i++) {
    const job = (await c.get(`/api/jobs/${jobId}`)).json();
    if (job.status === "completed" || job.status === "failed") return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the bulk-call job did not finish");
}

describe("Call Controls' bulk call (POST /api/enterprise/bulk-call)", () => {
  it("dials each number with the purpose through the calls.bulk job; the result counts results.successful", async () => {
    const owner = await buildWorkspace(t, { businessInfo: { companyName: "Northwind" } });
    await recordAiVoiceConsent(owner, ["+15552014101", "+15552014102"]);
    const job = await bulk(owner, {
      phoneNumbers: ["5552014101", "5552014102", "12"],
      callPurpose: "Confirm your installation window",
    });
    expect(job).toMatchObject({ kind: "calls.bulk", status: "completed" });
    expect(job.result.results).toEqual({ successful: 2, failed: 1 });
    const placed = (await owner.get("/api/calls?search=55520141&limit=10")).json().calls;
    expect(placed).toHaveLength(2);
    expect(placed[0].aiResponse).toContain("confirm your installation window");
    // The reports count the run as a campaign of its own, by its purpose, apart from other calls.
    await buildCall(owner, { phoneNumber: "+15552014109" });
    // A call's row is dated by the database's clock (the wall clock), not the test's.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = (await owner.get(`/api/reports?from=${day(-1)}&to=${day(1)}`)).json() as Report;
    const run = report.campaigns.find((row) => row.bulkRun === "Bulk call: Confirm your installation window");
    expect(run).toMatchObject({ campaignId: null, calls: 2, dials: 2, inbound: 0 });
    expect(report.campaigns.find((row) => row.campaignId === null && row.bulkRun === null)).toMatchObject({
      name: "Other calls (outside campaigns)",
      calls: 1,
    });
    expect(report.totals.calls).toBe(3);
  });

  it("needs a purpose and numbers", async () => {
    const owner = await buildWorkspace(t);
    const noPurpose = await owner.post("/api/enterprise/bulk-call", { phoneNumbers: ["5552014103"] });
    expect(noPurpose.statusCode).toBe(400);
    expect(noPurpose.body).toContain(NO_CALL_PURPOSE);
    const blank = await owner.post("/api/enterprise/bulk-call", {
      phoneNumbers: ["5552014103"],
      callPurpose: " ",
    });
    expect(blank.body).toContain(NO_CALL_PURPOSE);
    const none = await owner.post("/api/enterprise/bulk-call", { phoneNumbers: [" "], callPurpose: "Hello" });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(NO_NUMBERS);
  });

  it("is behind the business-features plan gate", async () => {
    const personal = await buildWorkspace(t, { planType: "personal" });
    const res = await personal.post("/api/enterprise/bulk-call", {
      phoneNumbers: ["5552014104"],
      callPurpose: "Hello",
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/^The Personal plan does not include CSV import and bulk calling/);
  });
});

describe("the enterprise plans' concurrent calls", () => {
  it("refuses the call over an Enterprise Starter plan's 100 lines with the plan's message", async () => {
    // The platform's own ceiling (100 calls across every workspace by default) is raised, so the
    // plan's limit is the one this workspace meets.
    const raised = await platformAdmin.post("/api/admin/config", { maxConcurrentCalls: 1000 });
    expect(raised.statusCode, raised.body).toBe(200);
    const owner = await buildWorkspace(t);
    const workspaceId = owner.user.workspace.id;
    await setWorkspace(t, workspaceId, { planType: "enterprise_starter" });
    await recordAiVoiceConsent(owner, ["+16465550100", "+16465550101"]);
    await insertCalls(
      workspaceId,
      Array.from({ length: 99 }, () => ({ isActive: true, status: "in_progress", startTime: NOW })),
    );
    // The 100th line is free.
    const hundredth = await owner.post("/api/voice/outbound", { phoneNumber: "+16465550100" });
    expect(hundredth.statusCode, hundredth.body).toBe(200);
    const refused = await owner.post("/api/voice/outbound", { phoneNumber: "+16465550101" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "Your Enterprise Starter plan allows 100 calls at the same time, and all are in use. End a call or upgrade your plan to take more.",
    );
  });
});

describe("Campaigns (POST /api/enterprise/start-campaign)", () => {
  async function contact(c: TestClient, name: string, phoneNumber?: string) {
    const res = await c.post("/api/contacts", { name, ...(phoneNumber ? { phoneNumber } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  it("makes the chosen contacts a started dialer campaign's leads, and counts them in the figures", async () => {
    const owner = await buildWorkspace(t);
    const ids = [
      await contact(owner, "Avery Quinn", "+12125550141"),
      await contact(owner, "Blake Morgan", "+12125550142"),
      await contact(owner, "No Phone"),
    ];
    const res = await owner.post("/api/enterprise/start-campaign", {
      campaignType: "follow_up",
      contactIds: ids,
    });
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json();
    expect(started).toMatchObject({ status: "active", leadsAdded: 2 });
    expect(started.name).toMatch(/^Follow-up /);
    expect(started.skipped).toEqual([expect.objectContaining({ contactId: ids[2] })]);

    // It is an Autodialer campaign like any other.
    const campaigns = (await owner.get("/api/autodialer/campaigns")).json();
    const listed = (Array.isArray(campaigns) ? campaigns : campaigns.campaigns) as {
      id: string;
      status: string;
    }[];
    expect(listed.find((campaign) => campaign.id === started.campaignId)).toMatchObject({ status: "active" });
    const stats = (await owner.get("/api/enterprise/call-stats")).json();
    expect(stats.campaign).toMatchObject({ totalLeads: 2 });
  });

  it("refuses no contacts, an unknown type, and another workspace's contacts", async () => {
    const owner = await buildWorkspace(t);
    const none = await owner.post("/api/enterprise/start-campaign", {
      campaignType: "cold_outreach",
      contactIds: [],
    });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain("Choose at least one contact for the campaign");
    const type = await owner.post("/api/enterprise/start-campaign", {
      campaignType: "webinar",
      contactIds: [await contact(owner, "Casey", "+12125550143")],
    });
    expect(type.statusCode).toBe(400);
    expect(type.body).toContain("campaignType must be cold_outreach or follow_up");

    const other = await buildWorkspace(t);
    const foreign = await contact(other, "Not yours", "+12125550144");
    const res = await owner.post("/api/enterprise/start-campaign", {
      campaignType: "cold_outreach",
      contactIds: [foreign],
    });
    expect(res.statusCode).toBe(400);
    // No campaign is left behind.
    const campaigns = (await owner.get("/api/autodialer/campaigns")).json();
    const listed = Array.isArray(campaigns) ? campaigns : campaigns.campaigns;
    expect(listed).toEqual([]);
  });

  it("is a supervisor's: an agent is refused", async () => {
    const owner = await buildWorkspace(t);
    const agent = await buildMember(t, owner, "agent");
    const res = await agent.post("/api/enterprise/start-campaign", {
      campaignType: "cold_outreach",
      contactIds: [await contact(owner, "Dana", "+12125550145")],
    });
    expect(res.statusCode).toBe(403);
  });
});
