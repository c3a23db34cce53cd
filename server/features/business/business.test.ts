import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_CSV_DATA, NO_NUMBERS } from "../../../common/business";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { parseCsv } from "./csv";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function business(): Promise<TestClient> {
  const c = t.client();
  await c.signup({ planType: "business", businessInfo: { companyName: "Rivera & Co" } });
  return c;
}

async function contacts(c: TestClient) {
  return (
    (await t.database.db.execute(
      sql`select name, phone_number, phone_e164, email, company, notes, lead_source from contacts where workspace_id = ${c.user!.workspace.id} order by name`,
    )) as unknown as { rows: Record<string, unknown>[] }
  ).rows;
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
    const c = await business();
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
    const c = await business();
    const res = await c.post("/api/contacts/import", {
      csvData: "Cy Ode,5552013345,cy@example.com,Ode Ltd,\n,5550000000,,,\nDee,,not-an-email,,\n",
    });
    expect(res.json()).toEqual({
      imported: 1,
      errors: ["Row 2: Name is required", 'Row 3: "not-an-email" is not a valid email'],
    });
  });

  it.each([[{ csvData: "" }], [{ csvData: "  \n \n" }], [{}]])("refuses empty data %j", async (body) => {
    const c = await business();
    const res = await c.post("/api/contacts/import", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NO_CSV_DATA);
  });

  it("is refused on plans below pro, until an upgrade", async () => {
    const c = t.client();
    await c.signup();
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

describe("POST /api/calls/bulk (business features)", () => {
  it("says why it calls as a person would, not the purpose pasted mid-sentence", async () => {
    const c = await business();
    const res = await c.post("/api/calls/bulk", {
      phoneNumbers: ["5552013350"],
      callPurpose: "Confirm your appointment for Tuesday.",
    });
    expect(res.json().results).toEqual({ successful: 1, failed: 0 });
    const [call] = (
      (await t.database.db.execute(
        sql`select ai_response from calls where workspace_id = ${c.user!.workspace.id}`,
      )) as unknown as { rows: { ai_response: string }[] }
    ).rows;
    expect(call?.ai_response).toBe(
      "Hello, this is the AI assistant calling on behalf of Rivera & Co. I'm calling to confirm your appointment for Tuesday. Is now a good time to talk?",
    );
  });

  it("places one outbound call per number and reports the ones that cannot be called", async () => {
    const c = await business();
    const res = await c.post("/api/calls/bulk", {
      phoneNumbers: ["  (555) 201-3344 ", "", "12", "5552013345"],
      callPurpose: "Remind you of tomorrow's delivery",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
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
    const placed = (
      (await t.database.db.execute(
        sql`select phone_number, direction from calls where workspace_id = ${c.user!.workspace.id} order by phone_number`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    expect(placed).toEqual([
      { phone_number: "+15552013344", direction: "outbound" },
      { phone_number: "+15552013345", direction: "outbound" },
    ]);
  });

  it.each([[{ phoneNumbers: [] }], [{ phoneNumbers: [" ", ""] }], [{}]])(
    "refuses no numbers %j",
    async (body) => {
      const c = await business();
      const res = await c.post("/api/calls/bulk", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(NO_NUMBERS);
    },
  );

  it("is refused on the personal plan", async () => {
    const c = t.client();
    await c.signup();
    const res = await c.post("/api/calls/bulk", { phoneNumbers: ["5552013344"] });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/^The Personal plan does not include CSV import and bulk calling/);
  });
});
