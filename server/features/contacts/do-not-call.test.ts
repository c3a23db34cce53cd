import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Contact, type DoNotCallEntry, INVALID_PHONE, NO_CSV_DATA } from "../../../common/contacts";
import { csvCellTooLong, csvTooManyColumns } from "../../../common/csv";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildMember, buildWorkspace } from "../../test/factories";

/**
 * The do-not-call list: adding, importing, exporting and removing numbers;
 * a contact's flag keeping it in step; `isDoNotCall`, which every outbound path asks.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MISSING = "00000000-0000-4000-8000-000000000000";
const listed = async (c: TestClient) =>
  ((await c.get("/api/do-not-call?limit=200")).json() as DoNotCallEntry[]).map((e) => [
    e.phoneE164,
    e.source,
  ]);
const isDoNotCall = (c: TestClient & { user?: { workspace: { id: string } } }, e164: string) =>
  t.app.services.doNotCall.isDoNotCall(c.user?.workspace.id ?? "", e164);

describe("adding and removing numbers", () => {
  it("adds a number as typed with its E.164 form (201); the same number again answers its entry (200)", async () => {
    const c = await buildWorkspace(t);
    const first = await c.post("/api/do-not-call", { phoneNumber: "(555) 201-4400" });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      phoneNumber: "(555) 201-4400",
      phoneE164: "+15552014400",
      source: "manual",
    });
    const again = await c.post("/api/do-not-call", { phoneNumber: "+1 555 201 4400" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await listed(c)).toEqual([["+15552014400", "manual"]]);
    expect(await isDoNotCall(c, "+15552014400")).toBe(true);
    expect(await isDoNotCall(c, "+15552014401")).toBe(false);
  });

  it.each([
    ["letters", "call me maybe"],
    ["too few digits", "12345"],
    ["an area code and exchange of zeros", "+1 (000) 000-0000"],
    ["an exchange starting with 1", "(212) 155-0100"],
    ["nothing", "   "],
  ])("refuses %s with 400 %s", async (_, phoneNumber) => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/do-not-call", { phoneNumber });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID_PHONE);
    expect(await listed(c)).toEqual([]);
  });

  it("removes an entry (204); another workspace's or a missing id answers 404", async () => {
    const c = await buildWorkspace(t);
    const other = await buildWorkspace(t);
    const entry = (await c.post("/api/do-not-call", { phoneNumber: "5552014401" })).json() as DoNotCallEntry;
    expect((await other.delete(`/api/do-not-call/${entry.id}`)).statusCode).toBe(404);
    expect((await c.delete(`/api/do-not-call/${MISSING}`)).statusCode).toBe(404);
    expect((await c.delete("/api/do-not-call/nope")).json().message).toBe("That entry id is not valid");
    expect((await c.delete(`/api/do-not-call/${entry.id}`)).statusCode).toBe(204);
    expect(await listed(c)).toEqual([]);
    expect(await isDoNotCall(c, "+15552014401")).toBe(false);
  });

  it("reads numbers in the workspace's default country", async () => {
    const c = await buildWorkspace(t);
    await c.patch("/api/workspace", { defaultCountry: "GB" });
    const res = await c.post("/api/do-not-call", { phoneNumber: "020 7946 0018" });
    expect(res.json().phoneE164).toBe("+442079460018");
  });

  it("lists newest first, paged, searched by number", async () => {
    const c = await buildWorkspace(t);
    for (const n of ["5552014410", "5552014411", "5552019999"])
      await c.post("/api/do-not-call", { phoneNumber: n });
    const page = await c.get("/api/do-not-call?limit=2");
    expect(page.headers).toMatchObject({ "x-total-count": "3", "x-total-pages": "2" });
    expect((page.json() as DoNotCallEntry[]).map((e) => e.phoneNumber)).toEqual(["5552019999", "5552014411"]);
    const found = await c.get("/api/do-not-call?search=(555) 201-441");
    expect((found.json() as DoNotCallEntry[]).map((e) => e.phoneNumber).sort()).toEqual([
      "5552014410",
      "5552014411",
    ]);
  });

  it("lets an agent read the list but only an admin change it", async () => {
    const owner = await buildWorkspace(t);
    const agent = await buildMember(t, owner, "agent");
    const admin = await buildMember(t, owner, "admin");
    const entry = (
      await admin.post("/api/do-not-call", { phoneNumber: "5552014420" })
    ).json() as DoNotCallEntry;
    expect((await agent.get("/api/do-not-call")).statusCode).toBe(200);
    expect((await agent.get("/api/do-not-call/export")).statusCode).toBe(200);
    for (const res of [
      await agent.post("/api/do-not-call", { phoneNumber: "5552014421" }),
      await agent.post("/api/do-not-call/import", { csvData: "5552014421" }),
      await agent.delete(`/api/do-not-call/${entry.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Only a workspace admin or owner can do that.");
    }
    expect(await listed(owner)).toEqual([["+15552014420", "manual"]]);
  });
});

describe("importing a list", () => {
  it("takes the column named phone, skipping the header; counts listed and repeated numbers; rejects with line numbers", async () => {
    const c = await buildWorkspace(t);
    await c.post("/api/do-not-call", { phoneNumber: "5552014430" });
    const csvData = [
      "\uFEFFName,Phone Number,Note",
      "Ann,(555) 201-4431,hates calls",
      "Bo,555.201.4430,already there",
      "",
      'Cy,"555-201-4432",two',
      "Di,+1 555 201 4431,again",
      "Ed,not a number,oops",
      "Flo,,blank",
    ].join("\r\n");
    const res = await c.post("/api/do-not-call/import", { csvData });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      added: 2,
      alreadyListed: 2,
      rejected: [
        { line: 7, value: "not a number", reason: INVALID_PHONE },
        { line: 8, value: "", reason: "There is no phone number on this line" },
      ],
    });
    expect((await listed(c)).sort()).toEqual([
      ["+15552014430", "manual"],
      ["+15552014431", "import"],
      ["+15552014432", "import"],
    ]);
  });

  it("takes a bare list, one number a line, or semicolon-separated cells, from the first column", async () => {
    const c = await buildWorkspace(t);
    const bare = await c.post("/api/do-not-call/import", { csvData: "5552014440\n5552014441\n" });
    expect(bare.json()).toEqual({ added: 2, alreadyListed: 0, rejected: [] });
    const semicolons = await c.post("/api/do-not-call/import", { csvData: "Numbers;Who\n5552014442;Al\n" });
    expect(semicolons.json()).toEqual({ added: 1, alreadyListed: 0, rejected: [] });
    const headed = await c.post("/api/do-not-call/import", { csvData: "Who\n5552014443\n" });
    expect(headed.json()).toEqual({ added: 1, alreadyListed: 0, rejected: [] });
    expect(await listed(c)).toHaveLength(4);
  });

  it.each([
    ["empty", ""],
    ["blank", " \n \n"],
  ])("refuses an %s file with the spec's No Data message", async (_, csvData) => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/do-not-call/import", { csvData });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NO_CSV_DATA);
  });

  // (A line longer than the 1 MB limit cannot come this way: the request's body is at most 1 MB.)
  it.each([
    ["more than 1,000 columns", `Phone\n5552014460\n5552014461,${",".repeat(3_000)}\n`, csvTooManyColumns(3)],
    [
      "a cell longer than 64 KB",
      `Phone,Note\n5552014460\n5552014461,"${"n".repeat(70_000)}"\n`,
      csvCellTooLong(3, 2),
    ],
  ])("refuses a list with %s: 400 naming the line, no number added", async (_, csvData, message) => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/do-not-call/import", { csvData });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await listed(c)).toEqual([]);
  });

  it("takes a long list in one request, its lines numbered to the end", async () => {
    const c = await buildWorkspace(t);
    const numbers = Array.from({ length: 3_000 }, (_, i) => `555${String(3000000 + i)}`);
    const res = await c.post("/api/do-not-call/import", { csvData: `Phone\n${numbers.join("\n")}\nnope\n` });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toEqual({
      added: 3_000,
      alreadyListed: 0,
      rejected: [{ line: 3_002, value: "nope", reason: INVALID_PHONE }],
    });
    expect((await c.get("/api/do-not-call?limit=1")).headers["x-total-count"]).toBe("3000");
  });

  it("refuses a file that is not CSV with 400 saying why", async () => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/do-not-call/import", { csvData: 'phone\n"5552014450\n' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^That file could not be read as CSV: /);
  });
});

describe("exporting the list", () => {
  it("sends a dated CSV of every entry, formula-looking cells made plain", async () => {
    const c = await buildWorkspace(t);
    await c.post("/api/do-not-call", { phoneNumber: "+1 555 201 4460" });
    await c.post("/api/do-not-call", { phoneNumber: "5552014461" });
    const res = await c.get("/api/do-not-call/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="do-not-call-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const table = parse(res.body, { bom: true }) as string[][];
    expect(table[0]).toEqual(["Phone Number", "E.164", "Source", "Added"]);
    expect(table.slice(1).map((row) => row.slice(0, 3))).toEqual([
      ["'+1 555 201 4460", "'+15552014460", "manual"],
      ["5552014461", "'+15552014461", "manual"],
    ]);
  });
});

describe("a contact's do-not-call flag", () => {
  it("puts the contact's number on the list; clearing it takes off only what the flag put there", async () => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/contacts", {
      name: "Quiet",
      phoneNumber: "555-201-4470",
      doNotCall: true,
    });
    const contact = res.json() as Contact;
    expect(await listed(c)).toEqual([["+15552014470", "contact"]]);
    expect(await isDoNotCall(c, "+15552014470")).toBe(true);

    await c.patch(`/api/contacts/${contact.id}`, { doNotCall: false });
    expect(await listed(c)).toEqual([]);
    expect(await isDoNotCall(c, "+15552014470")).toBe(false);

    // Listed by hand first: the flag neither duplicates nor removes it.
    await c.post("/api/do-not-call", { phoneNumber: "5552014470" });
    await c.patch(`/api/contacts/${contact.id}`, { doNotCall: true });
    await c.patch(`/api/contacts/${contact.id}`, { doNotCall: false });
    expect(await listed(c)).toEqual([["+15552014470", "manual"]]);
  });

  it("follows a flagged contact's new number, and keeps one another flagged contact still has", async () => {
    const c = await buildWorkspace(t);
    const a = (
      await c.post("/api/contacts", { name: "A", phoneNumber: "5552014480", doNotCall: true })
    ).json();
    await c.post("/api/contacts", { name: "B", phoneNumber: "5552014480", doNotCall: true });
    await c.patch(`/api/contacts/${a.id}`, { phoneNumber: "5552014481" });
    expect((await listed(c)).sort()).toEqual([
      ["+15552014480", "contact"],
      ["+15552014481", "contact"],
    ]);
    await c.patch(`/api/contacts/${a.id}`, { doNotCall: false });
    expect(await listed(c)).toEqual([["+15552014480", "contact"]]);
  });

  it("counts a flagged contact's number as do-not-call even with no list entry, and keeps the entry when the contact is deleted", async () => {
    const c = await buildWorkspace(t);
    const contact = (
      await c.post("/api/contacts", { name: "Q", phoneNumber: "5552014490", doNotCall: true })
    ).json();
    const [entry] = (await c.get("/api/do-not-call")).json() as DoNotCallEntry[];
    await c.delete(`/api/do-not-call/${entry?.id}`);
    expect(await isDoNotCall(c, "+15552014490")).toBe(true);
    await c.patch(`/api/contacts/${contact.id}`, { doNotCall: true, notes: "re-saved" });
    expect(await listed(c)).toEqual([["+15552014490", "contact"]]);
    await c.delete(`/api/contacts/${contact.id}`);
    expect(await isDoNotCall(c, "+15552014490")).toBe(true);
  });

  it("is the workspace's own: another workspace's list does not refuse the number", async () => {
    const a = await buildWorkspace(t);
    const b = await buildWorkspace(t);
    await a.post("/api/do-not-call", { phoneNumber: "5552014499" });
    expect(await isDoNotCall(a, "+15552014499")).toBe(true);
    expect(await isDoNotCall(b, "+15552014499")).toBe(false);
    expect(await listed(b)).toEqual([]);
  });
});
