import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { buildCall, buildWorkspace, rows, type SignedInClient } from "../../test/factories";
import { CACHES_CLEARED } from "./quick-actions";

/**
 * POST /api/admin/quick-action: each action does something real, says what,
 * and is audited; cleanup-inactive only looks until it is confirmed.
 */
let t: TestApp;
let admin: SignedInClient;
let customer: SignedInClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildWorkspace(t, { username: "quick_admin" });
  customer = await buildWorkspace(t, { username: "quick_customer" });
  await buildCall(customer);
  await buildCall(customer);
}, 60_000);
afterAll(() => t.close());

const quick = (body: object) => admin.post("/api/admin/quick-action", body);
const audited = async () =>
  (await admin.get("/api/admin/audit-log?action=quick_action.ran")).json().entries as {
    details: { action: string; affected: number; confirmed?: boolean };
    actorId: string;
  }[];

describe("POST /api/admin/quick-action", () => {
  it("clear-cache drops every server's caches; signed-in people stay signed in", async () => {
    expect((await customer.get("/api/user")).statusCode).toBe(200);
    const res = await quick({ action: "clear-cache" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      action: "clear-cache",
      affected: CACHES_CLEARED.length,
      items: [...CACHES_CLEARED],
    });
    expect(res.json().message).toMatch(/^Cleared 5 caches on every server: signed-in sessions, /);
    // The session is read again from the database.
    expect((await customer.get("/api/user")).statusCode).toBe(200);
  });

  it("sync-users recounts the per-workspace call and contact figures and says how many were off", async () => {
    const clean = await quick({ action: "sync-users" });
    expect(clean.statusCode).toBe(200);
    expect(clean.json()).toMatchObject({ action: "sync-users", affected: 2 });
    expect(clean.json().message).toBe(
      "Recounted the call and contact figures of 2 workspaces (2 people): all were right",
    );

    // A counter gone wrong (as after a bug or a hand edit) is put right from the calls themselves.
    await t.database.db.execute(sql`update call_counts set n = n + 5 where n > 0`);
    await t.database.db.execute(sql`update contact_counts set total = total + 3`);
    await t.database.db.execute(sql`insert into contact_counts (workspace_id, total, fresh, converted, score_sum)
      select workspace_id, 9, 0, 0, 0 from memberships where user_id = ${admin.user.id}
      on conflict (workspace_id) do update set total = 9`);
    const fixed = await quick({ action: "sync-users" });
    expect(fixed.json().message).toBe(
      "Recounted the call and contact figures of 2 workspaces (2 people): 2 corrected",
    );
    expect(fixed.json().items).toEqual([
      "1 workspace's call counts were off and are corrected",
      "1 workspace's contact counts were off and are corrected",
    ]);
    const [counts] = await rows<{ counted: number; real: number; contacts: number }>(
      t,
      sql`select (select coalesce(sum(n), 0)::int from call_counts) as counted,
                 (select count(*)::int from calls) as real,
                 (select coalesce(sum(total), 0)::int from contact_counts) as contacts`,
    );
    expect(counts).toEqual({ counted: 2, real: 2, contacts: 0 });
  });

  it("cleanup-inactive lists what it would remove, and removes it only when confirmed", async () => {
    // An expired session, an idle one, a job finished long ago, and a live session that stays.
    await t.database.db.execute(sql`
      insert into sessions (user_id, workspace_id, token_hash, created_at, last_seen_at, expires_at)
      select user_id, workspace_id, 'expired-' || user_id, now() - interval '40 days', now() - interval '31 days',
             now() - interval '1 day'
        from memberships where user_id = ${customer.user.id}
      union all
      select user_id, workspace_id, 'idle-' || user_id, now() - interval '100 days', now() - interval '60 days',
             now() + interval '30 days'
        from memberships where user_id = ${customer.user.id}`);
    await t.database.db.execute(sql`
      insert into jobs (id, kind, workspace_id, idempotency_key, payload, status, run_at, created_at,
                        finished_at, updated_at)
      values (gen_random_uuid(), 'old.kind', null, 'old-job', '{}'::jsonb, 'completed',
              now() - interval '40 days', now() - interval '40 days', now() - interval '40 days', now())`);

    const look = await quick({ action: "cleanup-inactive" });
    expect(look.statusCode).toBe(200);
    expect(look.json()).toMatchObject({
      action: "cleanup-inactive",
      needsConfirmation: true,
      affected: 3,
      message: "Would remove 3 items: confirm to remove them",
      items: [
        "2 expired or idle sessions",
        "1 jobs finished over 30 days ago",
        "0 invitations expired over 30 days ago",
      ],
    });
    const [still] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from sessions where token_hash like 'expired-%' or token_hash like 'idle-%'`,
    );
    expect(still?.n).toBe(2);
    expect((await audited()).some((e) => e.details.action === "cleanup-inactive")).toBe(false);

    const done = await quick({ action: "cleanup-inactive", confirm: true });
    expect(done.json()).toMatchObject({ affected: 3, message: "Removed 3 items", needsConfirmation: false });
    const [gone] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from sessions where token_hash like 'expired-%' or token_hash like 'idle-%'`,
    );
    expect(gone?.n).toBe(0);
    expect((await customer.get("/api/user")).statusCode).toBe(200);
    expect((await quick({ action: "cleanup-inactive" })).json()).toMatchObject({
      affected: 0,
      message: "Nothing to clean up",
      needsConfirmation: false,
    });
  });

  it("audits every action taken, and refuses a bad request or a non-administrator", async () => {
    const entries = await audited();
    expect(entries.map((e) => e.details.action).sort()).toEqual([
      "cleanup-inactive",
      "clear-cache",
      "sync-users",
      "sync-users",
    ]);
    expect(entries.find((e) => e.details.action === "cleanup-inactive")?.details).toMatchObject({
      affected: 3,
      confirmed: true,
    });
    expect(entries.every((e) => e.actorId === admin.user.id)).toBe(true);

    const bad = await quick({ action: "format-disk" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/action/i);
    expect((await quick({})).statusCode).toBe(400);
    expect((await customer.post("/api/admin/quick-action", { action: "clear-cache" })).statusCode).toBe(403);
  });
});
