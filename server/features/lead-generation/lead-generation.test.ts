import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadResult } from "../../../common/lead-generation";
import {
  FAKE_SERPAPI_KEY,
  type FakeLeadServers,
  startFakeLeadServers,
} from "../../providers/lead-search/fake-servers";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace } from "../../test/factories";

/**
 * Lead generation over HTTP against a real database: each provider against a local
 * server that answers like its API (success, errors, slow answers, repeated pages, duplicates
 * across pages), saving leads as contacts, campaigns, stats and the dealer search's CSV.
 */

let fake: FakeLeadServers;
beforeAll(async () => {
  fake = await startFakeLeadServers();
});
afterAll(() => fake.close());

const search = (c: TestClient, body: Record<string, unknown>) => c.post("/api/leads/search", body);
const phonesOf = (leads: LeadResult[]) => leads.map((lead) => lead.phone).filter(Boolean);
const digits = (phone: string | null) => (phone ?? "").replace(/\D/g, "").slice(-10);

describe("OpenStreetMap (Nominatim + Overpass)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      leadSearch: {
        provider: "osm",
        nominatimUrl: fake.nominatimUrl,
        overpassUrl: fake.overpassUrl,
        timeoutMs: 1500,
      },
    });
  });
  afterAll(() => t.close());

  it("finds businesses with phone, website and address in two requests, deduplicated, phones first, then from the cache", async () => {
    const c = await buildWorkspace(t);
    fake.requests.length = 0;
    const res = await search(c, { industry: "plumbers", location: "Tampa, FL", limit: 20 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { leads: LeadResult[]; count: number; provider: string };
    expect(body.provider).toBe("osm");
    expect(body.count).toBe(body.leads.length);
    expect(body.count).toBe(20);
    const first = body.leads[0];
    expect(first).toMatchObject({
      name: expect.stringMatching(/^Bay Plumbing/),
      category: "Plumber",
      rating: null,
    });
    expect(first?.address).toMatch(/N Florida Ave, Tampa, FL 33602/);
    expect(first?.serpApiData).toMatchObject({
      provider: "osm",
      searchKeyword: "plumbers",
      searchLocation: "Tampa, FL",
    });
    // The element listed twice (same phone) and the unnamed one are gone; numbers are unique.
    const phones = phonesOf(body.leads).map(digits);
    expect(new Set(phones).size).toBe(phones.length);
    const withPhone = body.leads.findIndex((lead) => !lead.phone);
    if (withPhone >= 0) expect(body.leads.slice(withPhone).every((lead) => !lead.phone)).toBe(true);
    expect(fake.requests.map((r) => r.service)).toEqual(["nominatim", "overpass"]);
    expect(fake.requests.every((r) => r.userAgent.startsWith("AI-Platform/"))).toBe(true);
    expect(fake.requests[1]?.query).toContain('nwr["craft"="plumber"]');

    const again = await search(c, { industry: "Plumbers", location: "tampa, fl", limit: 20 });
    expect(again.json().leads).toEqual(body.leads);
    expect(fake.requests).toHaveLength(2);
  });

  it("refuses a search without industry or location, or with another limit, in the spec's words", async () => {
    const c = await buildWorkspace(t);
    for (const body of [
      { industry: "plumbers" },
      { location: "Tampa" },
      { industry: " ", location: "Tampa" },
      {},
    ]) {
      const res = await search(c, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("Please enter both industry and location");
    }
    const res = await search(c, { industry: "plumbers", location: "Tampa", limit: 15 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Max results must be 10, 20 or 50");
  });

  it("says when the location is unknown (422), and names the provider and the setting when a server fails or is slow", async () => {
    const c = await buildWorkspace(t);
    const unknown = await search(c, { industry: "plumbers", location: "Nowhereville" });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toContain('OpenStreetMap does not know the location "Nowhereville"');

    fake.mode.overpass = "error";
    const failed = await search(c, { industry: "roofers", location: "Tampa, FL" });
    fake.mode.overpass = "ok";
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(
      /^OpenStreetMap search failed: Overpass at http:\/\/127\.0\.0\.1:\d+\/overpass\/api\/interpreter answered 503/,
    );
    expect(failed.json().message).toContain("OVERPASS_URL");

    fake.mode.overpass = "rate-limited";
    const limited = await search(c, { industry: "roofers", location: "Tampa, FL" });
    fake.mode.overpass = "ok";
    expect(limited.statusCode).toBe(502);
    expect(limited.json().message).toContain("answered 429");

    fake.mode.overpass = "slow";
    const slow = await search(c, { industry: "electricians", location: "Tampa, FL" });
    fake.mode.overpass = "ok";
    expect(slow.statusCode).toBe(504);
    expect(slow.json().message).toContain("did not answer within 2 s");
    expect(slow.json().message).toContain("LEAD_SEARCH_TIMEOUT_MS");

    // A failure is not cached: the same search works once the server does.
    const retried = await search(c, { industry: "roofers", location: "Tampa, FL" });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().count).toBeGreaterThan(0);
  });

  it("tells a server without network what to set, never an empty success", async () => {
    // A port nothing listens on: connection refused, as on a server with no route out.
    const closed = await startFakeLeadServers();
    await closed.close();
    const offline = await createTestApp({
      leadSearch: { provider: "osm", nominatimUrl: closed.nominatimUrl, overpassUrl: closed.overpassUrl },
    });
    try {
      const c = await buildWorkspace(offline);
      const res = await search(c, { industry: "plumbers", location: "Tampa, FL" });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(
        /^OpenStreetMap search failed: could not reach Nominatim at http:\/\/127\.0\.0\.1:\d+\/nominatim\/search \(ECONNREFUSED\)/,
      );
      expect(res.json().message).toContain("NOMINATIM_URL and OVERPASS_URL");
      expect(res.json().message).toContain("LEAD_SEARCH_PROVIDER=serpapi with SERPAPI_API_KEY");
    } finally {
      await offline.close();
    }
  });
});

describe("SerpAPI (Google Maps engine)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      leadSearch: {
        provider: "serpapi",
        serpApiKey: FAKE_SERPAPI_KEY,
        serpApiUrl: fake.serpApiUrl,
        timeoutMs: 1500,
      },
    });
  });
  afterAll(() => t.close());

  it("pages with start until the results end, dropping repeats and duplicates across pages: 50 asked, 3 requests", async () => {
    const c = await buildWorkspace(t);
    fake.requests.length = 0;
    const res = await search(c, { industry: "plumbers", location: "Tampa, FL", limit: 50 });
    expect(res.statusCode, res.body).toBe(200);
    const leads = res.json().leads as LeadResult[];
    expect(fake.requests.map((r) => r.start)).toEqual([0, 20, 40]);
    expect(fake.requests[0]?.query).toBe("plumbers in Tampa, FL");
    // 45 listings: page two repeats one of page one's, and one business has two listings.
    expect(leads).toHaveLength(44);
    const ids = leads.map((lead) => lead.serpApiData.placeId);
    expect(new Set(ids).size).toBe(44);
    const phones = phonesOf(leads).map(digits);
    expect(new Set(phones).size).toBe(phones.length);
    expect(leads[0]).toMatchObject({
      name: "Tampa Pro Plumbing 1",
      phone: "(813) 555-0100",
      website: "https://tampaproplumbing1.example/",
      rating: 3.5,
      reviewCount: 10,
      category: "Plumber",
      address: "200 E Kennedy Blvd, Tampa, FL 33602",
    });
    expect(leads[0]?.serpApiData).toMatchObject({
      provider: "serpapi",
      placeId: "ChIJfakePlb0000",
      gps: { latitude: 27.95 },
    });
  });

  it("stops at the limit: 10 asked, one request", async () => {
    const c = await buildWorkspace(t);
    fake.requests.length = 0;
    const res = await search(c, { industry: "dentists", location: "Tampa, FL", limit: 10 });
    expect(res.json().count).toBe(10);
    expect(fake.requests).toHaveLength(1);
  });

  it("answers no results as an empty list, and an account's errors with SerpAPI's words and the setting", async () => {
    const c = await buildWorkspace(t);
    fake.mode.serpapi = "empty";
    const none = await search(c, { industry: "unicorn groomers", location: "Tampa, FL" });
    fake.mode.serpapi = "rate-limited";
    const limited = await search(c, { industry: "roofers", location: "Tampa, FL" });
    fake.mode.serpapi = "slow";
    const slow = await search(c, { industry: "electricians", location: "Tampa, FL" });
    fake.mode.serpapi = "ok";
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ leads: [], count: 0 });
    expect(limited.statusCode).toBe(502);
    expect(limited.json().message).toContain("Your account has run out of searches.");
    expect(limited.json().message).toContain("SERPAPI_API_KEY");
    expect(slow.statusCode).toBe(504);
    expect(slow.json().message).toMatch(/^SerpAPI search failed: SerpAPI at .* did not answer within 2 s/);
  });

  it("refuses a wrong key, and without a key says what to set", async () => {
    const wrong = await createTestApp({
      leadSearch: { provider: "serpapi", serpApiKey: "wrong", serpApiUrl: fake.serpApiUrl },
    });
    const keyless = await createTestApp({ leadSearch: { provider: "serpapi", serpApiKey: undefined } });
    try {
      const a = await search(await buildWorkspace(wrong), { industry: "plumbers", location: "Tampa, FL" });
      expect(a.statusCode).toBe(502);
      expect(a.json().message).toContain("answered 401 (Invalid API key.");
      const b = await search(await buildWorkspace(keyless), { industry: "plumbers", location: "Tampa, FL" });
      expect(b.statusCode).toBe(503);
      expect(b.json().message).toContain("set SERPAPI_API_KEY, or LEAD_SEARCH_PROVIDER=osm");
    } finally {
      await wrong.close();
      await keyless.close();
    }
  });
});

