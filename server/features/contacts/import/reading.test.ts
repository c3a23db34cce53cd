import { describe, expect, it } from "vitest";
import { normalizePhone } from "../phone";
import { fieldForHeader, planColumns } from "./columns";
import { decodeAll, encodingFromStart, SniffingDecoder } from "./decode";
import { mergeDraft, planBatch } from "./duplicates";
import { type CsvRecord, detectDelimiter, readRecords, UNCLOSED_QUOTE } from "./parse";
import { phoneE164 } from "./phone-fast";
import { cleanCell, readRow } from "./rows";

/**
 * The importer's reading, piece by piece, without a database: bytes to text, text to rows,
 * headers to fields, cells to a contact, and the duplicate rules. The HTTP tests
 * (import.test.ts) run the whole path on both databases.
 */

async function* chunked(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function records(text: string, size = 7): Promise<CsvRecord[]> {
  const out: CsvRecord[] = [];
  for await (const record of readRecords(chunked(text, size))) out.push(record);
  return out;
}

describe("decoding", () => {
  it("names the encoding from a byte-order mark, or from UTF-16's zero bytes", () => {
    expect(encodingFromStart(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe("utf-8");
    expect(encodingFromStart(new Uint8Array([0xff, 0xfe, 0x41, 0]))).toBe("utf-16le");
    expect(encodingFromStart(new Uint8Array([0xfe, 0xff, 0, 0x41]))).toBe("utf-16be");
    expect(encodingFromStart(Buffer.from("Name,Phone", "utf16le"))).toBe("utf-16le");
    expect(encodingFromStart(Buffer.from("Name,Phone", "utf8"))).toBeNull();
  });

  it("reads UTF-8 while it is valid and calls the file Windows-1252 once a byte is not", () => {
    const decoder = new SniffingDecoder();
    const head = Buffer.from(`Name,Notes\n${"Zoë,ok\n".repeat(20)}`, "utf8");
    let text = decoder.write(head);
    expect(decoder.encoding).toBe("utf-8");
    text += decoder.write(new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x2c, 0x78, 0x0a])); // "Café,x\n" in Windows-1252
    text += decoder.end();
    expect(decoder.encoding).toBe("windows-1252");
    expect(text.endsWith("Café,x\n")).toBe(true);
    expect(decodeAll(new Uint8Array([0x93, 0x68, 0x69, 0x94, 0x80]), "windows-1252")).toBe("“hi”€");
  });

  it("drops NUL characters, which PostgreSQL cannot store", () => {
    const decoder = new SniffingDecoder();
    expect(decoder.write(Buffer.from("Na\u0000me\n"))).toBe("");
    expect(decoder.end()).toBe("Name\n");
  });
});

describe("parsing", () => {
  it("detects the delimiter from the first line, outside quotes", () => {
    expect(detectDelimiter("Name,Phone,Email")).toBe(",");
    expect(detectDelimiter("Name;Phone;Email")).toBe(";");
    expect(detectDelimiter("Name\tPhone")).toBe("\t");
    expect(detectDelimiter("Name|Phone|Email")).toBe("|");
    expect(detectDelimiter('"Last, First";Phone')).toBe(";");
    expect(detectDelimiter("Name")).toBe(",");
  });

  it("gives each row its spreadsheet line: blank rows skipped but counted, quoted line breaks inside one row", async () => {
    const text = 'a;b\r\n"x\r\ny";z\n\n ; \rc;"say ""hi"""\rlast;row';
    expect(await records(text)).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["x\r\ny", "z"] },
      { line: 5, cells: ["c", 'say "hi"'] },
      { line: 6, cells: ["last", "row"] },
    ]);
  });

  it("keeps a stray quote in an unquoted cell, and reports a quote never closed on its line", async () => {
    expect(await records('Name,Notes\nAnn,5" tall\nBo,"never closed\nCy,x\n')).toEqual([
      { line: 1, cells: ["Name", "Notes"] },
      { line: 2, cells: ["Ann", '5" tall'] },
      { line: 3, broken: UNCLOSED_QUOTE },
    ]);
  });

  it("reads ragged rows as they are", async () => {
    expect(await records("a,b,c\n1\n1,2,3,4\n", 2)).toEqual([
      { line: 1, cells: ["a", "b", "c"] },
      { line: 2, cells: ["1"] },
      { line: 3, cells: ["1", "2", "3", "4"] },
    ]);
  });
});

