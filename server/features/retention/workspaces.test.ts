import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DATA_DELETION_WARNING_DAYS,
  DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION,
  KEEP_DATA_IN_PAST,
  KEEP_DATA_NO_WORKSPACE,
  KEEP_DATA_TOO_FAR,
} from "../../../common/retention";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import {
  buildAppointment,
  buildCall,
  buildMember,
  buildVoiceProfile,
  buildWorkspace,
  rows,
  type SignedInClient,
} from "../../test/factories";
import type { ExpirySweep } from "./service";

/**
 * A workspace's data is deleted DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION days after its
 * subscription ended, its owner warned by email DATA_DELETION_WARNING_DAYS days before, unless
 * the platform administrator keeps it longer. The server's clock is moved on; the warnings land
 * in the outbox (no SMTP_URL). Real HTTP against a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */

const DAY = 24 * 60 * 60 * 1000;
const START = new Date(Math.floor(Date.now() / 1000) * 1000);
let clock = START;
const dayAt = (days: number) => new Date(START.getTime() + days * DAY);

let t: TestApp;
/** The first person on a fresh database is the platform administrator. */
let admin: SignedInClient;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  admin = await buildWorkspace(t, { username: "root_admin" });
}, 60_000);
afterAll(() => t.close());

const expire = (): Promise<ExpirySweep> => t.app.services.retention.expireWorkspaces();

/** The warnings in the outbox to `to`, oldest first. */
async function warningsTo(to: string) {
  const dir = path.join(t.config.dataDir, "outbox", "accounts");
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    names.map(async (name) => simpleParser(await readFile(path.join(dir, name)))),
  );
  return mails
    .filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === to)
    .filter((mail) => mail.subject?.includes("will be deleted"))
    .sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0));
}

/** The subscription ends now (on the moved clock): the sign-up trial, cancelled. */
async function endSubscription(c: TestClient) {
  const res = await c.post("/api/subscription/cancel");
  expect(res.statusCode, res.body).toBe(200);
}

