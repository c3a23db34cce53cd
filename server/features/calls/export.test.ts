import http from "node:http";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { buildWorkspace, type SignedInClient } from "../../test/factories";
import { csvCell, csvLine } from "./export";
import { callRepository, type NewCall } from "./repository";

/**
 * The CSV export's formula guard (new-user item 11): only the FIRST character of a cell
 * decides. Runs on the embedded database by default and on PostgreSQL with TEST_DATABASE_URL,
 * which take different paths (keyset batches, a cursor) through the same formatter.
 */
let t: TestApp;
let owner: SignedInClient;

function call(fields: Partial<NewCall>): NewCall {
  const start = new Date("2026-06-01T12:00:00Z");
  return {
    phoneNumber: "5551230000",
    callerName: "Plain Name",
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
  const user = owner.user;
  const repo = callRepository(t.database.db);
  await repo.insert(
    user.workspace.id,
    call({
      callerName: "Inner Marks",
      summary: 'Pat called. Message: "=1+1 please, -urgent, @home"\n=SUM(A1)\r\n+second line\r-third',
      transcript: 'AI: Hello\nCaller: =HYPERLINK("x")\nCaller: -5 degrees\nCaller: @noon',
      actionTaken: "Message taken; call back at +1 555",
    }),
  );
  await repo.insert(
    user.workspace.id,
    call({
      callerName: "Leading Marks",
      summary: "+15551230000 called to book an appointment.",
      transcript: "\tAI: tab first",
      actionTaken: "\rcarriage return first",
      notes: null,
    }),
  );
});
afterAll(() => t.close());

async function exported(): Promise<Record<string, string>[]> {
  const res = await owner.get("/api/calls/export?format=csv&sortBy=createdAt&sortOrder=asc");
  expect(res.statusCode).toBe(200);
  return parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
}

describe("the export's formula guard", () => {
  it("leaves formula characters inside a cell, after a line break or mid-text, alone", async () => {
    const inner = (await exported()).find((r) => r["Caller Name"] === "Inner Marks")!;
    expect(inner.Summary).toBe(
      'Pat called. Message: "=1+1 please, -urgent, @home"\n=SUM(A1)\r\n+second line\r-third',
    );
    expect(inner.Transcript).toBe('AI: Hello\nCaller: =HYPERLINK("x")\nCaller: -5 degrees\nCaller: @noon');
    expect(inner["Action Taken"]).toBe("Message taken; call back at +1 555");
    expect(inner["Phone Number"]).toBe("5551230000");
  });

  it("neutralises a cell whose first character is = + - @, tab or carriage return", async () => {
    const leading = (await exported()).find((r) => r["Caller Name"] === "Leading Marks")!;
    expect(leading.Summary).toBe("'+15551230000 called to book an appointment.");
    expect(leading.Transcript).toBe("'\tAI: tab first");
    expect(leading["Action Taken"]).toBe("'\rcarriage return first");
  });

  it("formats cells the way RFC 4180 and spreadsheets expect", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
    expect(csvCell('say "hi", then\r\nleave')).toBe('"say ""hi"", then\r\nleave"');
    expect(csvCell("line\rbreak")).toBe('"line\rbreak"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("-")).toBe("'-");
    expect(csvCell("a=1")).toBe("a=1");
    expect(csvCell(" =1")).toBe(" =1");
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvLine(["a", "b,c", 3])).toBe('a,"b,c",3\r\n');
  });
});

describe("an export abandoned half-way", () => {
  it("gives its database connection back, however many are abandoned", async () => {
    const big = await buildWorkspace(t);
    const user = big.user;
    const start = Date.UTC(2026, 0, 1);
    // About 1 MB of CSV: many chunks, so reading the first and hanging up leaves most unread.
    const rows = Array.from({ length: 4000 }, (_, i) => ({
      ...call({ callerName: `Caller ${i}`, summary: "s".repeat(200) }),
      startTime: new Date(start + i * 60_000),
      workspaceId: user.workspace.id,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await t.database.db.insert(calls).values(rows.slice(i, i + 1000));

    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    const cookie = [...big.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const url = `http://127.0.0.1:${address.port}/api/calls/export?format=csv`;
    // More abandoned exports than the test database's pool has connections (5).
    for (let i = 0; i < 8; i++) {
      await new Promise<void>((resolve, reject) => {
        const request = http.get(url, { headers: { cookie } }, (response) => {
          // The first piece arrives, then the browser goes away.
          response.once("data", () => {
            request.destroy();
            resolve();
          });
        });
        request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
      });
    }
    const whole = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(20_000) });
    expect(whole.status).toBe(200);
    const records = parse(await whole.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(4000);
  });
});