describe("header mapping", () => {
  it.each([
    ["Name", "name"],
    ["Full Name", "name"],
    ["FIRST_NAME", "firstName"],
    ["Surname", "lastName"],
    ["Phone Number", "phoneNumber"],
    ["Mobile", "phoneNumber"],
    ["Tel", "phoneNumber"],
    ["E-mail", "email"],
    ["Email Address", "email"],
    ["Organization", "company"],
    ["Organisation", "company"],
    ["Business", "company"],
    ["Tags", "tags"],
    ["Status", "contactStatus"],
    ["Lead Score", "leadScore"],
    ["lead_source", "leadSource"],
    ["Favourite", "isFavorite"],
    ["Do Not Call", "doNotCall"],
    ["Preferred Contact Method", "preferredContactMethod"],
    ["Time Zone", "timezone"],
    ["Compnay", "company"],
    ["Adress", "address"],
    ["Emial", "email"],
    ["Twitter", null],
    ["City", null],
    ["Favorite Color", null],
    ["", null],
  ])("%j is %s", (header, field) => {
    expect(fieldForHeader(header)).toBe(field);
  });

  it("takes a first row that names a field as the header, and reports the columns it does not know", () => {
    const plan = planColumns(["Full Name", "Mobile", "Twitter", "Phone", ""]);
    expect(plan).toMatchObject({
      hasHeader: true,
      width: 4,
      columns: { name: [0], phoneNumber: [1, 3] },
      unknownColumns: ["Twitter"],
    });
  });

  it("reads a first row that names nothing in the spec's order: Name, Phone, Email, Company, Notes", () => {
    const plan = planColumns(["Ann Lee", "5551234567", "ann@example.com"]);
    expect(plan).toMatchObject({
      hasHeader: false,
      header: ["Name", "Phone", "Email", "Company", "Notes"],
      columns: { name: [0], phoneNumber: [1], email: [2], company: [3], notes: [4] },
    });
  });
});

