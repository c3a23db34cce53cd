import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvCellTooLong, csvTooManyColumns } from "../../../common/csv";
import { DIALER_MESSAGES, type Lead } from "../../../common/dialer";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace, rows } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

async function campaignOf(c: TestClient): Promise<string> {
  const res = await c.post("/api/autodialer/campaigns", { name: "Renewals" });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function leadsOf(c: TestClient, id: string, query = ""): Promise<Lead[]> {
  const res = await c.get(`/api/autodialer/campaigns/${id}/leads${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().leads;
}

describe("adding leads from text lines", () => {
  it("reads 'phone, first name, last name, company, email' a line, in E.164, with the spec's lead defaults", async () => {
    const c = await buildWorkspace(t);
    const id = await campaignOf(c);
    const res = await c.post(`/api/autodialer/campaigns/${id}/leads`, {
      text: '(555) 301-2001, Dana, Whitfield, "Whitfield, Sons & Co", DANA@example.com\n\n555-301-2002, Lee\n',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message: DIALER_MESSAGES.leadsAdded,
      added: 2,
      duplicates: 0,
      doNotCall: 0,
      rejected: [],
      totalLeads: 2,
    });
    const leads = await leadsOf(c, id);
    expect(leads[0]).toMatchObject({
      phoneNumber: "(555) 301-2001",
      phoneE164: "+15553012001",
      firstName: "Dana",
      lastName: "Whitfield",
      company: "Whitfield, Sons & Co",
      email: "dana@example.com",
      priority: 1,
      status: "new",
      attempts: 0,
      disposition: null,
      lastCallDate: null,
      scheduledCallback: null,
      aiVoiceConsent: false,
    });
    expect(leads[1]).toMatchObject({
      phoneE164: "+15553012002",
      firstName: "Lee",
      lastName: null,
      company: null,
    });
    const campaign = (await c.get(`/api/autodialer/campaigns/${id}`)).json();
    expect(campaign).toMatchObject({ totalLeads: 2, dialableLeads: 2 });
  });

  it("names each line it could not take, adds the rest, and counts a number already in the campaign as a duplicate", async () => {
    const c = await buildWorkspace(t);
    const id = await campaignOf(c);
    await c.post(`/api/autodialer/campaigns/${id}/leads`, { text: "+15553012010, First" });
    const res = await c.post(`/api/autodialer/campaigns/${id}/leads`, {
      text: "555 301 2010, Again\nnot a number, Pat\n+15553012011, Kim, Lo, Lo Inc, kim@\n+15553012012, Ok\n5553012012, Twice",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      added: 1,
      duplicates: 2,
      rejected: [
        { line: 2, message: "Line 2: Please enter a valid phone number", contactId: null },
        { line: 3, message: "Line 3: Please enter a valid email address", contactId: null },
      ],
      totalLeads: 2,
    });
  });

  it("turns away numbers no one can hold (a 000 area code or exchange) and keeps real ones", async () => {
    const c = await buildWorkspace(t);
    const id = await campaignOf(c);
    const res = await c.post(`/api/autodialer/campaigns/${id}/leads`, {
      text: "+1 (000) 000-0000, Zero\n212 055 0100, Oh Exchange\n(212) 555-0100, Real",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      added: 1,
      rejected: [
        { line: 1, message: "Line 1: Please enter a valid phone number", contactId: null },
        { line: 2, message: "Line 2: Please enter a valid phone number", contactId: null },
      ],
    });
    expect((await leadsOf(c, id)).map((lead) => lead.phoneE164)).toEqual(["+12125550100"]);
  });

  it("refuses empty text, and text with no dialable line", async () => {
    const c = await buildWorkspace(t);
    const id = await campaignOf(c);
    const empty = await c.post(`/api/autodialer/campaigns/${id}/leads`, { text: "  \n " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Please select a campaign and enter leads");
    const none = await c.post(`/api/autodialer/campaigns/${id}/leads`, { text: "hello, there\n12" });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("None of the lines has a phone number that can be dialled");
    expect(none.json().issues).toEqual([
      { path: "line 1", message: "Line 1: Please enter a valid phone number" },
      { path: "line 2", message: "Line 2: Please enter a valid phone number" },
    ]);
  });

  // (A line longer than the 1 MB limit cannot come this way: the request's body is at most 1 MB.)
  it.each([
    [
      "more than 1,000 columns",
      `555-301-2020, Ann\n\n555-301-2021, Bo${",".repeat(2_000)}`,
      csvTooManyColumns(3),
    ],
    [
      "a cell longer than 64 KB",
      `555-301-2020, Ann\n\n555-301-2021, ${"b".repeat(70_000)}`,
      csvCellTooLong(3, 2),
    ],
  ])("refuses text with %s: 400 naming the line, no lead added", async (_, text, message) => {
    const c = await buildWorkspace(t);
    const id = await campaignOf(c);
    const res = await c.post(`/api/autodialer/campaigns/${id}/leads`, { text });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await leadsOf(c, id)).toEqual([]);
  });

  it("adds thousands of lines in batches, with a CR LF text's line numbers and duplicates right", async () => {
    const c = await buildWorkspace(t);
    const id = await campaignOf(c);
    const lines = Array.from({ length: 1_600 }, (_, i) => `555-302-${String(i).padStart(4, "0")}, Lead ${i}`);
    // The same number again (a duplicate in a later batch) and a bad line at the end.
    const text = [...lines, "555-302-0000, Again", "nope, Nobody"].join("\r\n");
    const res = await c.post(`/api/autodialer/campaigns/${id}/leads`, { text });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    expect(res.json()).toMatchObject({
      added: 1_600,
      duplicates: 1,
      rejected: [{ line: 1_602, message: "Line 1602: Please enter a valid phone number", contactId: null }],
      totalLeads: 1_600,
    });
  });

  it("keeps numbers on the workspace's or the campaign's do-not-call list, marked do_not_call", async () => {
    const c = await buildWorkspace(t);
    const id = await campaignOf(c);
    expect((await c.post("/api/do-not-call", { phoneNumber: "+15553012020" })).statusCode).toBe(201);
    const listed = await c.post(`/api/autodialer/campaigns/${id}/do-not-call`, {
      phoneNumber: "555-301-2021",
    });
    expect(listed.statusCode, listed.body).toBe(201);
    expect(listed.json()).toMatchObject({ phoneNumber: "555-301-2021", phoneE164: "+15553012021" });
    const res = await c.post(`/api/autodialer/campaigns/${id}/leads`, {
      text: "+15553012020, Listed\n+15553012021, Campaign listed\n+15553012022, Fine",
    });
    expect(res.json()).toMatchObject({ added: 3, doNotCall: 2 });
    const statuses = (await leadsOf(c, id)).map((lead) => [lead.firstName, lead.status]);
    expect(statuses).toEqual([
      ["Listed", "do_not_call"],
      ["Campaign listed", "do_not_call"],
      ["Fine", "new"],
    ]);
    expect((await c.get(`/api/autodialer/campaigns/${id}`)).json().dialableLeads).toBe(1);
    expect((await leadsOf(c, id, "?status=do_not_call")).map((lead) => lead.firstName)).toEqual([
      "Listed",
      "Campaign listed",
    ]);
  });

  it("a number added to the campaign's list later stops its lead; listing twice answers the entry", async () => {
    const c = await buildWorkspace(t);
    const id = await campaignOf(c);
    await c.post(`/api/autodialer/campaigns/${id}/leads`, { text: "+15553012030, Later" });
    const first = await c.post(`/api/autodialer/campaigns/${id}/do-not-call`, {
      phoneNumber: "+15553012030",
    });
    expect(first.statusCode).toBe(201);
    const again = await c.post(`/api/autodialer/campaigns/${id}/do-not-call`, {
      phoneNumber: "(555) 301-2030",
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect((await leadsOf(c, id))[0]?.status).toBe("do_not_call");
    const list = await c.get(`/api/autodialer/campaigns/${id}/do-not-call`);
    expect(list.json()).toHaveLength(1);
    const bad = await c.post(`/api/autodialer/campaigns/${id}/do-not-call`, { phoneNumber: "nope" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Please enter a valid phone number");
    expect(
      (await c.delete(`/api/autodialer/campaigns/${id}/do-not-call/${first.json().id}`)).statusCode,
    ).toBe(204);
    expect((await c.get(`/api/autodialer/campaigns/${id}/do-not-call`)).json()).toEqual([]);
  });

  it("takes lead objects with a time zone, postal code and AI-voice consent", async () => {
    const c = await buildWorkspace(t);
    const id = await campaignOf(c);
    const res = await c.post(`/api/autodialer/campaigns/${id}/leads`, {
      leads: [
        {
          phoneNumber: "+13105550140",
          firstName: "Ana",
          timeZone: "America/Los_Angeles",
          postalCode: "90210",
          priority: 5,
          aiVoiceConsent: true,
          consentSource: "Signed form, 2031-01-02",
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await leadsOf(c, id))[0]).toMatchObject({
      timeZone: "America/Los_Angeles",
      postalCode: "90210",
      priority: 5,
      aiVoiceConsent: true,
      consentSource: "Signed form, 2031-01-02",
    });
  });

  it("gives a completed campaign new leads and makes it ready to start again (paused)", async () => {
    const c = await buildWorkspace(t);
    const id = await campaignOf(c);
    await c.post(`/api/autodialer/campaigns/${id}/leads`, { text: "+15553012040" });
    // What the runtime does when the last lead is done.
    await rows(t, sql`update campaigns set status = 'completed' where id = ${id}`);
    await c.post(`/api/autodialer/campaigns/${id}/leads`, { text: "+15553012041" });
    expect((await c.get(`/api/autodialer/campaigns/${id}`)).json().status).toBe("paused");
  });
});

describe("importing leads from the lead manager", () => {
  async function contact(c: TestClient, fields: Record<string, unknown>): Promise<string> {
    const res = await c.post("/api/contacts", fields);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  it("imports chosen contacts: names split, ZIP code read, do-not-call kept but marked, no number reported", async () => {
    const c = await buildWorkspace(t);
    const id = await campaignOf(c);
    const dana = await contact(c, {
      name: "Dana Whitfield Jones",
      phoneNumber: "(555) 301-2050",
      company: "Whitfield Co",
      email: "dana@example.com",
      address: "1 Ocean Dr, Miami, FL 33139",
      timezone: "America/Chicago",
    });
    const quiet = await contact(c, { name: "Quiet Person", phoneNumber: "+15553012051", doNotCall: true });
    const noPhone = await contact(c, { name: "No Phone" });
    const res = await c.post(`/api/autodialer/campaigns/${id}/import-leads`, {
      contactIds: [dana, quiet, noPhone, "00000000-0000-4000-8000-000000000000"],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message: DIALER_MESSAGES.imported,
      added: 2,
      duplicates: 0,
      doNotCall: 1,
      rejected: [
        { line: 3, message: "Line 3: No phone number available", contactId: noPhone },
        {
          line: 4,
          message: "Line 4: That contact was not found",
          contactId: "00000000-0000-4000-8000-000000000000",
        },
      ],
      totalLeads: 2,
    });
    const leads = await leadsOf(c, id);
    expect(leads[0]).toMatchObject({
      contactId: dana,
      firstName: "Dana",
      lastName: "Whitfield Jones",
      company: "Whitfield Co",
      phoneE164: "+15553012050",
      postalCode: "33139",
      timeZone: "America/Chicago",
      status: "new",
    });
    expect(leads[1]).toMatchObject({ contactId: quiet, status: "do_not_call" });
  });

  it("imports every contact with a phone number when none are chosen, and not another workspace's", async () => {
    const c = await buildWorkspace(t);
    const other = await buildWorkspace(t);
    await contact(other, { name: "Not Yours", phoneNumber: "+15553012060" });
    const id = await campaignOf(c);
    await contact(c, { name: "One", phoneNumber: "+15553012061" });
    await contact(c, { name: "Two", phoneNumber: "+15553012062" });
    await contact(c, { name: "Nothing" });
    const res = await c.post(`/api/autodialer/campaigns/${id}/import-leads`, {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ added: 2, rejected: [] });
    expect((await leadsOf(c, id)).map((lead) => lead.firstName)).toEqual(["One", "Two"]);
    const again = await c.post(`/api/autodialer/campaigns/${id}/import-leads`, {});
    expect(again.json()).toMatchObject({ added: 0, duplicates: 2, totalLeads: 2 });
  });

  it("says so when the lead manager has nothing to import", async () => {
    const c = await buildWorkspace(t);
    const id = await campaignOf(c);
    const res = await c.post(`/api/autodialer/campaigns/${id}/import-leads`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The lead manager has no contacts with a phone number to import");
    const empty = await c.post(`/api/autodialer/campaigns/${id}/import-leads`, { contactIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Choose at least one contact to import");
  });
});
