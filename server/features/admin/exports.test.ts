import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { buildCall, buildWorkspace, rows, type SignedInClient } from "../../test/factories";
import { CALL_HEADERS, exportedCallCost, USER_HEADERS } from "./exports";

/**
 * GET /api/admin/export/{users|calls|all}: streamed CSV across every
 * workspace, a dated file name, formula-safe cells, audited.
 */
let t: TestApp;
let admin: SignedInClient;
let customer: SignedInClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildWorkspace(t, { username: "export_admin" });
  customer = await buildWorkspace(t, {
    username: "export_customer",
    email: "customer@example.com",
    planType: "personal",
    fullName: '=HYPERLINK("http://evil")',
  });
  await buildCall(customer, { phoneNumber: "+15551234567", callerName: "@SUM(A1:A9)" });
}, 60_000);
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);
/** The file's lines, without the byte-order mark. */
const lines = (body: string) =>
  body
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

describe("GET /api/admin/export/:kind", () => {
  it("streams every person as CSV under a dated name, formulas defused", async () => {
    const res = await admin.get("/api/admin/export/users");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="admin-users-${today()}.csv"`);
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const [header, ...people] = lines(res.body);
    expect(header).toBe(USER_HEADERS.join(","));
    expect(people).toHaveLength(2);
    const row = people.find((line) => line.includes("export_customer"));
    expect(row).toContain(`customer@example.com,"'=HYPERLINK(""http://evil"")",user,active,personal,1,`);
    expect(people.find((line) => line.includes("export_admin"))).toContain(",admin,active,");
  });

  it("streams calls across workspaces with their owner and cost, in keyset batches past the first", async () => {
    // 2,100 more calls: the export reads 2,000 at a time, so a second batch must follow the first.
    await t.database.db.execute(sql`
      insert into calls (workspace_id, phone_number, status, duration, start_time)
      select (select workspace_id from memberships where user_id = ${customer.user.id} and role = 'owner'),
             '+1555000' || lpad(g::text, 4, '0'), 'completed', 61,
             timestamptz '2026-01-01T00:00:00Z' + g * interval '1 second'
        from generate_series(1, 2100) g`);
    const res = await admin.get("/api/admin/export/calls");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="admin-calls-${today()}.csv"`);
    const [header, ...calls] = lines(res.body);
    expect(header).toBe(CALL_HEADERS.join(","));
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from calls where not is_test`,
    );
    expect(calls).toHaveLength(n);
    expect(new Set(calls.map((line) => line.split(",")[0])).size).toBe(n);
    const simulated = calls.find((line) => line.includes("+15551234567"));
    // A leading + or @ is a formula to a spreadsheet: the shared CSV writer defuses both.
    expect(simulated).toContain(`,${customer.user.id},export_customer,'+15551234567,'@SUM(A1:A9),inbound,`);
    // Oldest first; a 61-second call is 2 minutes at the personal plan's rate ($29 over 500 minutes).
    expect(calls[0]).toContain("2026-01-01T00:00:01Z");
    expect(calls[0]?.split(",").at(-1)).toBe(exportedCallCost("personal", 61).toFixed(2));
    expect(exportedCallCost("personal", 61)).toBe(0.12);
    expect(exportedCallCost("free", 600)).toBe(0);
  });

  it("puts both in one file for Export All, each row saying what it is; refuses an unknown kind", async () => {
    const res = await admin.get("/api/admin/export/all");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="admin-export-all-${today()}.csv"`);
    const [header, ...records] = lines(res.body);
    expect(header).toBe(["Record", ...USER_HEADERS, ...CALL_HEADERS].join(","));
    expect(records.filter((line) => line.startsWith("user,"))).toHaveLength(2);
    expect(records.filter((line) => line.startsWith("call,")).length).toBeGreaterThan(2000);
    const width = header!.split(",").length;
    expect(records.every((line) => line.split(",").length >= width)).toBe(true);

    const bad = await admin.get("/api/admin/export/contacts");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Export one of: users, calls, all");
    expect((await customer.get("/api/admin/export/users")).statusCode).toBe(403);
  });

  it("audits every export with who, from where and which", async () => {
    const log = await admin.get("/api/admin/audit-log?action=export.downloaded");
    const entries = log.json().entries as {
      details: { kind: string; fileName: string };
      actorId: string;
      ip: string;
    }[];
    expect(entries.map((e) => e.details.kind).sort()).toEqual(["all", "calls", "users"]);
    expect(entries.every((e) => e.actorId === admin.user.id && e.ip)).toBe(true);
    expect(entries.find((e) => e.details.kind === "users")?.details.fileName).toBe(
      `admin-users-${today()}.csv`,
    );
  });

  it("counts each person's calls as the Users tab does, simulated calls included", async () => {
    type Screen = { users: { username: string; totalCalls: number }[] };
    const customerCalls = (page: Screen) =>
      page.users.find((person) => person.username === "export_customer")?.totalCalls;
    const before = (await admin.get("/api/admin/users?limit=100")).json() as Screen;
    await buildCall(customer, { phoneNumber: "+15551234568" });
    const screen = (await admin.get("/api/admin/users?limit=100")).json() as Screen;
    expect(customerCalls(screen)).toBe((customerCalls(before) ?? 0) + 1);
    const exported = lines((await admin.get("/api/admin/export/users")).body).slice(1);
    const callsColumn = USER_HEADERS.findIndex((name) => /calls/i.test(name));
    for (const person of screen.users) {
      const line = exported.find((row) => row.split(",")[1] === person.username);
      expect(line?.split(",")[callsColumn], person.username).toBe(String(person.totalCalls));
    }
  });
});