describe("phone numbers", () => {
  it("reads the five usual spellings and international numbers", () => {
    for (const typed of [
      "(555) 123-4567",
      "555.123.4567",
      "+1 555 123 4567",
      "15551234567",
      "555-123-4567 ext. 12",
    ])
      expect(phoneE164(typed, "US"), typed).toBe("+15551234567");
    expect(phoneE164("+44 20 7946 0958", "US")).toBe("+442079460958");
    expect(phoneE164("020 7946 0958", "GB")).toBe("+442079460958");
    expect(phoneE164("12345", "US")).toBeNull();
    expect(phoneE164("call me", "US")).toBeNull();
  });

  it("agrees with the contacts area's reading on every spelling its fast path takes", () => {
    const forms = (d: string) => [
      d,
      `1${d}`,
      `+1${d}`,
      `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
      `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
      `1-${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
      `+1 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const samples = ["0000000000", "1111111111", "5551234567", "2125550100", "9999999999"];
    for (let i = 0; i < 300; i++) samples.push(String(next() % 10 ** 10).padStart(10, "0"));
    for (const digits of samples)
      for (const typed of forms(digits))
        for (const country of ["US", "CA", "GB", "DE"])
          expect(phoneE164(typed, country), `${typed} in ${country}`).toBe(
            normalizePhone(typed, country).e164,
          );
  });
});

describe("a row", () => {
  const plan = planColumns(["Name", "Phone", "Email", "Status", "Tags", "Lead Score", "Favorite", "Notes"]);

  it("takes off our export's apostrophe and keeps a formula as text", () => {
    expect(cleanCell("'=SUM(A1)")).toBe("=SUM(A1)");
    expect(cleanCell("  '+1 555 123 4567 ")).toBe("+1 555 123 4567");
    expect(cleanCell("'@handle")).toBe("@handle");
    expect(cleanCell("'-5")).toBe("-5");
    expect(cleanCell("'Tis the season")).toBe("'Tis the season");
    expect(cleanCell("=1+1")).toBe("=1+1");
  });

  it("normalises what it keeps: E.164, lower-cased email, status and tags", () => {
    const result = readRow(
      ["Ann", "(555) 123-4567", "Ann@Example.COM", "Not Interested", "vip, east;vip", "85", "Y", "'=A1"],
      plan,
      "US",
    );
    expect(result).toMatchObject({
      ok: true,
      contact: {
        name: "Ann",
        phoneNumber: "(555) 123-4567",
        phoneE164: "+15551234567",
        email: "ann@example.com",
        contactStatus: "not_interested",
        tags: ["vip", "east"],
        leadScore: 85,
        isFavorite: true,
        notes: "=A1",
      },
    });
  });

  it.each([
    [["", "5551234567"], "Name", "Name is required"],
    [["Ann", "12"], "Phone", '"12" is not a phone number'],
    [["Ann", "", "ann@"], "Email", '"ann@" is not a valid email address'],
    [
      ["Ann", "", "", "hot"],
      "Status",
      '"hot" is not a status: use new, contacted, interested, qualified, converted, not_interested',
    ],
    [
      ["Ann", "", "", "", "", "101"],
      "Lead Score",
      '"101" is not a lead score: use a whole number from 0 to 100',
    ],
    [["Ann", "", "", "", "", "", "maybe"], "Favorite", '"maybe" is not yes or no'],
    [["A".repeat(201)], "Name", "Name is longer than 200 characters (it has 201)"],
    [
      ["Ann", "", "", "", "", "", "", "n".repeat(5001)],
      "Notes",
      "Notes is longer than 5000 characters (it has 5001)",
    ],
  ])("refuses %j: %s, %s", (cells, column, reason) => {
    expect(readRow(cells, plan, "US")).toEqual({ ok: false, column, reason });
  });

  it("refuses a row with more cells than the header, unless the extra ones are empty", () => {
    const narrow = planColumns(["Name", "Phone"]);
    expect(readRow(["Ann", "5551234567", "", " "], narrow, "US").ok).toBe(true);
    expect(readRow(["Ann", "555", "1234567"], narrow, "US")).toEqual({
      ok: false,
      column: null,
      reason:
        "This row has 3 cells but the header has 2: a value may hold an unquoted delimiter. Put the value in quotes or remove the extra cells",
    });
  });

  it("joins a first and a last name", () => {
    const names = planColumns(["First Name", "Last Name"]);
    expect(readRow(["Ann", "Lee"], names, "US")).toMatchObject({ ok: true, contact: { name: "Ann Lee" } });
    expect(readRow(["", ""], names, "US")).toEqual({
      ok: false,
      column: "First Name",
      reason: "Name is required",
    });
  });
});

describe("duplicates", () => {
  const plan = planColumns(["Name", "Phone", "Email", "Tags"]);
  const row = (line: number, cells: string[]) => {
    const result = readRow(cells, plan, "US");
    if (!result.ok) throw new Error(result.reason);
    return { line, cells, contact: result.contact };
  };
  const rows = [
    row(2, ["Ann", "5550000001", "", "a"]),
    row(3, ["Ann Again", "", "", "b"]),
    row(4, ["Bo", "(555) 000-0001", "bo@x.com", "c"]),
    row(5, ["Cy", "", "old@x.com", ""]),
    row(6, ["Di", "5550000009", "", ""]),
  ];
  const existing = [{ id: "old", phoneE164: null, email: "old@x.com" }];

  it("skips a row matching an earlier row's phone or the workspace's email", () => {
    expect(planBatch(rows, existing, "skip", Number.POSITIVE_INFINITY)).toMatchObject({
      imported: 3,
      skipped: 2,
      updated: 0,
    });
  });

  it("updates with the row's non-empty values, adding tags; a match within the batch updates the new contact", () => {
    const planned = planBatch(rows, existing, "update", Number.POSITIVE_INFINITY);
    expect(planned).toMatchObject({ imported: 3, updated: 2 });
    expect(planned.inserts[0]).toMatchObject({ name: "Bo", email: "bo@x.com", tags: ["a", "c"] });
    expect(planned.updates.get("old")).toMatchObject({ name: "Cy", email: "old@x.com", phoneNumber: null });
  });

  it("creates every row in create mode, and refuses rows past the plan's room one by one", () => {
    expect(planBatch(rows, existing, "create", Number.POSITIVE_INFINITY)).toMatchObject({ imported: 5 });
    const limited = planBatch(rows, existing, "create", 2);
    expect(limited.imported).toBe(2);
    expect(limited.overLimit.map((c) => c.line)).toEqual([4, 5, 6]);
  });

  it("merges a typed phone with its E.164 and leaves empty values alone", () => {
    const base = rows[0]!.contact;
    const merged = mergeDraft(base, { ...rows[4]!.contact, name: "Ann L" });
    expect(merged).toMatchObject({
      name: "Ann L",
      phoneNumber: "5550000009",
      phoneE164: "+15550000009",
      tags: ["a"],
    });
  });
});