describe("saving leads, campaigns, stats and the dealer search (simulated provider)", () => {
  let t: TestApp;
  let clock = new Date();
  beforeAll(async () => {
    t = await createTestApp({ leadSearch: { dealerSpacingMs: 300 } }, { now: () => clock });
  });
  afterAll(() => t.close());

  const found = async (c: TestClient, industry: string, limit = 20) => {
    const res = await search(c, { industry, location: "Tampa, FL", limit });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().provider).toBe("simulated");
    return res.json().leads as LeadResult[];
  };
  const asSaved = (lead: LeadResult) => ({
    name: lead.name,
    phoneNumber: lead.phone,
    company: lead.name,
    address: lead.address,
    website: lead.website,
    industry: "plumbers",
    businessType: lead.category,
    leadSource: "serpapi",
    serpApiData: lead.serpApiData,
  });

  it("saves one lead as a contact keeping the search data, with a time zone from its coordinates, and refuses it twice", async () => {
    const c = await buildWorkspace(t);
    const [lead] = await found(c, "plumbers");
    if (!lead) throw new Error("no lead");
    const inLosAngeles = { ...lead.serpApiData, latitude: 34.05, longitude: -118.24 };
    const res = await c.post("/api/leads/save-contact", { ...asSaved(lead), serpApiData: inLosAngeles });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().contact).toMatchObject({
      name: lead.name,
      phoneE164: `+1${digits(lead.phone)}`,
      leadSource: "serpapi",
      contactStatus: "new",
      timezone: "America/Los_Angeles",
      serpApiData: {
        searchKeyword: "plumbers",
        searchLocation: "Tampa, FL",
        placeKey: lead.serpApiData.placeKey,
      },
    });
    const twice = await c.post("/api/leads/save-contact", asSaved(lead));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`${lead.name} is already in your contacts`);
    const contacts = (await c.get("/api/contacts?source=serpapi")).json() as unknown[];
    expect(contacts).toHaveLength(1);
  });

  it("bulk-saves only leads with a phone, score 75, skipping and counting duplicates; the time zone comes from the address's state", async () => {
    const c = await buildWorkspace(t);
    const leads = await found(c, "roofers");
    const withPhone = leads.filter((lead) => lead.phone);
    expect(withPhone.length).toBeLessThan(leads.length);
    // One is already a contact (typed differently); one comes twice in the list.
    const existing = withPhone[0];
    await c.post("/api/contacts", { name: "Already here", phoneNumber: digits(existing?.phone ?? "") });
    const body = { leads: [...leads.map(asSaved), asSaved(withPhone[1] as LeadResult)] };
    const res = await c.post("/api/leads/bulk-save", body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      saved: withPhone.length - 1,
      skipped: 2,
      withoutPhone: leads.length - withPhone.length,
      overLimit: 0,
      message: null,
    });
    const saved = (await c.get("/api/contacts?source=serpapi&limit=200")).json() as {
      leadScore: number;
      timezone: string;
    }[];
    expect(saved).toHaveLength(withPhone.length - 1);
    expect(
      saved.every((contact) => contact.leadScore === 75 && contact.timezone === "America/New_York"),
    ).toBe(true);
    const again = await c.post("/api/leads/bulk-save", body);
    expect(again.json()).toMatchObject({ saved: 0, skipped: withPhone.length + 1 });
  });

  it("stops at the plan's contact limit and says so", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const [a, b] = [await found(c, "dentists", 50), await found(c, "lawyers", 50)];
    const first = await c.post("/api/leads/bulk-save", { leads: a.map(asSaved) });
    const second = await c.post("/api/leads/bulk-save", { leads: b.map(asSaved) });
    const third = await c.post("/api/leads/bulk-save", {
      leads: (await found(c, "bakeries", 50)).map(asSaved),
    });
    const savedInAll = [first, second, third].reduce((sum, res) => sum + Number(res.json().saved), 0);
    expect(savedInAll).toBe(100);
    const last = third.json();
    expect(last.overLimit).toBeGreaterThan(0);
    expect(last.message).toMatch(/100 contacts/);
  });

  it("refuses a campaign without name, industry or location in the spec's words", async () => {
    const c = await buildWorkspace(t);
    for (const body of [
      { searchCriteria: { industry: "plumbers", location: "Tampa" } },
      { name: "Tampa plumbers", searchCriteria: { location: "Tampa" } },
      { name: "Tampa plumbers", searchCriteria: { industry: "plumbers", location: "  " } },
      { name: "Tampa plumbers" },
    ]) {
      const res = await c.post("/api/leads/campaigns", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("Please fill in all required fields");
    }
  });

  it("runs a campaign by hand adding only new businesses, and the stats count real rows; another workspace gets 404", async () => {
    const c = await buildWorkspace(t);
    const created = await c.post("/api/leads/campaigns", {
      name: "Tampa plumbers",
      searchCriteria: { industry: "plumbers", location: "Tampa, FL", businessType: "Plumbing" },
      limit: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json();
    expect(campaign).toMatchObject({
      status: "paused",
      schedule: "once",
      leadsGenerated: 0,
      nextRunAt: null,
    });
    const run = await c.post(`/api/leads/campaigns/${campaign.id}/run`);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ leadsAdded: 9, duplicatesSkipped: 0, found: 10 });
    const rerun = (await c.post(`/api/leads/campaigns/${campaign.id}/run`)).json();
    expect(rerun).toMatchObject({ leadsAdded: 0, duplicatesSkipped: 9 });
    expect(rerun.campaign).toMatchObject({ leadsGenerated: 9, duplicatesSkipped: 9, runs: 2 });
    const contacts = (await c.get("/api/contacts?source=serpapi")).json() as {
      campaignId: string;
      businessType: string;
    }[];
    expect(contacts).toHaveLength(9);
    expect(
      contacts.every((contact) => contact.campaignId === campaign.id && contact.businessType === "Plumbing"),
    ).toBe(true);
    expect((await c.get("/api/leads/stats")).json()).toEqual({
      totalCampaigns: 1,
      activeCampaigns: 0,
      totalLeadsGenerated: 9,
      recentLeads: 9,
    });
    // The list counts calls made to and conversions among the campaign's contacts.
    const [first, second] = contacts as unknown as { id: string }[];
    const converted = await c.patch(`/api/contacts/${first!.id}`, { contactStatus: "converted" });
    expect(converted.statusCode, converted.body).toBe(200);
    await t.database.db.execute(sql`update contacts set call_count = 2 where id = ${second!.id}`);
    expect((await c.get("/api/leads/campaigns")).json()).toMatchObject([
      { id: campaign.id, callsInitiated: 1, conversions: 1 },
    ]);

    const other = await buildWorkspace(t);
    expect((await other.post(`/api/leads/campaigns/${campaign.id}/run`)).statusCode).toBe(404);
    expect((await other.patch(`/api/leads/campaigns/${campaign.id}`, { status: "active" })).statusCode).toBe(
      404,
    );
    expect((await other.get("/api/leads/campaigns")).json()).toEqual([]);
  });

  it("starts a weekly campaign at once through the jobs queue, then runs it again when the week is up", async () => {
    const c = await buildWorkspace(t);
    clock = new Date();
    const created = await c.post("/api/leads/campaigns", {
      name: "Weekly electricians",
      searchCriteria: { industry: "electricians", location: "Tampa, FL" },
      schedule: "weekly",
      autoStart: true,
    });
    expect(created.json()).toMatchObject({ status: "active", schedule: "weekly" });
    const id = created.json().id as string;
    const campaignNow = async () =>
      (
        (await c.get("/api/leads/campaigns")).json() as {
          id: string;
          runs: number;
          leadsGenerated: number;
          nextRunAt: string;
        }[]
      ).find((row) => row.id === id);
    await expect.poll(async () => (await campaignNow())?.runs, { timeout: 30_000, interval: 250 }).toBe(1);
    const first = await campaignNow();
    expect(first?.leadsGenerated).toBe(18);
    expect(new Date(first?.nextRunAt ?? 0).getTime() - clock.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    expect((await c.get("/api/leads/stats")).json()).toMatchObject({
      activeCampaigns: 1,
      totalLeadsGenerated: 18,
    });

    // Not due yet: the sweep queues nothing; a week later it does, and the run adds no one twice.
    expect((await t.app.services.leads.sweep()).queued).toBe(0);
    clock = new Date(clock.getTime() + 7 * 24 * 60 * 60 * 1000 + 60_000);
    expect((await t.app.services.leads.sweep()).queued).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await campaignNow())?.runs, { timeout: 30_000, interval: 250 }).toBe(2);
    expect(await campaignNow()).toMatchObject({ leadsGenerated: 18, duplicatesSkipped: 18 });

    const paused = await c.patch(`/api/leads/campaigns/${id}`, { status: "paused" });
    expect(paused.json()).toMatchObject({ status: "paused", nextRunAt: null });
    clock = new Date(clock.getTime() + 8 * 24 * 60 * 60 * 1000);
    expect((await t.app.services.leads.sweep()).queued).toBe(0);
  });

  it("lists the Florida cities and searches dealers city by city, 3 s apart on the server, with a CSV only this workspace can download", async () => {
    const c = await buildWorkspace(t);
    const cities = (await c.get("/api/leads/florida-locations")).json().locations as { city: string }[];
    expect(cities.slice(0, 3)).toEqual([{ city: "Miami" }, { city: "Orlando" }, { city: "Tampa" }]);

    const bad = await c.post("/api/leads/viasat-dealers", { locations: ["Atlantis"], exportCSV: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Choose cities from the Florida list");

    const started = Date.now();
    const res = await c.post("/api/leads/viasat-dealers", { locations: [], exportCSV: true });
    expect(res.statusCode, res.body).toBe(200);
    // Three cities: two pauses of the configured spacing (300 ms here, 3 s by default).
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    const body = res.json();
    expect(body.cities).toEqual(["Miami", "Orlando", "Tampa"]);
    expect(body.count).toBe(60);
    expect(body.leads[0].serpApiData).toMatchObject({ searchLocation: "Miami, FL" });
    expect(body.csvPath).toMatch(/^\/api\/leads\/exports\/[0-9a-f-]{36}$/);

    const file = await c.get(body.csvPath);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("text/csv");
    expect(file.headers["content-disposition"]).toMatch(
      /attachment; filename="viasat-dealers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = file.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Name,Phone,Website,Address,City,Category,Rating,Reviews,Source");
    expect(lines).toHaveLength(61);
    expect(lines[1]).toContain("Miami, FL");

    const other = await buildWorkspace(t);
    expect((await other.get(body.csvPath)).statusCode).toBe(404);
  });
});
