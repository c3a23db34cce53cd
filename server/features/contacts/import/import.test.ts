import { existsSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ContactImportResponse,
  CSV_ONLY,
  INLINE_IMPORT_ROWS,
  MAX_IMPORT_BYTES,
  NAME_REQUIRED,
  NO_CSV_DATA,
} from "../../../../common/contacts";
import { csvCellTooLong, csvLineTooLong, csvTooManyColumns } from "../../../../common/csv";
import { contactLimitRefusal, featureRefusal, PLANS } from "../../../../common/plans";
import { csvLine } from "../../../http/csv";
import { createTestApp, multipartBody, type TestApp, type TestClient } from "../../../test/app";
import { buildWorkspace, rows, type SignedInClient } from "../../../test/factories";
import { waitFor } from "../../../test/jobs";
import { databaseFiles, directoryFiles } from "./files";
import { TOO_LARGE } from "./intake";
import { readImportRows } from "./reading";
import { importRepository, StaleRunError } from "./repository";
import { importRecords } from "./run";

/**
 * CSV imports over HTTP, on the embedded database and, with
 * TEST_DATABASE_URL, on PostgreSQL: a messy spreadsheet export with exact outcomes and reasons,
 * encodings, empty and oversized files, the modes, undo, the rejects file round trip, a large
 * file as a job, the plan's limit, and the rule that every row ends in exactly one outcome.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CSV = { "content-type": "text/csv" };

async function upload(
  c: TestClient,
  body: string | Uint8Array,
  query = "fileName=contacts.csv",
  headers: Record<string, string> = CSV,
) {
  return c.post(`/api/contacts/upload?${query}`, typeof body === "string" ? body : Buffer.from(body), {
    headers,
  });
}

/** Uploads a file that must finish in the request; answers the import. */
async function imported(
  c: TestClient,
  body: string | Uint8Array,
  query?: string,
): Promise<ContactImportResponse> {
  const res = await upload(c, body, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ContactImportResponse;
}

type StoredContact = {
  name: string;
  phone_number: string | null;
  phone_e164: string | null;
  email: string | null;
  company: string | null;
  notes: string | null;
  tags: string[];
  contact_status: string;
  is_favorite: boolean;
  lead_source: string;
  import_batch: string | null;
};

function stored(c: SignedInClient, where = sql`true`) {
  return rows<StoredContact>(
    t,
    sql`select name, phone_number, phone_e164, email, company, notes, tags, contact_status, is_favorite,
          lead_source, import_batch
        from contacts where workspace_id = ${c.user.workspace.id} and ${where} order by name`,
  );
}

const outcomes = (answer: Pick<ContactImportResponse, "imported" | "updated" | "skipped" | "rejected">) =>
  answer.imported + answer.updated + answer.skipped + answer.rejected;

/**
 * A spreadsheet export as people send them: a byte-order mark, CRLF, semicolons, a quoted cell
 * with a line break and one with the delimiter, five spellings of phone numbers, duplicates
 * within the file and against the workspace, a formula, our own export's apostrophes, a blank
 * row, a ragged row, a row with too many cells and one bad value of each kind.
 */
const MESSY = [
  "\uFEFFFull Name;Mobile;E-mail;Organization;Notes;Tags;Status;Favourite;Twitter",
  'Ann Lee;(555) 123-4567;Ann@Example.com;"Lee; Sons";"Met at expo\r\nprefers email";vip, east;Interested;yes;@ann',
  "Bo Diaz;555.123.4568;bo@example.com;;;;;;",
  "Cy Ode;+1 555 123 4569;;;;;;;",
  "Di Fox;15551234570;;;;;;;",
  "Ed Gray;555-123-4571 ext. 12;;;;;;;",
  "",
  "Fay Hu;(555) 123-4567;;;;;;;",
  "Gus Ivy;;DUP@example.com;;;;;;",
  ";555 123 4572;nobody@example.com;;;;;;",
  "Hal Jo;12345;;;;;;;",
  "Ida Kim;;ida@;;;;;;",
  'Jo Lin;;;;=HYPERLINK("http://evil.example","click");;;;',
  "Kay Moe;'+1 555 123 4573;;'@kay corp;'=SUM(A1);;;;",
  "Lu Ng;555 123 4574;;;;;Hot;;",
  "Mo Oh;555 123 4575;;;;;;;;extra;more",
  "No Pe;555 123 4576",
  "Ann Again;;ann@example.com;;;;;;",
  "Old Friend;+1 (555) 010-0001;;;;;;;",
].join("\r\n");

const MESSY_REJECTS = [
  { line: 10, column: "Full Name", reason: NAME_REQUIRED },
  { line: 11, column: "Mobile", reason: '"12345" is not a phone number' },
  { line: 12, column: "E-mail", reason: '"ida@" is not a valid email address' },
  {
    line: 15,
    column: "Status",
    reason: '"Hot" is not a status: use new, contacted, interested, qualified, converted, not_interested',
  },
  {
    line: 16,
    column: null,
    reason:
      "This row has 11 cells but the header has 9: a value may hold an unquoted delimiter. Put the value in quotes or remove the extra cells",
  },
];

/** A workspace that already has the contacts the messy file duplicates. */
async function messyWorkspace(): Promise<SignedInClient> {
  const c = await buildWorkspace(t);
  for (const contact of [
    { name: "Existing Email", email: "dup@example.com" },
    { name: "Existing Phone", phoneNumber: "555-010-0001" },
  ]) {
    const res = await c.post("/api/contacts", contact);
    expect(res.statusCode, res.body).toBe(201);
  }
  return c;
}

describe("a messy spreadsheet export", () => {
  it("ends every row in exactly one outcome, with each reject's line, column and reason", async () => {
    const c = await messyWorkspace();
    const answer = await imported(c, MESSY, "fileName=messy.csv");
    expect(answer).toMatchObject({
      status: "completed",
      mode: "skip",
      fileName: "messy.csv",
      encoding: "utf-8",
      totalRows: 17,
      imported: 8,
      updated: 0,
      skipped: 4,
      rejected: 5,
      unknownColumns: ["Twitter"],
      jobId: null,
    });
    expect(outcomes(answer)).toBe(answer.totalRows);
    expect(answer.errors).toEqual(
      MESSY_REJECTS.map((r) => `Line ${r.line}${r.column ? `, ${r.column}` : ""}: ${r.reason}`),
    );
    const rejects = await c.get(`/api/contacts/imports/${answer.id}/rejects`);
    expect(rejects.json()).toEqual(MESSY_REJECTS);
    expect(rejects.headers["x-total-count"]).toBe("5");

    const added = await stored(c, sql`import_batch = ${answer.id}`);
    expect(added.map((row) => [row.name, row.phone_number, row.phone_e164])).toEqual([
      ["Ann Lee", "(555) 123-4567", "+15551234567"],
      ["Bo Diaz", "555.123.4568", "+15551234568"],
      ["Cy Ode", "+1 555 123 4569", "+15551234569"],
      ["Di Fox", "15551234570", "+15551234570"],
      ["Ed Gray", "555-123-4571 ext. 12", "+15551234571"],
      ["Jo Lin", null, null],
      ["Kay Moe", "+1 555 123 4573", "+15551234573"],
      ["No Pe", "555 123 4576", "+15551234576"],
    ]);
    expect(added[0]).toMatchObject({
      email: "ann@example.com",
      company: "Lee; Sons",
      notes: "Met at expo\r\nprefers email",
      tags: ["vip", "east"],
      contact_status: "interested",
      is_favorite: true,
      lead_source: "import",
    });
    // A formula is kept as the text it is; our export's apostrophes are taken off.
    expect(added[5]?.notes).toBe('=HYPERLINK("http://evil.example","click")');
    expect(added[6]).toMatchObject({ company: "@kay corp", notes: "=SUM(A1)" });

    // ...and put back when the contacts are exported, so a spreadsheet does not run them.
    const exported = await c.get("/api/contacts/export?format=csv");
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain("'=SUM(A1)");
    expect(exported.body).toContain("'@kay corp");
    expect(exported.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });

  it("gives back the rejects as a CSV that, fixed and uploaded again, goes in whole", async () => {
    const c = await messyWorkspace();
    const first = await imported(c, MESSY);
    const file = await c.get(`/api/contacts/imports/${first.id}/rejects.csv`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(file.headers["content-disposition"]).toMatch(
      /^attachment; filename="contact-import-rejects-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const table = parse(file.body, { bom: true, relax_column_count: true }) as string[][];
    expect(table[0]).toEqual([
      "Line",
      "Reason",
      "Full Name",
      "Mobile",
      "E-mail",
      "Organization",
      "Notes",
      "Tags",
      "Status",
      "Favourite",
      "Twitter",
    ]);
    expect(table.slice(1).map((row) => row.slice(0, 2))).toEqual(
      MESSY_REJECTS.map((r) => [String(r.line), r.column ? `${r.column}: ${r.reason}` : r.reason]),
    );
    expect(table[1]?.slice(2, 5)).toEqual(["", "555 123 4572", "nobody@example.com"]);

    // What a person would do: fill in the name, correct the number, the email and the status,
    // delete the stray cells.
    const fixes: Record<string, (row: string[]) => string[]> = {
      "10": (row) => row.map((cell, i) => (i === 2 ? "Nia Quay" : cell)),
      "11": (row) => row.map((cell, i) => (i === 3 ? "555 123 4580" : cell)),
      "12": (row) => row.map((cell, i) => (i === 4 ? "ida@example.com" : cell)),
      "15": (row) => row.map((cell, i) => (i === 8 ? "Qualified" : cell)),
      "16": (row) => row.slice(0, 11),
    };
    const fixed = [table[0]!, ...table.slice(1).map((row) => fixes[row[0]!]!(row))].map(csvLine).join("");
    const again = await imported(c, fixed, "fileName=contact-import-rejects.csv");
    expect(again).toMatchObject({ totalRows: 5, imported: 5, updated: 0, skipped: 0, rejected: 0 });
    expect(again.unknownColumns).toEqual(["Line", "Reason", "Twitter"]);
    const names = (await stored(c, sql`import_batch = ${again.id}`)).map((row) => row.name);
    expect(names).toEqual(["Hal Jo", "Ida Kim", "Lu Ng", "Mo Oh", "Nia Quay"]);
  });

  it("keeps the same outcome for the same file sent as JSON text (the /business-plan import)", async () => {
    const c = await messyWorkspace();
    const res = await c.post("/api/contacts/import", { csvData: MESSY });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 8, skipped: 4, rejected: 5, totalRows: 17 });
    expect(res.json().errors).toHaveLength(5);
  });
});

describe("numbers no one can hold", () => {
  it("rejects a zero area code or exchange in every spelling, fast and slow, and imports the real numbers", async () => {
    const c = await buildWorkspace(t);
    const answer = await imported(
      c,
      [
        "Name,Phone",
        "Zero,+1 (000) 000-0000",
        "Zero Plain,0000000000",
        "Zero Exchange,212-055-0100",
        "No Such Area,(999) 555-0100",
        "Zero Ext,+1 000 000 0000 ext. 5",
        "Real,(212) 555-0100",
        "Real Ext,212-555-0101 x 12",
      ].join("\n"),
    );
    expect(answer).toMatchObject({ totalRows: 7, imported: 2, rejected: 5 });
    expect(answer.errors).toEqual([
      'Line 2, Phone: "+1 (000) 000-0000" is not a phone number',
      'Line 3, Phone: "0000000000" is not a phone number',
      'Line 4, Phone: "212-055-0100" is not a phone number',
      'Line 5, Phone: "(999) 555-0100" is not a phone number',
      'Line 6, Phone: "+1 000 000 0000 ext. 5" is not a phone number',
    ]);
    expect((await stored(c)).map((row) => row.phone_e164)).toEqual(["+12125550100", "+12125550101"]);
  });
});

describe("encodings", () => {
  it("records a zone only where the file gives one: the others show their number's", async () => {
    const c = await buildWorkspace(t);
    await imported(
      c,
      "Name,Phone,Time Zone\r\nWest,+1 415 555 0100,\r\nCentral,+1 312 555 0101,\r\nGiven,+1 212 555 0102,Europe/London\r\n",
    );
    const listed = (await c.get("/api/contacts?limit=10")).json() as {
      name: string;
      timezone: string;
      timezoneRecorded: boolean;
    }[];
    const zoneOf = (name: string) => listed.find((contact) => contact.name === name);
    expect(zoneOf("West")).toMatchObject({ timezone: "America/Los_Angeles", timezoneRecorded: false });
    expect(zoneOf("Central")).toMatchObject({ timezone: "America/Chicago", timezoneRecorded: false });
    expect(zoneOf("Given")).toMatchObject({ timezone: "Europe/London", timezoneRecorded: true });
  });

  it("reads a Windows-1252 file (Excel's CSV) and says so", async () => {
    const c = await buildWorkspace(t);
    const cp1252: Record<string, number> = {
      é: 0xe9,
      ú: 0xfa,
      ñ: 0xf1,
      "“": 0x93,
      "”": 0x94,
      ï: 0xef,
      "–": 0x96,
      "€": 0x80,
    };
    const text = "Name,Company,Notes\r\nJosé Núñez,Café “Olé”,naïve – 50€\r\n";
    const bytes = Uint8Array.from([...text].map((ch) => cp1252[ch] ?? ch.charCodeAt(0)));
    const answer = await imported(c, bytes);
    expect(answer).toMatchObject({ encoding: "windows-1252", imported: 1, rejected: 0 });
    expect(await stored(c)).toMatchObject([
      { name: "José Núñez", company: "Café “Olé”", notes: "naïve – 50€" },
    ]);
  });

  it("reads UTF-16 with a byte-order mark (Excel's Unicode text, tab-separated)", async () => {
    const c = await buildWorkspace(t);
    const answer = await imported(
      c,
      Buffer.from("\uFEFFName\tPhone\r\nZoë Ångström\t5551230001\r\n", "utf16le"),
    );
    expect(answer).toMatchObject({ encoding: "utf-16le", imported: 1 });
    expect(await stored(c)).toMatchObject([{ name: "Zoë Ångström", phone_e164: "+15551230001" }]);
  });

  it("never answers 500 to arbitrary bytes, and still accounts for every row", async () => {
    const c = await buildWorkspace(t);
    let seed = 11;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 25; i++) {
      const length = next() % 3000;
      // Half random bytes, half CSV-ish: quotes, delimiters and line ends over printable text.
      const alphabet = i % 2 ? null : 'ab,;"\r\n\t|é @=+-0123456789';
      const bytes = Uint8Array.from({ length }, () =>
        alphabet ? alphabet.charCodeAt(next() % alphabet.length) : next() % 256,
      );
      const res = await upload(c, bytes);
      expect([200, 400], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 400) {
        expect(res.json().message).toBe(NO_CSV_DATA);
        continue;
      }
      const answer = res.json() as ContactImportResponse;
      expect(outcomes(answer)).toBe(answer.totalRows);
      const [counts] = await rows<{ contacts: number; rejects: number }>(
        t,
        sql`select (select count(*)::int from contacts where import_batch = ${answer.id}) as contacts,
                   (select count(*)::int from contact_import_rejects where import_id = ${answer.id}) as rejects`,
      );
      expect(counts).toEqual({ contacts: answer.imported, rejects: answer.rejected });
    }
  });
});

describe("what an upload must be", () => {
  it.each([
    ["an empty body", ""],
    ["blank lines", " \r\n\r\n ,, \n"],
    ["a header and no rows", "Name,Phone,Email\r\n"],
  ])("refuses %s with the spec's No Data message", async (_, body) => {
    const c = await buildWorkspace(t);
    const res = await upload(c, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NO_CSV_DATA);
    const json = await c.post("/api/contacts/import", { csvData: body });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(NO_CSV_DATA);
    expect(await stored(c)).toEqual([]);
    expect((await c.get("/api/contacts/imports")).json()).toEqual([]);
  });

  it("refuses anything but a CSV: another file name or another declared type", async () => {
    const c = await buildWorkspace(t);
    for (const [query, type] of [
      ["fileName=contacts.xlsx", "text/csv"],
      ["fileName=contacts.csv", "image/png"],
      ["fileName=contacts.csv", "application/json"],
    ] as const) {
      const res = await upload(c, "Name\nAnn\n", query, { "content-type": type });
      expect(res.statusCode, `${query} ${type}`).toBe(400);
      expect(res.json().message).toBe(CSV_ONLY);
    }
    for (const [filename, type] of [
      ["contacts.txt", "text/plain"],
      ["contacts.csv", "image/png"],
    ] as const) {
      const form = await multipartBody([{ name: "file", data: "Name\nAnn\n", type, filename }]);
      const res = await c.post("/api/contacts/upload", form.payload, { headers: form.headers });
      expect(res.statusCode, filename).toBe(400);
      expect(res.json().message).toBe(CSV_ONLY);
    }
    expect(await stored(c)).toEqual([]);
  });

  it("takes the contact manager's multipart upload (field file), and a .csv the browser did not type", async () => {
    const c = await buildWorkspace(t);
    for (const [filename, type, name] of [
      ["people.csv", "text/csv", "Pat One"],
      ["PEOPLE.CSV", "application/octet-stream", "Pat Two"],
      ["excel.csv", "application/vnd.ms-excel", "Pat Three"],
    ] as const) {
      const form = await multipartBody([
        { name: "file", data: `Name,Phone\n${name},5551230101\n`, type, filename },
      ]);
      const res = await c.post("/api/contacts/upload?mode=create", form.payload, { headers: form.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ fileName: filename, imported: 1, mode: "create" });
    }
    const wrongField = await multipartBody([
      { name: "csv", data: "Name\nAnn\n", type: "text/csv", filename: "a.csv" },
    ]);
    const res = await c.post("/api/contacts/upload", wrongField.payload, { headers: wrongField.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send the CSV file in the multipart field "file"');
  });

  it("accepts a file of exactly 50 MB and refuses one byte more with 413", async () => {
    const c = await buildWorkspace(t);
    // Ann's row, then blank lines of spaces (each inside the CSV limits of a line and a cell,
    // and left out as blank) up to the last byte.
    const head = "Name,Notes\nAnn Big,\n";
    const exact = Buffer.alloc(MAX_IMPORT_BYTES, " ");
    exact.write(head, 0);
    for (let at = head.length + 60_000; at < MAX_IMPORT_BYTES; at += 60_000) exact.write("\n", at);
    exact.write("\n", MAX_IMPORT_BYTES - 1);
    const ok = await upload(c, exact);
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
    expect(ok.json()).toMatchObject({ totalRows: 1, imported: 1 });

    const over = Buffer.concat([exact, Buffer.from(" ")]);
    const refused = await upload(c, over);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(TOO_LARGE);
    const json = await c.post("/api/contacts/import", { csvData: over.toString("latin1") });
    expect(json.statusCode).toBe(413);
    expect(json.json().message).toBe(TOO_LARGE);
    expect((await stored(c)).map((row) => row.name)).toEqual(["Ann Big"]);
    const [files] = await rows<{ n: number }>(t, sql`select count(*)::int as n from contact_import_files`);
    expect(files?.n).toBe(0);
    // Three 50 MB bodies read, checked and parsed: slow on a loaded machine, whatever the code.
  }, 180_000);

  it("refuses a row of 500 columns with a reason, and takes the rows around it", async () => {
    const c = await buildWorkspace(t);
    const wide = Array.from({ length: 500 }, (_, i) => (i === 0 ? "Wide Row" : "")).join(",");
    const answer = await imported(c, `Name,Phone\nAnn,5551230201\n${wide}\nBo,5551230202\n`);
    expect(answer).toMatchObject({ totalRows: 3, imported: 2, rejected: 1 });
    expect(answer.errors).toEqual(["Line 3: This row has 500 cells; an import reads at most 200 columns"]);
  });

  it("refuses a header of more than 200 columns as a whole", async () => {
    const c = await buildWorkspace(t);
    const header = ["Name", ...Array.from({ length: 250 }, (_, i) => `Extra ${i}`)].join(",");
    const res = await upload(c, `${header}\nAnn\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "The header row has 251 columns; an import reads at most 200. Remove the columns you do not need and upload again.",
    );
  });

  it("reads a file without a header in the spec's order and maps headers by alias", async () => {
    const c = await buildWorkspace(t);
    const plain = await imported(c, "Cy Ode,5552013345,cy@example.com,Ode Ltd,VIP\n,5550000000,,,\n");
    expect(plain).toMatchObject({ totalRows: 2, imported: 1, rejected: 1, unknownColumns: [] });
    expect(plain.errors).toEqual([`Line 2, Name: ${NAME_REQUIRED}`]);
    const aliased = await imported(
      c,
      "First Name,Last Name,Phone Number,E_mail,Adress,Lead Score,Do Not Call,Favorite Color\nDee,Ray,555 201 3346,DEE@x.com,1 Main St,70,yes,blue\n",
    );
    expect(aliased).toMatchObject({ imported: 1, unknownColumns: ["Favorite Color"] });
    const [dee] = await rows(
      t,
      sql`select name, phone_e164, email, address, lead_score, do_not_call from contacts where import_batch = ${aliased.id}`,
    );
    expect(dee).toEqual({
      name: "Dee Ray",
      phone_e164: "+15552013346",
      email: "dee@x.com",
      address: "1 Main St",
      lead_score: 70,
      do_not_call: true,
    });
  });
});

describe("duplicates and modes", () => {
  const FILE = [
    "Name,Phone,Email,Company,Tags",
    "Ann New,555-000-0001,,New Co,new",
    "Bea,5550000002,bea@x.com,,",
    "Cal,5550000003,,,",
    "Cal B,(555) 000-0003,cal@x.com,,",
  ].join("\n");

  async function withAnn(): Promise<SignedInClient> {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/contacts", {
      name: "Ann",
      phoneNumber: "+1 555 000 0001",
      email: "a@x.com",
      company: "Old Co",
      notes: "keep me",
      tags: ["old"],
    });
    expect(res.statusCode).toBe(201);
    return c;
  }

  it("skips duplicates by default", async () => {
    const c = await withAnn();
    expect(await imported(c, FILE)).toMatchObject({ imported: 2, skipped: 2, updated: 0 });
    expect((await stored(c)).map((row) => [row.name, row.company])).toEqual([
      ["Ann", "Old Co"],
      ["Bea", null],
      ["Cal", null],
    ]);
  });

  it("fills the matching contact with the row's non-empty values in mode update", async () => {
    const c = await withAnn();
    expect(await imported(c, FILE, "mode=update&fileName=a.csv")).toMatchObject({ imported: 2, updated: 2 });
    expect(await stored(c)).toMatchObject([
      { name: "Ann New", company: "New Co", email: "a@x.com", notes: "keep me", tags: ["old", "new"] },
      { name: "Bea" },
      { name: "Cal B", email: "cal@x.com", phone_number: "(555) 000-0003" },
    ]);
  });

  it("adds every row in mode create", async () => {
    const c = await withAnn();
    expect(await imported(c, FILE, "mode=create&fileName=a.csv")).toMatchObject({ imported: 4, skipped: 0 });
    expect(await stored(c, sql`phone_e164 = '+15550000001'`)).toHaveLength(2);
  });

  it("refuses an unknown mode", async () => {
    const c = await buildWorkspace(t);
    const res = await upload(c, FILE, "mode=merge");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Mode must be skip, update or create");
  });
});

describe("undo", () => {
  it("deletes the contacts the import added, keeps those it updated, and answers 409 the second time", async () => {
    const c = await buildWorkspace(t);
    await c.post("/api/contacts", { name: "Kept", phoneNumber: "5550000001" });
    const answer = await imported(
      c,
      "Name,Phone\nKept Renamed,5550000001\nNew One,5550000002\nNew Two,5550000003\n",
      "mode=update&fileName=u.csv",
    );
    expect(answer).toMatchObject({ imported: 2, updated: 1 });

    const undone = await c.post(`/api/contacts/imports/${answer.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({
      id: answer.id,
      status: "undone",
      deleted: 2,
      message:
        "Removed 2 contacts this import added. The contact it updated keeps its new values: an import does not keep the old ones.",
    });
    expect(undone.json().undoneAt).toEqual(expect.any(String));
    expect((await stored(c)).map((row) => row.name)).toEqual(["Kept Renamed"]);

    const again = await c.post(`/api/contacts/imports/${answer.id}/undo`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This import has already been undone.");
    expect((await c.get(`/api/contacts/imports/${answer.id}`)).json()).toMatchObject({ status: "undone" });
  });

  it("keeps one workspace's imports from another: 404 on every import route", async () => {
    const owner = await buildWorkspace(t);
    const answer = await imported(owner, "Name\nAnn\n");
    const stranger = await buildWorkspace(t);
    for (const path of ["", "/rejects", "/rejects.csv"])
      expect((await stranger.get(`/api/contacts/imports/${answer.id}${path}`)).statusCode, path).toBe(404);
    expect((await stranger.post(`/api/contacts/imports/${answer.id}/undo`)).statusCode).toBe(404);
    expect((await stranger.get("/api/contacts/imports")).json()).toEqual([]);
    expect((await owner.get("/api/contacts/imports")).json()).toMatchObject([{ id: answer.id, imported: 1 }]);
    expect((await stranger.get("/api/contacts/imports/not-an-id")).json().message).toBe(
      "That import id is not valid",
    );
  });
});

describe("the plan's contact limit", () => {
  it("takes rows up to the limit and refuses the rest, each with the limit and the plans that allow more", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const first = Array.from({ length: 95 }, (_, i) => `Person ${i},555${String(3000000 + i)}`);
    expect(await imported(c, `Name,Phone\n${first.join("\n")}\n`)).toMatchObject({ imported: 95 });
    const next = Array.from({ length: 10 }, (_, i) => `Later ${i},555${String(3000100 + i)}`);
    const answer = await imported(c, `Name,Phone\n${next.join("\n")}\n`);
    expect(answer).toMatchObject({ totalRows: 10, imported: 5, rejected: 5 });
    const refusal = contactLimitRefusal(PLANS.personal);
    expect(refusal).toBe(
      "The Personal plan keeps up to 100 contacts. Upgrade to Pro, Premium or Business to add more.",
    );
    expect(answer.errors).toEqual([7, 8, 9, 10, 11].map((line) => `Line ${line}: ${refusal}`));
    expect(await stored(c)).toHaveLength(100);
  });

  it("keeps the business plans' gate on the /business-plan import (JSON), not on the manager's upload", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const refused = await c.post("/api/contacts/import", { csvData: "Name\nAnn\n" });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(featureRefusal("businessFeatures", PLANS.personal));
    expect(await imported(c, "Name\nAnn\n")).toMatchObject({ imported: 1 });
  });
});

/**
 * Waits until an import's stored upload is gone (contact_import_files on PostgreSQL, DATA_DIR on
 * the embedded database), then answers the import's contacts and stored files.
 */
function storedUploadGone(importId: string): Promise<{ contacts: number; files: number }> {
  const storedFile = path.join(t.config.dataDir, "imports", `${importId}.csv`);
  return waitFor(
    async () => {
      const [found] = await rows<{ contacts: number; files: number }>(
        t,
        sql`select (select count(*)::int from contacts where import_batch = ${importId}) as contacts,
                   (select count(*)::int from contact_import_files where import_id = ${importId}) as files`,
      );
      return found?.files === 0 && !existsSync(storedFile) ? found : undefined;
    },
    10_000,
    "the stored upload to be removed",
  );
}

describe("a large file", () => {
  /** 6,000 rows: every hundredth with a bad email, and ten repeating earlier rows' phones across the batch boundary. */
  function largeFile(): string {
    const lines = ["Name,Phone,Email"];
    for (let i = 0; i < 6_000; i++) {
      const phone =
        i >= 5_000 && i < 5_010 ? `555${String(4000000 + i - 5_000)}` : `555${String(4000000 + i)}`;
      lines.push(`Row ${i},${phone},${i % 100 === 99 ? "not-an-email" : `row${i}@example.com`}`);
    }
    return `${lines.join("\r\n")}\r\n`;
  }

  it("answers 202 and imports as a job with progress, writing its counts as it goes; the stored file goes after", async () => {
    expect(6_000).toBeGreaterThan(INLINE_IMPORT_ROWS);
    const c = await buildWorkspace(t);
    const res = await upload(c, largeFile(), "fileName=large.csv");
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json() as ContactImportResponse;
    expect(queued).toMatchObject({ status: "queued", totalRows: 6_000, imported: 0, fileName: "large.csv" });
    expect(queued.jobId).toEqual(expect.any(String));

    const seen: number[] = [];
    let job: { status: string; progress: { done: number; total: number }; kind: string } | undefined;
    for (let i = 0; i < 600; i++) {
      job = (await c.get(`/api/jobs/${queued.jobId}`)).json();
      seen.push(job!.progress.done);
      if (job!.status === "completed" || job!.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(job).toMatchObject({
      kind: "contacts.import",
      status: "completed",
      progress: { done: 6_000, total: 6_000 },
    });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    const done = (await c.get(`/api/contacts/imports/${queued.id}`)).json();
    expect(done).toMatchObject({
      status: "completed",
      totalRows: 6_000,
      imported: 5_930,
      skipped: 10,
      rejected: 60,
    });
    expect(outcomes(done)).toBe(6_000);
    const page = await c.get(`/api/contacts/imports/${queued.id}/rejects?offset=10&limit=5`);
    expect(page.headers["x-total-count"]).toBe("60");
    expect(page.json().map((r: { line: number }) => r.line)).toEqual([1101, 1201, 1301, 1401, 1501]);
    // The stored upload goes right after the completion commits (a run that has to start again
    // must still find it), so the job may read completed a moment before.
    const counts = await storedUploadGone(queued.id);
    expect(counts).toEqual({ contacts: 5_930, files: 0 });
    expect(existsSync(path.join(t.config.dataDir, "imports", `${queued.id}.csv`))).toBe(false);

    // The embedded database has no autovacuum: the import queued its housekeeping, which set the
    // contacts table's visibility map (index-only counts) and its statistics. PostgreSQL's own
    // autovacuum does that there, so nothing is queued.
    const vacuumJobs = async () =>
      rows<{ status: string; result: { ms: number } | null }>(
        t,
        sql`select status, result from jobs where kind = 'contacts.vacuum' and idempotency_key = ${`vacuum:${queued.id}`}`,
      );
    if (t.database.engine === "pglite") {
      for (let i = 0; i < 300 && (await vacuumJobs())[0]?.status !== "completed"; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await vacuumJobs())[0]).toMatchObject({
        status: "completed",
        result: { ms: expect.any(Number) },
      });
      const [table] = await rows<{ visible: number; tuples: number }>(
        t,
        sql`select relallvisible::int as visible, reltuples::int as tuples from pg_class where relname = 'contacts'`,
      );
      expect(table!.visible).toBeGreaterThan(0);
      expect(table!.tuples).toBeGreaterThanOrEqual(5_930);
    } else {
      expect(await vacuumJobs()).toEqual([]);
    }

    // Undoing a large import deletes in batches and reports them all.
    const undone = await c.post(`/api/contacts/imports/${queued.id}/undo`);
    expect(undone.json()).toMatchObject({
      deleted: 5_930,
      message: "Removed 5,930 contacts this import added.",
    });
  });
});

/** An import row as a job starting on a Name,Phone file finds it: running, nothing committed. */
function runningImport(
  repo: ReturnType<typeof importRepository>,
  workspaceId: string,
  fileName: string,
  totalRows: number,
) {
  return repo.create(workspaceId, {
    createdBy: null,
    fileName,
    mode: "skip",
    status: "running",
    header: ["Name", "Phone"],
    unknownColumns: [],
    encoding: "utf-8",
    totalRows,
  });
}

describe("a run that starts again", () => {
  /** The file's rows after `committedRows`, read here rather than in the worker thread. */
  async function* rowsAfter(text: string, committedRows: number) {
    yield* readImportRows(
      { encoding: "utf-8", country: "US", skipRows: committedRows },
      (async function* () {
        yield Buffer.from(text);
      })(),
    );
  }

  it("carries on after the last committed batch, imports no row twice, and a stale run writes nothing", async () => {
    const c = await buildWorkspace(t);
    const db = t.database.db;
    const repo = importRepository(db);
    const lines = ["Name,Phone"];
    for (let i = 0; i < 250; i++) lines.push(`Row ${i},555${String(5000000 + (i % 240))}`);
    const text = `${lines.join("\n")}\n`;
    const row = await runningImport(repo, c.user.workspace.id, "rerun.csv", 250);
    const options = {
      db,
      importId: row.id,
      workspaceId: c.user.workspace.id,
      createdBy: null,
      mode: "skip" as const,
      country: "US",
      plan: PLANS.business,
      batchRows: 100,
      statementRows: 40,
    };
    // The first run stops (a crash, a server going down) after its first batch committed.
    const stop = new AbortController();
    await expect(
      importRecords(rowsAfter(text, 0), {
        ...options,
        committedRows: 0,
        signal: stop.signal,
        onBatch: async () => stop.abort(new Error("the server is stopping")),
      }),
    ).rejects.toThrow("the server is stopping");
    expect(await repo.get(c.user.workspace.id, row.id)).toMatchObject({ committedRows: 100, imported: 100 });

    // A run that read the import before that batch committed finds it moved on, and writes nothing.
    await expect(importRecords(rowsAfter(text, 0), { ...options, committedRows: 0 })).rejects.toBeInstanceOf(
      StaleRunError,
    );

    // The next run starts after the checkpoint.
    await importRecords(rowsAfter(text, 100), { ...options, committedRows: 100 });
    const after = await repo.get(c.user.workspace.id, row.id);
    expect(after).toMatchObject({ committedRows: 250, imported: 240, skipped: 10, rejected: 0 });
    const [counts] = await rows<{ contacts: number; phones: number }>(
      t,
      sql`select count(*)::int as contacts, count(distinct phone_e164)::int as phones
          from contacts where import_batch = ${row.id}`,
    );
    expect(counts).toEqual({ contacts: 240, phones: 240 });
  });
});

describe("an import stopped while a batch is committing", () => {
  it("says how many rows got in, counting that batch, and takes no batch after", async () => {
    const c = await buildWorkspace(t);
    const db = t.database.db;
    const repo = importRepository(db);
    const row = await runningImport(repo, c.user.workspace.id, "stopped.csv", 300);
    // A batch holds the import's row while a reader marks the import failed (its job cancelled).
    let stopping: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await importRepository(tx).claimBatch(row.id, 0);
      await importRepository(tx).recordBatch(row.id, {
        committedRows: 100,
        imported: 100,
        updated: 0,
        skipped: 0,
        rejected: 0,
      });
      stopping = repo.stop(
        c.user.workspace.id,
        row.id,
        (locked) => `stopped after ${locked.committedRows}`,
        new Date(),
      );
      // On PostgreSQL the stop waits on the row's lock; give it the time to try.
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await stopping;
    expect(await repo.get(c.user.workspace.id, row.id)).toMatchObject({
      status: "failed",
      committedRows: 100,
      error: "stopped after 100",
    });
    // The run that was writing finds the import over and writes nothing more.
    await expect(db.transaction((tx) => importRepository(tx).claimBatch(row.id, 100))).rejects.toBeInstanceOf(
      StaleRunError,
    );
    // Stopping it again leaves it as it was.
    expect(await repo.stop(c.user.workspace.id, row.id, () => "again", new Date())).toBeUndefined();
  });
});

describe("a cancelled import", () => {
  it("ends failed with what got in, and its stored file goes", async () => {
    const c = await buildWorkspace(t);
    const lines = ["Name,Phone"];
    for (let i = 0; i < 20_000; i++) lines.push(`Row ${i},555${String(6000000 + i)}`);
    const res = await upload(c, `${lines.join("\n")}\n`, "fileName=cancel.csv");
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json() as ContactImportResponse;
    const cancelled = await c.delete(`/api/jobs/${queued.jobId}`);
    expect(cancelled.json().status).toBe("cancelled");

    let done: ContactImportResponse | undefined;
    for (let i = 0; i < 200; i++) {
      done = (await c.get(`/api/contacts/imports/${queued.id}`)).json();
      if (done!.status !== "queued" && done!.status !== "running") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(done).toMatchObject({ status: "failed", finishedAt: expect.any(String) });
    expect(done!.error).toMatch(
      /^The import was cancelled after [\d,]+ of 20,000 rows\. The rows before that are in; upload the rest again\.$/,
    );
    const committed = Number(/after ([\d,]+) of/.exec(done!.error!)![1]!.replaceAll(",", ""));
    expect(outcomes(done!)).toBe(committed);
    // The stored file goes right after the import is marked failed.
    const left = await storedUploadGone(queued.id);
    expect(left).toEqual({ files: 0, contacts: done!.imported });
    expect(existsSync(path.join(t.config.dataDir, "imports", `${queued.id}.csv`))).toBe(false);
  });
});

describe("what a row holds, stored exactly", () => {
  // Rows travel to the database as bound arrays (tags joined by a separator): nothing in a value
  // may be read as syntax on the way.
  it("keeps backslashes, tabs, line breaks, quotes and braces, in text and in tags, and the defaults", async () => {
    const c = await buildWorkspace(t);
    const file = [
      csvLine(["Name", "Phone", "Email", "Notes", "Tags", "Company", "Lead Score", "Last Called"]),
      csvLine([
        "Back\\slash O'Neil",
        "(555) 777-0102",
        "awkward@example.com",
        'tab\there\r\nnew line, "quoted" \\N {braces}',
        'quote"tag, back\\tag, {curly}, plain',
        "C:\\Temp\tCo",
        "7",
        "2026-01-02T03:04:05Z",
      ]),
      csvLine(["Just A Name", "", "", "", "", "", "", ""]),
    ].join("");
    expect(await imported(c, file)).toMatchObject({ totalRows: 2, imported: 2, rejected: 0 });
    const stored = await rows(
      t,
      sql`select name, notes, tags, company, lead_score, extract(epoch from last_called)::int as last_called, lead_source, contact_status,
            preferred_contact_method, timezone, is_favorite, do_not_call, call_count, import_batch is not null as batched
          from contacts where workspace_id = ${c.user.workspace.id} order by name`,
    );
    // What every imported contact gets when its row says nothing else.
    const IMPORT_DEFAULTS = {
      lead_source: "import",
      contact_status: "new",
      preferred_contact_method: "phone",
      // No zone recorded: the number's own applies.
      timezone: null,
      is_favorite: false,
      do_not_call: false,
      call_count: 0,
      batched: true,
    };
    expect(stored).toEqual([
      {
        name: "Back\\slash O'Neil",
        notes: 'tab\there\r\nnew line, "quoted" \\N {braces}',
        tags: ['quote"tag', "back\\tag", "{curly}", "plain"],
        company: "C:\\Temp\tCo",
        lead_score: 7,
        last_called: Date.parse("2026-01-02T03:04:05Z") / 1000,
        ...IMPORT_DEFAULTS,
      },
      {
        name: "Just A Name",
        notes: null,
        tags: [],
        company: null,
        lead_score: 0,
        last_called: null,
        ...IMPORT_DEFAULTS,
      },
    ]);
  });
});

describe("our own export, imported again", () => {
  it("comes back field for field, its formula guards taken off, the columns it cannot take reported", async () => {
    const from = await buildWorkspace(t);
    const created = await from.post("/api/contacts", {
      name: "=Round Trip",
      phoneNumber: "+1 (555) 777-0101",
      email: "Trip@Example.com",
      company: "-Minus Co",
      notes: 'Line one\nline two, with "quotes"',
      preferredContactMethod: "sms",
      address: "1 Main St",
      website: "https://example.com",
      industry: "Retail",
      businessType: "Shop",
      tags: ["vip", "east"],
      isFavorite: true,
      doNotCall: true,
      leadScore: 42,
      contactStatus: "qualified",
      preferredContactTime: "mornings",
      timezone: "Europe/London",
    });
    expect(created.statusCode, created.body).toBe(201);
    const exported = await from.get("/api/contacts/export?format=csv");
    expect(exported.statusCode).toBe(200);

    const to = await buildWorkspace(t);
    const answer = await imported(to, exported.body, "fileName=contacts-export.csv");
    expect(answer).toMatchObject({ totalRows: 1, imported: 1, rejected: 0 });
    expect(answer.unknownColumns).toEqual(
      expect.arrayContaining(["Phone (E.164)", "Import Batch", "Created", "Updated", "Id"]),
    );
    const [copy] = await rows(
      t,
      sql`select name, phone_number, phone_e164, email, company, notes, preferred_contact_method, address,
            website, industry, business_type, tags, is_favorite, do_not_call, lead_score, contact_status,
            preferred_contact_time, timezone
          from contacts where workspace_id = ${to.user.workspace.id}`,
    );
    expect(copy).toEqual({
      name: "=Round Trip",
      phone_number: "+1 (555) 777-0101",
      phone_e164: "+15557770101",
      email: "trip@example.com",
      company: "-Minus Co",
      notes: 'Line one\nline two, with "quotes"',
      preferred_contact_method: "sms",
      address: "1 Main St",
      website: "https://example.com",
      industry: "Retail",
      business_type: "Shop",
      tags: ["vip", "east"],
      is_favorite: true,
      do_not_call: true,
      lead_score: 42,
      contact_status: "qualified",
      preferred_contact_time: "mornings",
      timezone: "Europe/London",
    });
  });
});

describe("the CSV limits", () => {
  // Line 3 is the hostile one in each: lines count as a spreadsheet counts them, a quoted
  // cell's line break inside line 2 starting no new one.
  const head = 'Name,Notes\nAnn Lee,"two\nlines"\n';
  const cases: [string, string, string][] = [
    ["more than 1,000 columns", `${head}Bo,${",".repeat(5_000)}\n`, csvTooManyColumns(3)],
    ["a cell longer than 64 KB", `${head}Bo,"${"y".repeat(70_000)}"\nCy,ok\n`, csvCellTooLong(3, 2)],
    [
      "a line longer than 1 MB",
      `${head}${Array.from({ length: 20 }, () => "z".repeat(60_000)).join(",")}\n`,
      csvLineTooLong(3),
    ],
    ["a quote never closed over 2 MB", `${head}Bo,"${"q".repeat(2_000_000)}\n`, csvCellTooLong(3, 2)],
  ];

  it.each(cases)(
    "refuse a file with %s: 400 naming the line, on both routes, nothing kept",
    async (_, body, message) => {
      const c = await buildWorkspace(t);
      expect(message).toMatch(/^Line 3(, column 2)?: /);
      const uploaded = await upload(c, body);
      expect(uploaded.statusCode, uploaded.body.slice(0, 300)).toBe(400);
      expect(uploaded.json().message).toBe(message);
      const json = await c.post("/api/contacts/import", { csvData: body });
      expect(json.statusCode, json.body.slice(0, 300)).toBe(400);
      expect(json.json().message).toBe(message);
      expect(await stored(c)).toEqual([]);
      expect((await c.get("/api/contacts/imports")).json()).toEqual([]);
    },
  );

  it("refuses a file past the limits far down a large upload, before any job is queued", async () => {
    const c = await buildWorkspace(t);
    const lines = ["Name,Phone"];
    for (let i = 0; i < 5_000; i++) lines.push(`Row ${i},555${String(7000000 + i)}`);
    lines.push(`Wide,${",".repeat(2_000)}`);
    const res = await upload(c, `${lines.join("\n")}\n`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().message).toBe(csvTooManyColumns(5_002));
    expect((await c.get("/api/contacts/imports")).json()).toEqual([]);
    const [files] = await rows<{ n: number }>(t, sql`select count(*)::int as n from contact_import_files`);
    expect(files?.n).toBe(0);
  });

  it("ends a job failed at once with the limit's message when its stored file is past them", async () => {
    const c = await buildWorkspace(t);
    const workspaceId = c.user.workspace.id;
    const repo = importRepository(t.database.db);
    // A stored upload the job reads (the request's own check would have refused it first).
    const queued = await repo.create(workspaceId, {
      createdBy: null,
      fileName: "stored.csv",
      mode: "skip",
      status: "queued",
      header: ["Name", "Notes"],
      unknownColumns: [],
      encoding: "utf-8",
      totalRows: 3,
    });
    const files =
      t.database.engine === "pglite"
        ? directoryFiles(path.join(t.config.dataDir, "imports"))
        : databaseFiles(repo);
    await files.writer(queued.id).write(Buffer.from(`${head}Bo,"${"y".repeat(70_000)}"\n`));
    const jobId = await t.app.services.jobs.send(
      "contacts.import",
      { importId: queued.id },
      { workspaceId, idempotencyKey: `contacts-import:${queued.id}` },
    );
    const job = await waitFor(
      async () => {
        const found = await t.app.services.jobs.get(workspaceId, jobId);
        return found?.status === "failed" || found?.status === "completed" ? found : undefined;
      },
      30_000,
      "the import job to end",
    );
    expect(job).toMatchObject({ status: "failed", attempts: 1, error: csvCellTooLong(3, 2) });
    const stopped = (await c.get(`/api/contacts/imports/${queued.id}`)).json() as ContactImportResponse;
    expect(stopped.status).toBe("failed");
    expect(stopped.error).toBe(
      `${csvCellTooLong(3, 2)} The import stopped after 0 of 3 rows. The rows before that are in; upload the rest again.`,
    );
    expect(await storedUploadGone(queued.id)).toEqual({ contacts: 0, files: 0 });
  });
});
