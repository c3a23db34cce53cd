import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contact } from "../../../common/contacts";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildMember, buildWorkspace, type SignedInClient } from "../../test/factories";

/**
 * GET /api/contacts/export and GET /api/leads/export: dated CSV files,
 * every field, formula-looking cells made plain. The database writes the CSV (COPY) a keyset
 * range at a time, on the embedded database and on PostgreSQL (TEST_DATABASE_URL).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function add(c: TestClient, fields: Record<string, unknown>): Promise<Contact> {
  const res = await c.post("/api/contacts", fields);
  if (res.statusCode !== 201) throw new Error(`adding failed: ${res.statusCode} ${res.body}`);
  return res.json() as Contact;
}

function table(body: string): Record<string, string>[] {
  return parse(body, { bom: true, columns: true }) as Record<string, string>[];
}

const CONTACT_HEADERS = [
  "Name",
  "Phone",
  "Email",
  "Company",
  "Notes",
  "Phone (E.164)",
  "Preferred Contact Method",
  "Mailing Address",
  "Address",
  "Website",
  "Tags",
  "Industry",
  "Business Type",
  "Favorite",
  "Do Not Call",
  "Lead Source",
  "Lead Score",
  "Status",
  "Preferred Contact Time",
  "Time Zone",
  "Last Called",
  "Last Contact Attempt",
  "Call Count",
  "Communication Channels",
  "SerpAPI Data",
  "Campaign Id",
  "Import Batch",
  "Upload Date",
  "Created",
  "Updated",
  "Id",
];

describe("GET /api/contacts/export", () => {
  it("sends every field of every contact, oldest first, as a dated CSV file", async () => {
    const c = await buildWorkspace(t);
    const other = await buildWorkspace(t);
    const first = await add(c, {
      name: "Dana Whitfield",
      phoneNumber: "(555) 401-2200",
      email: "dana@example.com",
      company: "Whitfield, Inc.",
      notes: 'Said "call after 5"\nand hung up',
      preferredContactMethod: "email",
      mailingAddress: "PO Box 1",
      address: "1 Main St",
      website: "https://whitfield.example",
      tags: "vip, fair",
      industry: "retail",
      businessType: "shop",
      isFavorite: true,
      leadSource: "referral",
      leadScore: 80,
      contactStatus: "qualified",
      preferredContactTime: "mornings",
      timezone: "America/Chicago",
      serpApiData: { searchLocation: "Miami", searchKeyword: "shops" },
    });
    await add(c, { name: "Second" });
    // No zone recorded: the export says the one the screens show, from the number.
    const western = await add(c, { name: "Third", phoneNumber: "+14155550123" });
    await add(other, { name: "Not yours" });
    await t.database.db.execute(
      sql`update contacts set last_called = '2026-05-04T15:30:00.987Z', call_count = 2 where id = ${first.id}`,
    );

    const res = await c.get("/api/contacts/export?format=csv");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    expect((parse(res.body, { bom: true }) as string[][])[0]).toEqual(CONTACT_HEADERS);
    const [row, second, third, ...rest] = table(res.body);
    expect(rest).toEqual([]);
    expect(second?.Name).toBe("Second");
    expect(second?.["Time Zone"]).toBe("America/New_York");
    expect(third?.["Time Zone"]).toBe("America/Los_Angeles");
    expect((await c.get(`/api/contacts/${western.id}`)).json().timezone).toBe("America/Los_Angeles");
    expect(row).toMatchObject({
      Name: "Dana Whitfield",
      Phone: "(555) 401-2200",
      Email: "dana@example.com",
      Company: "Whitfield, Inc.",
      Notes: 'Said "call after 5"\nand hung up',
      "Phone (E.164)": "'+15554012200",
      "Preferred Contact Method": "email",
      "Mailing Address": "PO Box 1",
      Address: "1 Main St",
      Website: "https://whitfield.example",
      Tags: "vip, fair",
      Industry: "retail",
      "Business Type": "shop",
      Favorite: "true",
      "Do Not Call": "false",
      "Lead Source": "referral",
      "Lead Score": "80",
      Status: "qualified",
      "Preferred Contact Time": "mornings",
      "Time Zone": "America/Chicago",
      // In the workspace's zone (New York by default), cut (not rounded) to the second.
      "Last Called": "2026-05-04 11:30:00",
      "Last Contact Attempt": "",
      "Call Count": "2",
      "Campaign Id": "",
      Id: first.id,
    });
    expect(JSON.parse(row?.["SerpAPI Data"] ?? "")).toEqual({
      searchLocation: "Miami",
      searchKeyword: "shops",
    });
    expect(row?.Created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("puts an apostrophe before a cell a spreadsheet would run as a formula, and only the first character counts", async () => {
    const c = await buildWorkspace(t);
    const contact = await add(c, {
      name: '=HYPERLINK("http://evil.example","click")',
      company: "@SUM(A1:A9)",
      notes: "-2+3",
      email: "",
      businessType: "safe = text",
    });
    // The form trims what people type; an import or another path may still store a leading tab.
    await t.database.db.execute(sql`update contacts set industry = ${"\tindented"} where id = ${contact.id}`);
    const [row] = table((await c.get("/api/contacts/export")).body);
    expect(row).toMatchObject({
      Name: '\'=HYPERLINK("http://evil.example","click")',
      Company: "'@SUM(A1:A9)",
      Notes: "'-2+3",
      Industry: "'\tindented",
      "Business Type": "safe = text",
    });
  });

  it("keeps the list's filters: search, status, tag, do-not-call", async () => {
    const c = await buildWorkspace(t);
    await add(c, { name: "Ann Interested", contactStatus: "interested", tags: "vip" });
    await add(c, { name: "Bo New" });
    await add(c, { name: "Cy Quiet", doNotCall: true, phoneNumber: "5554012201" });
    const namesOf = async (query: string) =>
      table((await c.get(`/api/contacts/export?format=csv&${query}`)).body).map((row) => row.Name);
    expect(await namesOf("status=interested")).toEqual(["Ann Interested"]);
    expect(await namesOf("search=bo")).toEqual(["Bo New"]);
    expect(await namesOf("tag=vip")).toEqual(["Ann Interested"]);
    expect(await namesOf("doNotCall=true")).toEqual(["Cy Quiet"]);
  });

  it("writes the file itself as a spreadsheet expects: CR LF line ends, quoted cells, empty cells", async () => {
    const c = await buildWorkspace(t);
    const contact = await add(c, {
      name: "Dan O'Brien",
      company: "100% Juice, Ltd",
      notes: "first\r\nsecond",
    });
    await t.database.db.execute(sql`update contacts set business_type = '' where id = ${contact.id}`);
    const body = (await c.get("/api/contacts/export")).body;
    // The cell's own CR LF is inside its quotes: four pieces are the header, the row cut at that
    // line break, the rest of the row and the end.
    const pieces = body.split("\r\n");
    expect(pieces).toHaveLength(4);
    expect(pieces[1]).toBe(`Dan O'Brien,,,"100% Juice, Ltd","first`);
    expect(pieces[2]?.startsWith('second",')).toBe(true);
    expect(body.endsWith("\r\n")).toBe(true);
    expect(body.replaceAll("\r\n", "")).not.toContain("\n\n");
    // An empty text is an empty cell, as a missing one is (not "").
    expect(body).not.toContain('""');
    const [row] = table(body);
    expect(row).toMatchObject({ Notes: "first\r\nsecond", "Business Type": "", Email: "" });
  });

  it("finds a search holding quotes, percent signs and backslashes as written", async () => {
    const c = await buildWorkspace(t);
    await add(c, { name: "Dan O'Brien", company: "100% Juice" });
    await add(c, { name: "Back\\slash Co", company: "1000 Juices" });
    await add(c, { name: "José Peña" });
    const namesOf = async (search: string) =>
      table((await c.get(`/api/contacts/export?search=${encodeURIComponent(search)}`)).body).map(
        (row) => row.Name,
      );
    expect(await namesOf("o'brien")).toEqual(["Dan O'Brien"]);
    expect(await namesOf("DAN O'BRIEN")).toEqual(["Dan O'Brien"]);
    expect(await namesOf("100%")).toEqual(["Dan O'Brien"]);
    expect(await namesOf("k\\s")).toEqual(["Back\\slash Co"]);
    expect(await namesOf("juice")).toEqual(["Dan O'Brien", "Back\\slash Co"]);
    expect(await namesOf("JOSÉ PEÑA")).toEqual(["José Peña"]);
  });

  it("keeps search text a value: hostile strings export nothing of another workspace and never fail", async () => {
    const victim = await buildWorkspace(t);
    await add(victim, { name: "Victim Marker Zqx", phoneNumber: "5559990123" });
    const c = await buildWorkspace(t);
    await add(c, { name: "Own contact" });
    const hostile = [
      "--$3\n' || ' )) or true or (( '",
      "$1' or true or '",
      "$1$2$3$4$5$6$7$8$9$10$11$12",
      "current_setting('copy_out.p1')",
      "'); select pg_sleep(2); --",
      "\\'",
      "%",
      "_%_",
      "{vip}",
      '"',
    ];
    for (const search of hostile)
      for (const path of ["/api/contacts/export", "/api/leads/export"]) {
        const res = await c.get(`${path}?search=${encodeURIComponent(search)}&status=new`);
        expect(res.statusCode, `${path} ${search}`).toBe(200);
        expect(res.body).not.toContain("Victim Marker");
      }
    const tagged = await c.get(`/api/contacts/export?tag=${encodeURIComponent('vip","x')}`);
    expect(tagged.statusCode).toBe(200);
  });

  it.each(["xlsx", "json", ""])("refuses format=%s with 400", async (format) => {
    const c = await buildWorkspace(t);
    for (const path of ["/api/contacts/export", "/api/leads/export"]) {
      const res = await c.get(`${path}?format=${format}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Only CSV export is available: use format=csv");
    }
  });

  it("sends just the header for a workspace with no contacts, and lets an agent export", async () => {
    const owner = await buildWorkspace(t);
    const agent = await buildMember(t, owner, "agent");
    const res = await agent.get("/api/contacts/export");
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`\uFEFF${CONTACT_HEADERS.join(",")}\r\n`);
  });

  it("exports every row once, in order, across many ranges (one COPY each)", async () => {
    // Ranges of 1,000 contacts here (20,000 embedded and 100,000 on PostgreSQL by default).
    const small = await createTestApp({ exportChunkRows: 1000 });
    try {
      const c: SignedInClient = await buildWorkspace(small);
      const count = 4_321;
      await small.app.services.contacts.insertMany(
        c.user.workspace.id,
        Array.from({ length: count }, (_, i) => ({ name: `Row ${String(i).padStart(5, "0")}` })),
      );
      // Rows inserted together share a created_at: the id breaks the tie, so no row repeats or drops.
      const rows = table((await c.get("/api/contacts/export")).body);
      expect(rows).toHaveLength(count);
      expect(new Set(rows.map((row) => row.Id)).size).toBe(count);
      // A filter keeps its ranges too.
      const some = table((await c.get("/api/contacts/export?search=row 01")).body);
      expect(some).toHaveLength(1000);
    } finally {
      await small.close();
    }
  }, 120_000);
});

describe("GET /api/leads/export", () => {
  it("sends the lead side's columns as leads-YYYY-MM-DD.csv", async () => {
    const c = await buildWorkspace(t);
    const lead = await add(c, {
      name: "Lee Ortiz",
      company: "Ortiz Roofing",
      email: "lee@ortiz.example",
      phoneNumber: "+1 555 401 2210",
      address: "2 Oak Ave",
      website: "ortiz.example",
      notes: "Asked for a quote",
      industry: "construction",
      businessType: "roofer",
      leadSource: "serpapi",
      leadScore: 75,
      contactStatus: "contacted",
      serpApiData: { searchLocation: "Tampa", searchKeyword: "roofers" },
    });
    const res = await c.get("/api/leads/export?format=csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = table(res.body);
    expect(rows).toEqual([
      {
        Id: lead.id,
        Name: "Lee Ortiz",
        Company: "Ortiz Roofing",
        Email: "lee@ortiz.example",
        Phone: "'+1 555 401 2210",
        Address: "2 Oak Ave",
        Website: "ortiz.example",
        Notes: "Asked for a quote",
        Industry: "construction",
        "Business Type": "roofer",
        "Lead Source": "serpapi",
        "Lead Score": "75",
        Status: "contacted",
        "Last Called": "",
        "Call Count": "0",
        "Search Location": "Tampa",
        "Search Keyword": "roofers",
        "Campaign Id": "",
      },
    ]);
  });

  it("keeps the lead manager's filters (status and source)", async () => {
    const c = await buildWorkspace(t);
    await add(c, { name: "From search", leadSource: "serpapi", contactStatus: "interested" });
    await add(c, { name: "By hand", contactStatus: "interested" });
    const res = await c.get("/api/leads/export?status=interested&source=serpapi");
    expect(table(res.body).map((row) => row.Name)).toEqual(["From search"]);
  });
});
