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
 * Lead generation over HTTP against a real database (issue 14): each provider against a local
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
