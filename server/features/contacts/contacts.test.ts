import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Contact, INVALID_EMAIL, INVALID_PHONE, NAME_REQUIRED } from "../../../common/contacts";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildCall, buildMember, buildWorkspace, rows, type SignedInClient } from "../../test/factories";
import { EXACT_COUNT_CAP, SEARCH_COUNT_CAP, TAG_COUNT_CAP } from "./service";

/**
 * The contacts API: the list with its filters, search, sorts and paging
 * headers; adding, editing (PATCH and PUT), deleting; stats; the plan's contact limit; the
 * names calls show. Runs on the embedded database, and on PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MISSING = "00000000-0000-4000-8000-000000000000";

async function add(c: TestClient, fields: Record<string, unknown>): Promise<Contact> {
  const res = await c.post("/api/contacts", fields);
  if (res.statusCode !== 201) throw new Error(`adding failed: ${res.statusCode} ${res.body}`);
  return res.json() as Contact;
}

const names = (res: { json(): unknown }) => (res.json() as Contact[]).map((c) => c.name);

/** Rows straight into the table (thousands at once), through the contacts service. */
async function seed(
  owner: SignedInClient,
  count: number,
  fields: (i: number) => Record<string, unknown> = () => ({}),
) {
  const list = Array.from({ length: count }, (_, i) => ({ name: `Seeded ${i}`, ...fields(i) }));
  await t.app.services.contacts.insertMany(owner.user.workspace.id, list);
}

describe("adding a contact", () => {
  it("takes the contacts screen's four fields and answers 201 with the whole contact", async () => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/contacts", {
      name: "  Dana Whitfield ",
      phoneNumber: "(555) 123-4567",
      email: "Dana@Example.COM",
      notes: "Prefers mornings",
    });
    expect(res.statusCode, res.body).toBe(201);
    const contact = res.json() as Contact;
    expect(contact).toMatchObject({
      name: "Dana Whitfield",
      phoneNumber: "(555) 123-4567",
      phoneE164: "+15551234567",
      email: "dana@example.com",
      notes: "Prefers mornings",
      company: null,
      preferredContactMethod: "phone",
      tags: [],
      isFavorite: false,
      doNotCall: false,
      leadSource: "manual",
      leadScore: 0,
      contactStatus: "new",
      timezone: "America/New_York",
      callCount: 0,
      lastCalled: null,
    });
    expect((await c.get(`/api/contacts/${contact.id}`)).json()).toEqual(contact);
  });

  it("takes the manager form: tags as comma-separated text, unknown keys (id, callCount, createdAt) ignored", async () => {
    const c = await buildWorkspace(t);
    const contact = await add(c, {
      id: "ignored",
      name: "Lee Ortiz",
      phoneNumber: "+44 20 7946 0018",
      company: "Ortiz Roofing",
      preferredContactMethod: "sms",
      address: "1 High St",
      tags: " roofing,  vip ,roofing, ,",
      industry: "construction",
      businessType: "contractor",
      isFavorite: true,
      contactStatus: "interested",
      callCount: 99,
      createdAt: "2020-01-01",
      leadScore: 75,
      timezone: "Europe/London",
      serpApiData: { searchLocation: "Miami", searchKeyword: "roofers" },
    });
    expect(contact).toMatchObject({
      phoneE164: "+442079460018",
      company: "Ortiz Roofing",
      preferredContactMethod: "sms",
      tags: ["roofing", "vip"],
      isFavorite: true,
      contactStatus: "interested",
      callCount: 0,
      leadScore: 75,
      timezone: "Europe/London",
      serpApiData: { searchLocation: "Miami", searchKeyword: "roofers" },
    });
    expect(contact.id).not.toBe("ignored");
    expect(new Date(contact.createdAt).getFullYear()).toBeGreaterThan(2020);
  });

  it.each([
    ["too few digits", "555-1234"],
    ["an area code and exchange of zeros", "+1 (000) 000-0000"],
    ["an area code no one has", "(999) 555-0100"],
  ])(
    "refuses a number no one can hold (%s) when adding or editing, with the field named",
    async (_, phoneNumber) => {
      const c = await buildWorkspace(t);
      const refused = await c.post("/api/contacts", { name: "Nobody", phoneNumber });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: INVALID_PHONE,
        issues: [{ path: "phoneNumber", message: INVALID_PHONE }],
      });
      const kept = await add(c, { name: "Real", phoneNumber: "(212) 555-0100" });
      expect(kept).toMatchObject({ phoneE164: "+12125550100" });
      const edited = await c.patch(`/api/contacts/${kept.id}`, { phoneNumber });
      expect(edited.statusCode).toBe(400);
      expect(edited.json().message).toBe(INVALID_PHONE);
      expect((await c.get(`/api/contacts/${kept.id}`)).json()).toMatchObject({ phoneE164: "+12125550100" });
    },
  );

  it.each([
    ["no name", { phoneNumber: "5551234567" }, NAME_REQUIRED],
    ["a blank name", { name: "   " }, NAME_REQUIRED],
    ["a name that is not text", { name: 42 }, NAME_REQUIRED],
    ["an invalid email", { name: "Pat", email: "pat@" }, INVALID_EMAIL],
    [
      "an unknown preferred contact method",
      { name: "Pat", preferredContactMethod: "fax" },
      "Preferred contact method must be phone, email, mail, sms or other",
    ],
    [
      "an unknown status",
      { name: "Pat", contactStatus: "hot" },
      "Status must be new, contacted, interested, qualified, converted or not_interested",
    ],
    ["a lead score over 100", { name: "Pat", leadScore: 101 }, "Lead score must be a number from 0 to 100"],
    ["a name too long", { name: "x".repeat(201) }, "Name must be at most 200 characters"],
    [
      "a time zone that is none",
      { name: "Pat", timezone: "Mars/Olympus" },
      "Time zone must be a time zone name",
    ],
    ["a campaign id that is not one", { name: "Pat", campaignId: "abc" }, "That campaign id is not valid"],
  ])("refuses %s with 400 and a message a person can act on", async (_, body, message) => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/contacts", body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await c.get("/api/contacts")).json()).toEqual([]);
  });

  it("stores an empty email as none", async () => {
    const c = await buildWorkspace(t);
    expect((await add(c, { name: "Pat", email: "" })).email).toBeNull();
  });
});