/** How many rows each table holding workspaces' rows keeps for this workspace (only the non-zero). */
async function rowsLeft(workspaceId: string): Promise<Record<string, number>> {
  const tables = await rows<{ table_name: string }>(
    t,
    sql`select table_name from information_schema.columns
        where column_name = 'workspace_id' and table_schema = current_schema() order by table_name`,
  );
  const left: Record<string, number> = {};
  for (const { table_name } of tables) {
    // A name read from the database's own catalogue, never from a request.
    const [found] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where workspace_id = ${workspaceId}`,
    );
    if (found && found.n > 0) left[table_name] = found.n;
  }
  const [workspace] = await rows<{ n: number }>(
    t,
    sql`select count(*)::int as n from workspaces where id = ${workspaceId}`,
  );
  if (workspace?.n) left.workspaces = workspace.n;
  return left;
}

const userExists = async (userId: string) =>
  ((await rows<{ n: number }>(t, sql`select count(*)::int as n from users where id = ${userId}`))[0]?.n ??
    0) > 0;

describe("a workspace whose subscription ended", () => {
  /** Ended on day 0: warned on day 23, deleted on day 31. */
  let leaving: SignedInClient;
  let leavingMember: SignedInClient;
  /** Ended on day 0 too; the administrator keeps it. */
  let kept: SignedInClient;
  /** Ended on day 8: warned on day 31. */
  let later: SignedInClient;
  /** A paid plan: never touched. */
  let paying: SignedInClient;
  let payingCalls: number;
  let waitingUpload: string;

  beforeAll(async () => {
    leaving = await buildWorkspace(t, {
      username: "leaving_owner",
      email: "leaving@example.com",
      businessInfo: { companyName: "Leaving Plumbing" },
    });
    leavingMember = await buildMember(t, leaving, "agent");
    await buildCall(leaving);
    await buildCall(leaving, { phoneNumber: "+15551239999" });
    await buildAppointment(leaving);
    expect(
      (await leaving.post("/api/contacts", { name: "A lead", phoneNumber: "+15551234567" })).statusCode,
    ).toBe(201);
    await buildVoiceProfile(leaving);
    // An import still waiting for its job: on the embedded database its upload waits in
    // DATA_DIR/imports, named by the import (on PostgreSQL it is a row of the workspace's).
    const [waiting] = await rows<{ id: string }>(
      t,
      sql`insert into contact_imports (workspace_id, status) values (${leaving.user.workspace.id}, 'queued') returning id`,
    );
    waitingUpload = path.join(t.config.dataDir, "imports", `${waiting?.id}.csv`);
    if (t.database.engine === "pglite") {
      await mkdir(path.dirname(waitingUpload), { recursive: true });
      await writeFile(waitingUpload, "name,phone\nA lead,+15551234567\n");
    }
    await endSubscription(leaving);

    kept = await buildWorkspace(t, { username: "kept_owner", email: "kept@example.com" });
    await buildCall(kept);
    await endSubscription(kept);

    paying = await buildWorkspace(t, { username: "paying_owner", email: "paying@example.com" });
    await buildCall(paying);
    await buildCall(paying);
    const checkout = await paying.post("/api/subscription/checkout", { planId: "pro" });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const confirm = await paying.post(
      `/api/checkout/${String(checkout.json().sessionUrl).split("/").pop()}/confirm`,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    payingCalls = (await paying.get("/api/calls?limit=100")).json().calls.length;

    clock = dayAt(8);
    later = await buildWorkspace(t, { username: "later_owner", email: "later@example.com" });
    await endSubscription(later);
  }, 120_000);

  it("warns the owner once, 23 days after the end: when the data goes and how to keep it", async () => {
    clock = dayAt(DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION - DATA_DELETION_WARNING_DAYS);
    const first = await expire();
    expect(first).toMatchObject({ warned: 2, workspacesDeleted: [], warningsToRetry: 0 });

    const [warning, ...more] = await warningsTo("leaving@example.com");
    expect(more).toEqual([]);
    const deletesOn = dayAt(DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION).toLocaleDateString("en-US", {
      timeZone: "America/New_York",
      month: "long",
      day: "numeric",
      year: "numeric",
    });
    expect(warning?.subject).toBe(`Your workspace "Leaving Plumbing" will be deleted on ${deletesOn}`);
    expect(warning?.text).toContain(
      `kept for ${DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION} days after its subscription ends`,
    );
    expect(warning?.text).toContain("choose a plan on the Subscription page");
    expect(warning?.text).toContain("ask the administrator of AI Platform");
    expect(warning?.text).toContain("/subscription");
    expect(await warningsTo("kept@example.com")).toHaveLength(1);
    // Ended 15 days ago: not yet. Paying, and the administrator's own: nothing.
    expect(await warningsTo("later@example.com")).toEqual([]);
    expect(await warningsTo("paying@example.com")).toEqual([]);

    // The next run (an hour later) sends nothing again.
    clock = new Date(clock.getTime() + 60 * 60 * 1000);
    expect(await expire()).toMatchObject({ warned: 0, workspacesDeleted: [] });
    expect(await warningsTo("leaving@example.com")).toHaveLength(1);
  });

  it("lets the platform administrator keep a workspace's data until a day, audited", async () => {
    const keepUntil = dayAt(60).toISOString().slice(0, 10);
    const res = await admin.put(`/api/admin/users/${kept.user.id}/keep-data-until`, {
      keepDataUntil: keepUntil,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ keepDataUntil: keepUntil });
    expect(new Date(res.json().user.dataDeletesAt).getTime()).toBe(
      new Date(`${keepUntil}T00:00:00.000Z`).getTime() + DAY,
    );
    const log = (await admin.get("/api/admin/audit-log?action=user.data-kept")).json().entries;
    expect(log[0]).toMatchObject({
      targetId: kept.user.id,
      details: {
        username: "kept_owner",
        keepDataUntil: keepUntil,
        before: null,
        workspaceIds: [kept.user.workspace.id],
      },
    });
    // The users list shows it; a workspace still paying has no deletion day.
    const listed = (await admin.get("/api/admin/users?search=_owner&limit=50")).json().users as {
      username: string;
      keepDataUntil: string | null;
      dataDeletesAt: string | null;
    }[];
    expect(listed.find((u) => u.username === "kept_owner")?.keepDataUntil).toBe(keepUntil);
    expect(listed.find((u) => u.username === "paying_owner")).toMatchObject({
      keepDataUntil: null,
      dataDeletesAt: null,
    });
    expect(listed.find((u) => u.username === "leaving_owner")?.dataDeletesAt).toBe(
      dayAt(DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION).toISOString(),
    );
  });

  it("refuses a day already gone, one too far ahead, a person owning no workspace, bad input and anyone but an administrator", async () => {
    const path = `/api/admin/users/${kept.user.id}/keep-data-until`;
    const past = await admin.put(path, { keepDataUntil: clock.toISOString().slice(0, 10) });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(KEEP_DATA_IN_PAST);
    const far = await admin.put(path, { keepDataUntil: dayAt(1000).toISOString().slice(0, 10) });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe(KEEP_DATA_TOO_FAR);
    const member = await admin.put(`/api/admin/users/${leavingMember.user.id}/keep-data-until`, {
      keepDataUntil: dayAt(60).toISOString().slice(0, 10),
    });
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe(KEEP_DATA_NO_WORKSPACE);
    const malformed = await admin.put(path, { keepDataUntil: "next week" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("Give the date as YYYY-MM-DD");
    const notADay = await admin.put(path, { keepDataUntil: "2031-02-30" });
    expect(notADay.statusCode).toBe(400);
    expect(notADay.json().message).toBe("That day is not in the calendar");
    const unknown = await admin.put("/api/admin/users/00000000-0000-4000-8000-000000000000/keep-data-until", {
      keepDataUntil: dayAt(60).toISOString().slice(0, 10),
    });
    expect(unknown.statusCode).toBe(404);
    const owner = await kept.put(path, { keepDataUntil: dayAt(60).toISOString().slice(0, 10) });
    expect(owner.statusCode).toBe(403);
    // Nothing changed by any of them.
    const listed = (await admin.get("/api/admin/users?search=kept_owner")).json().users[0];
    expect(listed.keepDataUntil).toBe(dayAt(60).toISOString().slice(0, 10));
  });

  it("31 days after the end deletes the workspace with every row and file; the kept, the later and the paying stay", async () => {
    const leavingId = leaving.user.workspace.id;
    const samples = path.join(t.config.dataDir, "voice-samples", leavingId);
    expect(await readdir(samples)).not.toEqual([]);
    expect(Object.keys(await rowsLeft(leavingId))).toEqual(
      expect.arrayContaining([
        "calls",
        "appointments",
        "contacts",
        "voice_profiles",
        "memberships",
        "subscriptions",
      ]),
    );

    clock = dayAt(DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION + 1);
    const result = await expire();
    expect(result).toMatchObject({
      workspacesDeleted: [leavingId],
      ownersDeleted: 1,
      foldersRemoved: 1,
      keptByAdministrator: 1,
      // The later one, 23 days after its end.
      warned: 1,
    });

    // Every row of it, in every table, and its folder.
    expect(await rowsLeft(leavingId)).toEqual({});
    await expect(readdir(samples)).rejects.toThrow();
    await expect(stat(waitingUpload)).rejects.toThrow();
    // Its owner belonged nowhere else: their account went too, signed out; the member's account stays.
    expect(await userExists(leaving.user.id)).toBe(false);
    expect((await leaving.get("/api/user")).statusCode).toBe(401);
    expect(await userExists(leavingMember.user.id)).toBe(true);

    // Kept by the administrator; the later one warned once; the paying one untouched.
    expect(await rowsLeft(kept.user.workspace.id)).toMatchObject({ calls: 1 });
    expect(await warningsTo("later@example.com")).toHaveLength(1);
    expect((await paying.get("/api/calls?limit=100")).json().calls).toHaveLength(payingCalls);
    expect((await paying.get("/api/subscription")).json().subscription).toMatchObject({ planType: "pro" });
    expect(await warningsTo("paying@example.com")).toEqual([]);
    expect(await userExists(admin.user.id)).toBe(true);

    // A second run deletes and sends nothing more.
    expect(await expire()).toMatchObject({ workspacesDeleted: [], warned: 0 });
    expect(await warningsTo("later@example.com")).toHaveLength(1);
  });

  it("a kept workspace is warned before its kept day and deleted after it", async () => {
    const keptId = kept.user.workspace.id;
    clock = dayAt(61 - DATA_DELETION_WARNING_DAYS);
    // The later one goes (its day, 38, has passed); the kept one is warned about its own day.
    expect(await expire()).toMatchObject({ warned: 1, workspacesDeleted: [later.user.workspace.id] });
    expect(await rowsLeft(later.user.workspace.id)).toEqual({});
    expect(await warningsTo("kept@example.com")).toHaveLength(2);
    clock = dayAt(61);
    const result = await expire();
    expect(result.workspacesDeleted).toContain(keptId);
    expect(await rowsLeft(keptId)).toEqual({});
  });
});

describe("a workspace found past its day without a warning", () => {
  it("is warned now and deleted no sooner than the warning's days later", async () => {
    // Its trial ended on day 30 (sign-up trials run from the real time), while no sweep ran.
    clock = dayAt(100);
    const owner = await buildWorkspace(t, { username: "unwarned_owner", email: "unwarned@example.com" });
    const first = await expire();
    expect(first.workspacesDeleted).not.toContain(owner.user.workspace.id);
    const [warning, ...more] = await warningsTo("unwarned@example.com");
    expect(more).toEqual([]);
    const promised = new Date(clock.getTime() + DATA_DELETION_WARNING_DAYS * DAY);
    expect(warning?.subject).toContain(
      promised.toLocaleDateString("en-US", {
        timeZone: "America/New_York",
        month: "long",
        day: "numeric",
        year: "numeric",
      }),
    );
    clock = new Date(promised.getTime() - 60 * 60 * 1000);
    expect((await expire()).workspacesDeleted).not.toContain(owner.user.workspace.id);
    clock = promised;
    expect((await expire()).workspacesDeleted).toContain(owner.user.workspace.id);
  });

  it("a plan bought before the day keeps everything: nothing ended any more", async () => {
    clock = dayAt(200);
    const owner = await buildWorkspace(t, { username: "back_owner", email: "back@example.com" });
    await expire();
    expect(await warningsTo("back@example.com")).toHaveLength(1);
    const checkout = await owner.post("/api/subscription/checkout", { planId: "pro" });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const confirm = await owner.post(
      `/api/checkout/${String(checkout.json().sessionUrl).split("/").pop()}/confirm`,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    clock = dayAt(200 + 2 * DATA_DELETION_WARNING_DAYS);
    expect((await expire()).workspacesDeleted).not.toContain(owner.user.workspace.id);
    expect(await rowsLeft(owner.user.workspace.id)).toMatchObject({ subscriptions: 1 });
    expect(await warningsTo("back@example.com")).toHaveLength(1);
  });
});

describe("a trial nobody paid for", () => {
  it("counts as ended when it lapsed, though nobody signed in to see it", async () => {
    // A database of its own: the trial's end is the real time's, and the clock starts there.
    let at = new Date();
    const own = await createTestApp({}, { now: () => at });
    try {
      await buildWorkspace(own, { username: "someone_admin" });
      const owner = await buildWorkspace(own, { username: "lapsed_owner", email: "lapsed@example.com" });
      const trialEnd = new Date((await owner.get("/api/subscription")).json().subscription.currentPeriodEnd);
      // Nobody reads the subscription again; the sweep finds the trial over, and its end is the day.
      at = new Date(
        trialEnd.getTime() + (DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION - DATA_DELETION_WARNING_DAYS) * DAY,
      );
      const result = await own.app.services.retention.expireWorkspaces();
      expect(result).toMatchObject({ warned: 1, administratorsSkipped: 1 });
      expect(result.subscriptionsSettled).toBeGreaterThanOrEqual(2);
      const [ended] = await rows<{ ended_at: Date; plan_type: string }>(
        own,
        sql`select ended_at, plan_type from subscriptions where workspace_id = ${owner.user.workspace.id}`,
      );
      expect(ended?.plan_type).toBe("free");
      expect(new Date(ended?.ended_at as Date).getTime()).toBe(trialEnd.getTime());
    } finally {
      await own.close();
    }
  }, 60_000);
});

describe("the retention.workspaces job", () => {
  it("runs the sweep on the queue and keeps what it did as its result", async () => {
    clock = dayAt(400);
    await expire();
    // Its trial ended long ago: the job's run warns its owner.
    await buildWorkspace(t, { username: "job_owner", email: "job@example.com" });
    const { jobs, retentionJobs } = t.app.services;
    const id = await jobs.send(
      retentionJobs.workspaces,
      {},
      { workspaceId: null, idempotencyKey: "test-run" },
    );
    for (let attempt = 0; attempt < 200; attempt++) {
      const job = await jobs.get(null, id);
      if (job?.status === "completed") {
        expect(job.result).toMatchObject({ workspacesDeleted: [], warned: 1, warningsToRetry: 0 });
        expect(await warningsTo("job@example.com")).toHaveLength(1);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the retention.workspaces job did not complete");
  });
});
