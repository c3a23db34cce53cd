import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SUPPORT_REQUESTS_PER_DAY,
  SUPPORT_SENT_PRIORITY,
  SUPPORT_SENT_STANDARD,
  TOO_MANY_SUPPORT_REQUESTS,
} from "../../../common/support";
import { createTestApp, type TestApp } from "../../test/app";
import { buildWorkspace, type SignedInClient } from "../../test/factories";

let t: TestApp;
/** The first person on a fresh database is the platform administrator (users.role = admin). */
let platformAdmin: SignedInClient;
beforeAll(async () => {
  t = await createTestApp();
  platformAdmin = await buildWorkspace(t, { username: "support_admin" });
});
afterAll(() => t.close());

/** The account emails written to the outbox to `to` (the server sends no email here). */
async function mailsTo(to: string) {
  const dir = path.join(t.config.dataDir, "outbox", "accounts");
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    names.map(async (name) => simpleParser(await readFile(path.join(dir, name)))),
  );
  return mails.filter((mail) => mail.to && JSON.stringify(mail.to).includes(to));
}

describe("writing to support (Help)", () => {
  it("stores the request with the plan's priority and lists it to its writer only", async () => {
    const personal = await buildWorkspace(t, { planType: "personal" });
    const business = await buildWorkspace(t);
    const standard = await personal.post("/api/support/requests", {
      subject: "  Calls are not screened  ",
      message: "Since Monday my calls ring through without the assistant.",
    });
    expect(standard.statusCode, standard.body).toBe(201);
    expect(standard.json()).toMatchObject({
      message: SUPPORT_SENT_STANDARD,
      request: {
        subject: "Calls are not screened",
        priority: "standard",
        planName: "Personal",
        status: "open",
      },
    });
    const priority = await business.post("/api/support/requests", {
      subject: "Bulk calling",
      message: "How do I pause a bulk call?",
    });
    expect(priority.json()).toMatchObject({
      message: SUPPORT_SENT_PRIORITY,
      request: { priority: "priority" },
    });

    const mine = (await personal.get("/api/support/requests")).json();
    expect(mine.requests.map((r: { subject: string }) => r.subject)).toEqual(["Calls are not screened"]);
    expect(mine.total).toBe(1);
    // A teammate in the same workspace does not read the writer's requests.
    const theirs = (await business.get("/api/support/requests")).json();
    expect(theirs.requests.map((r: { subject: string }) => r.subject)).toEqual(["Bulk calling"]);
  });

  it("refuses an empty subject or message, and more than the day's requests", async () => {
    const owner = await buildWorkspace(t, { planType: "personal" });
    const empty = await owner.post("/api/support/requests", { subject: " ", message: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Please enter a subject|Please describe what you need/);
    for (let sent = 0; sent < SUPPORT_REQUESTS_PER_DAY; sent++)
      expect(
        (await owner.post("/api/support/requests", { subject: `Ask ${sent}`, message: "Hi" })).statusCode,
      ).toBe(201);
    const over = await owner.post("/api/support/requests", { subject: "One more", message: "Hi" });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(TOO_MANY_SUPPORT_REQUESTS);
    expect((await t.client().post("/api/support/requests", { subject: "x", message: "y" })).statusCode).toBe(
      401,
    );
  });
});

describe("the administrator's queue", () => {
  it("lists priority requests first, then the oldest; a reply is emailed, kept and audited", async () => {
    const personal = await buildWorkspace(t, { planType: "personal" });
    const business = await buildWorkspace(t);
    await personal.post("/api/support/requests", {
      subject: "Older standard ask",
      message: "Line one\nLine two",
    });
    await business.post("/api/support/requests", { subject: "Newer priority ask", message: "Please help" });

    const queue = await platformAdmin.get("/api/admin/support-requests?limit=100");
    expect(queue.statusCode, queue.body).toBe(200);
    const subjects = queue.json().requests.map((r: { subject: string }) => r.subject);
    expect(subjects.indexOf("Newer priority ask")).toBeLessThan(subjects.indexOf("Older standard ask"));
    const priorities = queue.json().requests.map((r: { priority: string }) => r.priority);
    expect(priorities.slice(priorities.indexOf("standard"))).not.toContain("priority");

    const ask = queue.json().requests.find((r: { subject: string }) => r.subject === "Older standard ask");
    const answered = await platformAdmin.post(`/api/admin/support-requests/${ask.id}/reply`, {
      message: "Screening was off in Settings; it is on again.",
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      status: "answered",
      reply: "Screening was off in Settings; it is on again.",
    });

    // The writer reads the reply under Help, and has it by email with their question quoted.
    const mine = (await personal.get("/api/support/requests")).json().requests[0];
    expect(mine).toMatchObject({
      status: "answered",
      reply: "Screening was off in Settings; it is on again.",
    });
    const mails = await mailsTo(personal.user.email);
    const mail = mails.find((m) => m.subject === "Re: Older standard ask");
    expect(mail?.text).toContain("Screening was off in Settings; it is on again.");
    expect(mail?.text).toContain("> Line two");

    // Answered requests leave the open queue and show under answered.
    const open = (await platformAdmin.get("/api/admin/support-requests?limit=100")).json();
    expect(open.requests.map((r: { id: string }) => r.id)).not.toContain(ask.id);
    const done = (await platformAdmin.get("/api/admin/support-requests?status=answered&limit=100")).json();
    expect(done.requests.map((r: { id: string }) => r.id)).toContain(ask.id);
    const audit = (await platformAdmin.get("/api/admin/audit-log?action=support.replied")).json();
    expect(audit.entries.some((entry: { targetId: string }) => entry.targetId === ask.id)).toBe(true);
  });

  it("is the platform administrator's only, and refuses an unknown request or an empty reply", async () => {
    const owner = await buildWorkspace(t);
    const id = (await owner.post("/api/support/requests", { subject: "Mine", message: "Hi" })).json().request
      .id;
    expect((await owner.get("/api/admin/support-requests")).statusCode).toBe(403);
    expect(
      (await owner.post(`/api/admin/support-requests/${id}/reply`, { message: "self-answer" })).statusCode,
    ).toBe(403);
    const empty = await platformAdmin.post(`/api/admin/support-requests/${id}/reply`, { message: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain("Please write a reply");
    const unknown = await platformAdmin.post(
      "/api/admin/support-requests/00000000-0000-4000-8000-000000000000/reply",
      { message: "Hello" },
    );
    expect(unknown.statusCode).toBe(404);
    const badStatus = await platformAdmin.get("/api/admin/support-requests?status=closed");
    expect(badStatus.statusCode).toBe(400);
  });
});