describe("the plan's contact limit", () => {
  it("refuses the contact past the limit with 402 naming the limit and the plans that keep more", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    await seed(c, 99);
    expect((await c.post("/api/contacts", { name: "The hundredth" })).statusCode).toBe(201);
    const refused = await c.post("/api/contacts", { name: "One too many" });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(
      "The Personal plan keeps up to 100 contacts. Upgrade to Pro, Premium or Business to add more.",
    );
    expect(Number((await c.get("/api/contacts")).headers["x-total-count"])).toBe(100);
    expect((await c.get("/api/contacts/stats")).json().contactLimit).toBe(100);
  });

  it("lets two additions race for the last place: one is taken, the other refused", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    await seed(c, 99);
    const answers = await Promise.all([
      c.post("/api/contacts", { name: "First" }),
      c.post("/api/contacts", { name: "Second" }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 402]);
    expect(Number((await c.get("/api/contacts")).headers["x-total-count"])).toBe(100);
  });

  it("has no limit on the business plan", async () => {
    const c = await buildWorkspace(t);
    await seed(c, 150);
    expect((await c.post("/api/contacts", { name: "Number 151" })).statusCode).toBe(201);
    expect((await c.get("/api/contacts/stats")).json().contactLimit).toBe(-1);
  });
});

describe("listing", () => {
  it("lists only the workspace's own contacts, newest first, with the page in headers", async () => {
    const a = await buildWorkspace(t);
    const b = await buildWorkspace(t);
    await add(a, { name: "Older" });
    await add(a, { name: "Newer" });
    await add(b, { name: "Not yours" });
    const res = await a.get("/api/contacts");
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(["Newer", "Older"]);
    expect(res.headers).toMatchObject({
      "x-total-count": "2",
      "x-total-pages": "1",
      "x-page": "1",
      "x-limit": "50",
    });
    expect(res.headers["x-total-count-estimated"]).toBeUndefined();
    expect(res.headers.link).toBeUndefined();
  });

  it("pages, linking to the pages either side with the same filters", async () => {
    const c = await buildWorkspace(t);
    await seed(c, 5, (i) => ({ contactStatus: i % 2 ? "new" : "contacted" }));
    const res = await c.get("/api/contacts?status=contacted&limit=1&page=2&sort=name");
    expect(names(res)).toEqual(["Seeded 2"]);
    expect(res.headers).toMatchObject({ "x-total-count": "3", "x-total-pages": "3", "x-page": "2" });
    expect(res.headers.link).toBe(
      '</api/contacts?status=contacted&sort=name&limit=1&page=3>; rel="next", </api/contacts?status=contacted&sort=name&limit=1&page=1>; rel="prev"',
    );
    const past = await c.get("/api/contacts?limit=2&page=9");
    expect(past.json()).toEqual([]);
    expect(past.headers["x-total-pages"]).toBe("3");
  });

  it("searches name, phone (as typed and by its digits), email and company, case-insensitively", async () => {
    const c = await buildWorkspace(t);
    await add(c, { name: "Dana Whitfield", phoneNumber: "(555) 123-4567", email: "dana@whit.example" });
    await add(c, { name: "Lee Ortiz", company: "Ortiz ROOFING", email: "lee@roof.example" });
    await add(c, { name: "100% Pure_Water", phoneNumber: "555 987 6543" });
    const search = async (term: string) =>
      names(await c.get(`/api/contacts?search=${encodeURIComponent(term)}`));
    expect(await search("DANA")).toEqual(["Dana Whitfield"]);
    expect(await search("roofing")).toEqual(["Lee Ortiz"]);
    expect(await search("@whit.EXAMPLE")).toEqual(["Dana Whitfield"]);
    expect(await search("123-45")).toEqual(["Dana Whitfield"]);
    expect(await search("5551234567")).toEqual(["Dana Whitfield"]);
    expect(await search("555.987.6543")).toEqual(["100% Pure_Water"]);
    // LIKE's own characters match only themselves.
    expect(await search("100%")).toEqual(["100% Pure_Water"]);
    expect(await search("%")).toEqual(["100% Pure_Water"]);
    expect(await search("e_w")).toEqual(["100% Pure_Water"]);
    expect(await search("nobody")).toEqual([]);
  });

  it("filters by status, source, tag, favourite, has-phone and do-not-call, combined", async () => {
    const c = await buildWorkspace(t);
    await add(c, {
      name: "A",
      contactStatus: "interested",
      tags: "vip",
      isFavorite: true,
      phoneNumber: "5551230001",
    });
    await add(c, { name: "B", contactStatus: "interested", leadSource: "referral", tags: ["vip", "fair"] });
    await add(c, { name: "C", doNotCall: true, phoneNumber: "5551230003" });
    const filter = async (query: string) => names(await c.get(`/api/contacts?${query}&sort=name`));
    expect(await filter("status=interested")).toEqual(["A", "B"]);
    expect(await filter("source=referral")).toEqual(["B"]);
    expect(await filter("tag=vip")).toEqual(["A", "B"]);
    expect(await filter("tag=fair")).toEqual(["B"]);
    expect(await filter("favorite=true")).toEqual(["A"]);
    expect(await filter("favorite=false")).toEqual(["B", "C"]);
    expect(await filter("hasPhone=true")).toEqual(["A", "C"]);
    expect(await filter("hasPhone=false")).toEqual(["B"]);
    expect(await filter("doNotCall=true")).toEqual(["C"]);
    expect(await filter("status=interested&hasPhone=true&tag=vip")).toEqual(["A"]);
  });

  it("sorts by every sort it offers", async () => {
    const c = await buildWorkspace(t);
    const b = await add(c, { name: "Bea", leadScore: 10 });
    await add(c, { name: "Al", leadScore: 90 });
    await add(c, { name: "Cy", leadScore: 50 });
    await t.database.db.execute(
      sql`update contacts set last_called = now() - interval '1 day' where id = ${b.id}`,
    );
    await c.patch(`/api/contacts/${b.id}`, { notes: "touched last" });
    const sorted = async (sort: string) => names(await c.get(`/api/contacts?sort=${sort}`));
    expect(await sorted("newest")).toEqual(["Cy", "Al", "Bea"]);
    expect(await sorted("oldest")).toEqual(["Bea", "Al", "Cy"]);
    expect(await sorted("name")).toEqual(["Al", "Bea", "Cy"]);
    expect(await sorted("leadScore")).toEqual(["Al", "Cy", "Bea"]);
    expect((await sorted("lastCalled"))[0]).toBe("Bea");
    expect((await sorted("updated"))[0]).toBe("Bea");
  });

  it("pages each filtered list in the whole list's order, for every sort", async () => {
    const c = await buildWorkspace(t);
    // Repeated names and scores (ties broken by the id), some calls, favourites, do-not-call and
    // contacts without a number: the small sets' pages are picked from their own index.
    await seed(c, 40, (i) => ({
      name: `Name ${i % 7}`,
      leadScore: (i * 13) % 5,
      isFavorite: i % 3 === 0,
      doNotCall: i % 4 === 0,
      phoneNumber: i % 5 === 0 ? null : `555123${String(i).padStart(4, "0")}`,
      lastCalled: i % 2 ? new Date(Date.UTC(2026, 0, 1 + (i % 6))) : null,
    }));
    const filters: [string, (contact: Contact) => boolean][] = [
      ["favorite=true", (contact) => contact.isFavorite],
      ["doNotCall=true", (contact) => contact.doNotCall],
      ["hasPhone=false", (contact) => contact.phoneNumber === null],
      ["favorite=false&hasPhone=true", (contact) => !contact.isFavorite && contact.phoneNumber !== null],
    ];
    for (const sort of ["newest", "oldest", "name", "lastCalled", "leadScore", "updated"]) {
      const whole = (await c.get(`/api/contacts?sort=${sort}&limit=200`)).json() as Contact[];
      for (const [query, keep] of filters) {
        const paged: string[] = [];
        for (let page = 1; ; page++) {
          const res = await c.get(`/api/contacts?${query}&sort=${sort}&limit=4&page=${page}`);
          const ids = (res.json() as Contact[]).map((contact) => contact.id);
          if (ids.length === 0) break;
          paged.push(...ids);
        }
        expect(paged, `${query} sorted by ${sort}`).toEqual(whole.filter(keep).map((contact) => contact.id));
      }
    }
  });

  it.each([
    ["status=hot", "Unknown status"],
    ["source=web", "Unknown source"],
    ["favorite=yes", "favorite must be true or false"],
    ["hasPhone=1", "hasPhone must be true or false"],
    ["sort=random", "Sort must be newest, oldest, name, lastCalled, leadScore or updated"],
    ["page=0", "Page must be a whole number from 1"],
    ["limit=500", "Limit must be a whole number from 1 to 200"],
    [`search=${"x".repeat(201)}`, "Search must be at most 200 characters"],
  ])("refuses ?%s with 400", async (query, message) => {
    const c = await buildWorkspace(t);
    const res = await c.get(`/api/contacts?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it(`counts exactly up to ${EXACT_COUNT_CAP}, then says the total is an estimate`, async () => {
    const c = await buildWorkspace(t);
    await seed(c, EXACT_COUNT_CAP, (i) => ({
      contactStatus: i < 20 ? "converted" : "new",
      tags: i % 4 === 0 ? ["vip"] : i < 4 ? ["rare"] : [],
    }));
    const exact = await c.get("/api/contacts?limit=1");
    expect(exact.headers["x-total-count"]).toBe(String(EXACT_COUNT_CAP));
    expect(exact.headers["x-total-count-estimated"]).toBeUndefined();
    await seed(c, 5);
    // Fresh statistics, as autovacuum would have after a large import.
    await t.database.db.execute(sql`analyze contacts`);
    const estimated = await c.get("/api/contacts?limit=1");
    expect(estimated.headers["x-total-count-estimated"]).toBe("true");
    const total = Number(estimated.headers["x-total-count"]);
    expect(total).toBeGreaterThan(EXACT_COUNT_CAP);
    expect(Number(estimated.headers["x-total-pages"])).toBe(total);
    // A narrow filter under the cap is still exact.
    const narrow = await c.get("/api/contacts?status=converted");
    expect(narrow.headers["x-total-count"]).toBe("20");
    expect(narrow.headers["x-total-count-estimated"]).toBeUndefined();
    // A search counts up to its own, lower cap.
    const searched = await c.get("/api/contacts?search=seeded&limit=1");
    expect(searched.headers["x-total-count-estimated"]).toBe("true");
    expect(Number(searched.headers["x-total-count"])).toBeGreaterThan(SEARCH_COUNT_CAP);
    const few = await c.get(`/api/contacts?search=${encodeURIComponent("seeded 999")}`);
    expect(few.headers["x-total-count"]).toBe("11");
    expect(few.headers["x-total-count-estimated"]).toBeUndefined();
    // So does a tag: 2,500 "vip" contacts are past it, three "rare" ones are counted exactly.
    const tagged = await c.get("/api/contacts?tag=vip&limit=1");
    expect(tagged.headers["x-total-count-estimated"]).toBe("true");
    expect(Number(tagged.headers["x-total-count"])).toBeGreaterThan(TAG_COUNT_CAP);
    // The estimate is of the "vip" contacts among all, not among the tagged (a quarter of that).
    expect(Number(tagged.headers["x-total-count"])).toBeGreaterThan(2500 * 0.75);
    expect(Number(tagged.headers["x-total-count"])).toBeLessThan(2500 * 1.34);
    const rare = await c.get("/api/contacts?tag=rare");
    expect(rare.headers["x-total-count"]).toBe("3");
    expect(rare.headers["x-total-count-estimated"]).toBeUndefined();
  });
});

describe("editing and deleting", () => {
  it("PATCH changes the sent fields only, reading a changed phone number again", async () => {
    const c = await buildWorkspace(t);
    const created = await add(c, {
      name: "Dana",
      phoneNumber: "5551234567",
      email: "d@example.com",
      tags: "a",
    });
    const res = await c.patch(`/api/contacts/${created.id}`, { phoneNumber: "+1 (555) 765-4321", tags: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Dana",
      email: "d@example.com",
      phoneNumber: "+1 (555) 765-4321",
      phoneE164: "+15557654321",
      tags: [],
    });
    expect(new Date(res.json().updatedAt) >= new Date(created.updatedAt)).toBe(true);
    const cleared = await c.patch(`/api/contacts/${created.id}`, {
      phoneNumber: "",
      email: null,
      timezone: null,
    });
    expect(cleared.json()).toMatchObject({
      phoneNumber: null,
      phoneE164: null,
      email: null,
      timezone: "America/New_York",
    });
  });

  it("PUT takes the whole form with its id, and refuses an id that is not the address's", async () => {
    const c = await buildWorkspace(t);
    const created = await add(c, { name: "Lead", contactStatus: "new" });
    const put = await c.put(`/api/contacts/${created.id}`, {
      ...created,
      contactStatus: "qualified",
      notes: "Wants a quote",
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id: created.id, contactStatus: "qualified", notes: "Wants a quote" });
    const mismatch = await c.put(`/api/contacts/${created.id}`, { id: MISSING, name: "Other" });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe("The id in the body must be the id of the contact in the address");
    expect((await c.get(`/api/contacts/${created.id}`)).json().name).toBe("Lead");
  });

  it.each([
    ["an empty change", {}, "Send at least one field to change"],
    ["a blank name", { name: " " }, NAME_REQUIRED],
    ["an invalid email", { email: "nope" }, INVALID_EMAIL],
    ["isFavorite that is not a boolean", { isFavorite: "yes" }, "isFavorite must be true or false"],
  ])("PATCH refuses %s with 400", async (_, body, message) => {
    const c = await buildWorkspace(t);
    const created = await add(c, { name: "Kept" });
    const res = await c.patch(`/api/contacts/${created.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("deletes with 204; the contact is gone", async () => {
    const c = await buildWorkspace(t);
    const created = await add(c, { name: "Gone soon" });
    expect((await c.delete(`/api/contacts/${created.id}`)).statusCode).toBe(204);
    expect((await c.get(`/api/contacts/${created.id}`)).statusCode).toBe(404);
    expect((await c.delete(`/api/contacts/${created.id}`)).statusCode).toBe(404);
  });

  it("answers 404 to another workspace's ids and to missing ones, and 400 to ids that are not ids", async () => {
    const owner = await buildWorkspace(t);
    const intruder = await buildWorkspace(t);
    const theirs = await add(owner, { name: "Private" });
    for (const id of [theirs.id, MISSING]) {
      expect((await intruder.get(`/api/contacts/${id}`)).statusCode).toBe(404);
      expect((await intruder.patch(`/api/contacts/${id}`, { name: "Mine" })).statusCode).toBe(404);
      expect((await intruder.put(`/api/contacts/${id}`, { name: "Mine" })).statusCode).toBe(404);
      expect((await intruder.delete(`/api/contacts/${id}`)).statusCode).toBe(404);
      expect((await intruder.get(`/api/contacts/${id}/phone-logs`)).statusCode).toBe(404);
    }
    const bad = await intruder.get("/api/contacts/not-an-id");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("That contact id is not valid");
    expect((await owner.get(`/api/contacts/${theirs.id}`)).json().name).toBe("Private");
  });

  it("lets an agent read, add, edit and delete contacts", async () => {
    const owner = await buildWorkspace(t);
    const agent = await buildMember(t, owner, "agent");
    const created = await add(agent, { name: "By the agent" });
    expect((await agent.patch(`/api/contacts/${created.id}`, { isFavorite: true })).statusCode).toBe(200);
    expect(names(await owner.get("/api/contacts"))).toEqual(["By the agent"]);
    expect((await agent.get("/api/contacts/stats")).statusCode).toBe(200);
    expect((await agent.delete(`/api/contacts/${created.id}`)).statusCode).toBe(204);
    const [row] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from contacts where workspace_id = ${owner.user.workspace.id}`,
    );
    expect(row?.n).toBe(0);
  });
});

describe("GET /api/contacts/stats", () => {
  it("counts from the rows: new, contacted today in the workspace's zone, conversion and mean score to one decimal", async () => {
    const c = await buildWorkspace(t);
    expect((await c.get("/api/contacts/stats")).json()).toEqual({
      totalContacts: 0,
      newContacts: 0,
      contactedToday: 0,
      conversionRate: 0,
      avgLeadScore: 0,
      contactLimit: -1,
    });
    const a = await add(c, { name: "A", leadScore: 10 });
    const b = await add(c, { name: "B", leadScore: 20, contactStatus: "converted" });
    const d = await add(c, { name: "C", leadScore: 33, contactStatus: "contacted" });
    await add(c, { name: "D", leadScore: 0 });
    await add(c, { name: "E", leadScore: 0, contactStatus: "interested" });
    await add(c, { name: "F", leadScore: 1, contactStatus: "qualified" });
    await t.database.db.execute(sql`update contacts set last_called = now() where id = ${a.id}`);
    await t.database.db.execute(sql`update contacts set last_contact_attempt = now() where id = ${b.id}`);
    // Two days ago is not today in any zone.
    await t.database.db.execute(
      sql`update contacts set last_called = now() - interval '2 days' where id = ${d.id}`,
    );
    expect((await c.get("/api/contacts/stats")).json()).toEqual({
      totalContacts: 6,
      newContacts: 2,
      contactedToday: 2,
      conversionRate: 16.7,
      avgLeadScore: 10.7,
      contactLimit: -1,
    });
  });
});

describe("the stats' kept counts", () => {
  /** What the stats would be if every row were read: the truth the counter row must match. */
  async function fromRows(workspaceId: string) {
    const [row] = await rows<{ total: number; fresh: number; converted: number; score: number }>(
      t,
      sql`select count(*)::int as total, (count(*) filter (where contact_status = 'new'))::int as fresh,
            (count(*) filter (where contact_status = 'converted'))::int as converted,
            coalesce(sum(lead_score), 0)::int as score
          from contacts where workspace_id = ${workspaceId}`,
    );
    const total = row?.total ?? 0;
    return {
      totalContacts: total,
      newContacts: row?.fresh ?? 0,
      conversionRate: total === 0 ? 0 : Math.round(((row?.converted ?? 0) / total) * 1000) / 10,
      avgLeadScore: total === 0 ? 0 : Math.round(((row?.score ?? 0) / total) * 10) / 10,
    };
  }

  async function expectKept(c: SignedInClient) {
    const stats = (await c.get("/api/contacts/stats")).json();
    expect(stats).toMatchObject(await fromRows(c.user.workspace.id));
    return stats;
  }

  it("stay equal to the rows through adding, editing, bulk inserts, imports, undo and deletion, per workspace", async () => {
    const c = await buildWorkspace(t);
    const other = await buildWorkspace(t);
    await add(other, { name: "Elsewhere", leadScore: 90, contactStatus: "converted" });

    const a = await add(c, { name: "A", leadScore: 40 });
    await add(c, { name: "B", leadScore: 60, contactStatus: "converted" });
    expect(await expectKept(c)).toMatchObject({ totalContacts: 2, newContacts: 1, avgLeadScore: 50 });

    // An edit that moves the contact between counts, and one that changes none of them.
    expect(
      (await c.patch(`/api/contacts/${a.id}`, { contactStatus: "converted", leadScore: 10 })).statusCode,
    ).toBe(200);
    expect((await c.patch(`/api/contacts/${a.id}`, { notes: "Called back" })).statusCode).toBe(200);
    expect(await expectKept(c)).toMatchObject({ totalContacts: 2, newContacts: 0, conversionRate: 100 });

    await seed(c, 300, (i) => ({ leadScore: i % 101, contactStatus: i % 3 === 0 ? "converted" : "new" }));
    await expectKept(c);

    const imported = await c.post("/api/contacts/import", {
      csvData: "Name,Phone,Lead Score,Status\nImp One,5551230001,70,new\nImp Two,5551230002,30,converted\n",
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await expectKept(c)).toMatchObject({ totalContacts: 304 });
    const undone = await c.post(`/api/contacts/imports/${imported.json().importId}/undo`, {});
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await expectKept(c)).toMatchObject({ totalContacts: 302 });

    expect((await c.delete(`/api/contacts/${a.id}`)).statusCode).toBe(204);
    expect(await expectKept(c)).toMatchObject({ totalContacts: 301 });

    // The other workspace's figures never moved.
    expect((await other.get("/api/contacts/stats")).json()).toMatchObject({
      totalContacts: 1,
      conversionRate: 100,
      avgLeadScore: 90,
    });
  });
});

describe("known contacts on calls", () => {
  it("shows a contact's name on a call from their number, however either was written", async () => {
    const c = await buildWorkspace(t);
    await add(c, { name: "Dana Whitfield", phoneNumber: "(555) 201-7788" });
    const call = await buildCall(c, { phoneNumber: "+1 555-201-7788", live: true });
    expect(call.callerName).toBe("Dana Whitfield");
    const history = (await c.get("/api/calls")).json();
    expect(JSON.stringify(history)).toContain("Dana Whitfield");
  });

  it("reads a caller's number in the workspace's default country, so a contact's name is found there too", async () => {
    const c = await buildWorkspace(t);
    expect((await c.patch("/api/workspace", { defaultCountry: "GB" })).statusCode).toBe(200);
    await add(c, { name: "Imogen Hale", phoneNumber: "020 7946 0018" });
    const call = await buildCall(c, { phoneNumber: "020 7946 0018", live: true });
    expect(call).toMatchObject({ phoneNumber: "+442079460018", callerName: "Imogen Hale" });
    // A withheld number is left as it came, for the engine to judge.
    const withheld = await buildCall(c, { phoneNumber: "anonymous", live: true });
    expect(withheld.phoneNumber).toBe("anonymous");
  });

  it("shows a known caller's name on a call the plan's limits kept from being screened", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    expect((await c.post("/api/subscription/cancel")).statusCode).toBe(200);
    // The free plan screens 30 calls a month.
    for (let i = 0; i < 30; i++) await buildCall(c, { phoneNumber: "+15551230000" });
    await add(c, { name: "Dana Whitfield", phoneNumber: "(555) 201-7788" });
    const refused = await buildCall(c, { phoneNumber: "555-201-7788", live: true });
    expect(refused).toMatchObject({
      status: "missed",
      actionTaken: "Not screened: monthly limit reached",
      phoneNumber: "+15552017788",
      callerName: "Dana Whitfield",
    });
    const stranger = await buildCall(c, { phoneNumber: "+15559990000", live: true });
    expect(stranger).toMatchObject({ status: "missed", callerName: null });
  });
});
