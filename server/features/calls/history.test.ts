import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace, rows } from "../../test/factories";
import { callRepository, type NewCall } from "./repository";

let t: TestApp;
let owner: TestClient;
let other: TestClient;

const base = new Date("2026-06-01T12:00:00Z").getTime();
const HOUR = 3_600_000;

function call(i: number, fields: Partial<NewCall>): NewCall {
  const start = new Date(base + i * HOUR);
  return {
    phoneNumber: `+1555010${String(i).padStart(4, "0")}`,
    callerName: null,
    classification: "legitimate",
    status: "completed",
    isActive: false,
    startTime: start,
    endTime: new Date(start.getTime() + 60_000),
    duration: 60,
    importance: 1,
    transcript: "AI: Hello\nCaller: Hi",
    actionTaken: "Message taken",
    ...fields,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildWorkspace(t);
  other = await buildWorkspace(t);
  const repo = callRepository(t.database.db);
  const rows: NewCall[] = [
    call(1, {
      classification: "spam",
      status: "blocked",
      callerName: "Robo Dialer",
      duration: 12,
      importance: 0,
    }),
    call(2, { classification: "appointment", callerName: "Dana Whitfield", duration: 240, importance: 3 }),
    call(3, { classification: "support", callerName: "Lee O'Brien", duration: 95, importance: 3 }),
    call(4, { classification: "sales", callerName: "Acme, Inc.", duration: 30, importance: 1 }),
    call(5, { classification: "important", callerName: "Dr. Patel", duration: 400, importance: 5 }),
    call(6, {
      classification: "legitimate",
      callerName: '=HYPERLINK("http://evil")',
      actionTaken: "@SUM(A1:A2)",
      summary: 'He said "hi", then left;\nsecond line',
      duration: 5,
    }),
  ];
  for (const [i, row] of rows.entries()) {
    await repo.insert(owner.user!.workspace.id, { ...row, createdAt: new Date(base + i * HOUR) } as NewCall);
  }
  await repo.insert(
    other.user!.workspace.id,
    call(9, { callerName: "Dana Whitfield", classification: "appointment" }),
  );
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await owner.get(`/api/calls?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    calls: { callerName: string | null; phoneNumber: string; duration: number; importance: number }[];
    pagination: { total: number };
  };
};
const names = (body: Awaited<ReturnType<typeof list>>) => body.calls.map((c) => c.callerName);

describe("GET /api/calls search, filters and sorting", () => {
  it("searches number, name and classification, case-insensitively, only in the account's own calls", async () => {
    expect(names(await list("search=dana"))).toEqual(["Dana Whitfield"]);
    expect((await list("search=5550100")).pagination.total).toBe(6);
    expect((await list("search=555%200100%20003")).calls.map((c) => c.phoneNumber)).toEqual(["+15550100003"]);
    expect(names(await list("search=SPA"))).toEqual(["Robo Dialer"]);
    expect(names(await list("search=o'brien"))).toEqual(["Lee O'Brien"]);
    expect((await list("search=%25")).pagination.total).toBe(0);
  });

  it("filters by class and sorts by date, duration and importance", async () => {
    expect(names(await list("filter=important"))).toEqual(["Dr. Patel"]);
    const byDuration = await list("sortBy=duration&sortOrder=desc");
    expect(byDuration.calls.map((c) => c.duration)).toEqual([400, 240, 95, 30, 12, 5]);
    const shortest = await list("sortBy=duration&sortOrder=asc&limit=2");
    expect(shortest.calls.map((c) => c.duration)).toEqual([5, 12]);
    const priority = await list("sortBy=importance&sortOrder=desc&limit=1");
    expect(names(priority)).toEqual(["Dr. Patel"]);
    const oldest = await list("sortBy=createdAt&sortOrder=asc&limit=1");
    expect(names(oldest)).toEqual(["Robo Dialer"]);
  });

  it("summarises the account's calls", async () => {
    const res = await owner.get("/api/calls");
    expect(res.json().summary).toEqual({
      totalCalls: 6,
      spamBlocked: 1,
      appointmentsScheduled: 1,
      supportResolved: 1,
      averageDuration: Math.round((12 + 240 + 95 + 30 + 400 + 5) / 6),
      testCalls: 0,
    });
  });
});

describe("GET /api/calls/export", () => {
  const exportCsv = async (query = "") => {
    const res = await owner.get(`/api/calls/export?format=csv${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it("streams UTF-8 CSV with a header row and a dated file name", async () => {
    const res = await exportCsv();
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="call-history-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(6);
    expect(Object.keys(records[0]!)).toEqual([
      "Date",
      "Phone Number",
      "Caller Name",
      "Direction",
      "Classification",
      "Status",
      "Outcome",
      "Duration (seconds)",
      "Importance",
      "Sentiment",
      "Satisfaction",
      "Follow-up Required",
      "Action Taken",
      "Summary",
      "Transcript",
    ]);
    // Newest first by default; other accounts' calls never appear.
    expect(records[0]!["Caller Name"]).toBe('\'=HYPERLINK("http://evil")');
    expect(records.map((r) => r["Caller Name"])).not.toContain("Dana Whitfield ");
  });

  it("quotes commas, quotes and newlines, and neutralises formula cells", async () => {
    const records = parse((await exportCsv()).body, { bom: true, columns: true }) as Record<string, string>[];
    const evil = records.find((r) => r["Caller Name"]?.includes("HYPERLINK"))!;
    expect(evil["Caller Name"]).toBe('\'=HYPERLINK("http://evil")');
    expect(evil["Action Taken"]).toBe("'@SUM(A1:A2)");
    expect(evil.Summary).toBe('He said "hi", then left;\nsecond line');
    expect(evil.Transcript).toBe("AI: Hello\nCaller: Hi");
    // Phone numbers start with "+": kept readable, but never a formula.
    expect(records.every((r) => r["Phone Number"]?.startsWith("'+1555"))).toBe(true);
    expect(records.find((r) => r["Caller Name"] === "Acme, Inc.")).toBeTruthy();
  });

  it("applies the history's filters and sort, and exports just the header when nothing matches", async () => {
    const spam = parse((await exportCsv("&filter=spam")).body, { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(spam.map((r) => r["Caller Name"])).toEqual(["Robo Dialer"]);
    const longest = parse((await exportCsv("&sortBy=duration&sortOrder=desc")).body, {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(longest.map((r) => Number(r["Duration (seconds)"]))).toEqual([400, 240, 95, 30, 12, 5]);
    const none = await exportCsv("&search=nobody-matches-this");
    expect(parse(none.body, { bom: true })).toHaveLength(1);
  });

  it("pages through large exports in batches", async () => {
    const big = await buildWorkspace(t);
    const user = big.user;
    const repo = callRepository(t.database.db);
    for (let i = 0; i < 5; i++) await repo.insert(user.workspace.id, call(i, {}));
    const records: string[][] = [];
    // Equal durations: the keyset's tie-breakers (created_at, id) must still move forward.
    for (let i = 5; i < 8; i++) await repo.insert(user.workspace.id, call(i, { duration: 60 }));
    const options = { filter: "all", sortBy: "duration", sortOrder: "asc" } as const;
    for await (const batch of repo.exportBatches(user.workspace.id, options, "UTC", 2)) {
      expect(batch.length).toBeLessThanOrEqual(2);
      records.push(...batch);
    }
    expect(records).toHaveLength(8);
    expect(new Set(records.map((r) => r[1])).size).toBe(8);
    // PostgreSQL's cursor gets the same rows in the same order.
    expect(repo.exportQuery(user.workspace.id, options, "UTC").sql).toMatch(
      /order by "calls"\."duration" asc, "calls"\."created_at" asc, "calls"\."id" asc$/,
    );
  });

  it("answers 400 to bad parameters", async () => {
    for (const bad of ["format=xlsx", "format=csv&filter=weird", "format=csv&sortBy=name"]) {
      const res = await owner.get(`/api/calls/export?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe("call counters", () => {
  it("stay equal to a real count through inserts, updates and deletes", async () => {
    const { sql } = await import("drizzle-orm");
    const c = await buildWorkspace(t);
    const user = c.user;
    const repo = callRepository(t.database.db);
    const made = [];
    for (let i = 0; i < 4; i++)
      made.push(await repo.insert(user.workspace.id, call(i, { classification: "sales", duration: 10 * i })));
    await repo.update(user.workspace.id, made[0]!.id, { classification: "spam", status: "blocked" });
    await repo.update(user.workspace.id, made[1]!.id, { transcript: "changed only the transcript" });
    await t.database.db.execute(sql`delete from calls where id = ${made[2]!.id}`);
    const counted = await rows(
      t,
      sql`select coalesce(classification, '') as classification, status, is_active, count(*)::int as n, sum(duration)::int as s
          from calls where workspace_id = ${user.workspace.id} group by 1, 2, 3 order by 1, 2`,
    );
    const kept = await rows(
      t,
      sql`select classification, status, is_active, n::int as n, duration_sum::int as s from call_counts
          where workspace_id = ${user.workspace.id} and n <> 0 order by 1, 2`,
    );
    expect(kept).toEqual(counted);
    const summary = (await c.get("/api/calls")).json().summary;
    expect(summary).toMatchObject({ totalCalls: 3, spamBlocked: 1 });
  });
});
