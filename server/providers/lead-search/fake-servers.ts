import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local servers that answer like Nominatim, the Overpass API and SerpAPI's Google Maps engine,
 * for the lead search's tests (server and browser). Response shapes are written from each API's
 * documentation: Nominatim /search?format=jsonv2, Overpass `[out:json]` with `out tags center`,
 * SerpAPI `local_results` with `serpapi_pagination.next`. Each can be told to fail, to answer
 * slowly, or (SerpAPI) to repeat its last page as Google does past the end. Phone numbers are
 * in the 555-01xx range set aside for fiction.
 */

export type FakeMode = "ok" | "error" | "slow" | "empty" | "rate-limited";

export type FakeLeadServers = {
  url: string;
  nominatimUrl: string;
  overpassUrl: string;
  serpApiUrl: string;
  /** What each service does next (default "ok"). */
  mode: { nominatim: FakeMode; overpass: FakeMode; serpapi: FakeMode };
  /** How long "slow" waits before answering. */
  slowMs: number;
  /** Requests received, by service, with what identifies them. */
  requests: {
    service: "nominatim" | "overpass" | "serpapi";
    userAgent: string;
    query: string;
    start: number;
  }[];
  close(): Promise<void>;
};

export const FAKE_SERPAPI_KEY = "test-serpapi-key";

// --- Nominatim ---------------------------------------------------------------------------------

const PLACES: Record<
  string,
  { lat: string; lon: string; box: [string, string, string, string]; name: string }
> = {
  tampa: {
    lat: "27.9477595",
    lon: "-82.458444",
    box: ["27.8206000", "28.1713000", "-82.6523000", "-82.2516000"],
    name: "Tampa, Hillsborough County, Florida, United States",
  },
  miami: {
    lat: "25.7741728",
    lon: "-80.19362",
    box: ["25.7090517", "25.8557827", "-80.3197670", "-80.1392200"],
    name: "Miami, Miami-Dade County, Florida, United States",
  },
  orlando: {
    lat: "28.5421109",
    lon: "-81.3790304",
    box: ["28.3480000", "28.6144000", "-81.5075000", "-81.2273000"],
    name: "Orlando, Orange County, Florida, United States",
  },
  florida: {
    lat: "27.7567667",
    lon: "-81.4639835",
    box: ["24.3959000", "31.0009700", "-87.6349000", "-79.9743000"],
    name: "Florida, United States",
  },
};

function nominatimAnswer(q: string): unknown[] {
  const key = Object.keys(PLACES).find((name) => q.toLowerCase().startsWith(name));
  const place = key ? PLACES[key] : undefined;
  if (!place) return [];
  return [
    {
      place_id: 297312341,
      licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
      osm_type: "relation",
      osm_id: 1216769,
      lat: place.lat,
      lon: place.lon,
      category: "boundary",
      type: "administrative",
      place_rank: 16,
      importance: 0.7,
      addresstype: "city",
      name: place.name.split(",")[0],
      display_name: place.name,
      boundingbox: place.box,
    },
  ];
}

// --- Overpass ----------------------------------------------------------------------------------

function overpassElements(ql: string, near: { lat: number; lon: number }): unknown[] {
  const dealers = /satellite/i.test(ql);
  const elements: unknown[] = [];
  const count = dealers ? 6 : 30;
  for (let i = 0; i < count; i++) {
    const tags: Record<string, string> = dealers
      ? { name: `Sunshine Satellite ${i + 1}`, shop: "electronics", "addr:state": "FL" }
      : {
          name: `Bay Plumbing ${i + 1}`,
          craft: "plumber",
          "addr:housenumber": String(100 + i),
          "addr:street": "N Florida Ave",
          "addr:city": "Tampa",
          "addr:state": "FL",
          "addr:postcode": "33602",
        };
    // Every fifth has no phone; the others' numbers in the two spellings OSM uses.
    if (i % 5 !== 4)
      tags[i % 2 ? "contact:phone" : "phone"] =
        `+1 813-555-01${String(i + (dealers ? 50 : 0)).padStart(2, "0")}`;
    if (i % 3 === 0) tags.website = `https://${dealers ? "sunshine-sat" : "bay-plumbing"}-${i + 1}.example`;
    const lat = near.lat + i * 0.001;
    const lon = near.lon - i * 0.001;
    elements.push(
      i % 4 === 3
        ? { type: "way", id: 5000 + i, center: { lat, lon }, tags }
        : { type: "node", id: 9000 + i, lat, lon, tags },
    );
  }
  // Two listings of one business (same phone, a way and a node) and one without a name: dropped.
  elements.push({
    type: "node",
    id: 9999,
    lat: near.lat,
    lon: near.lon,
    tags: {
      name: `${dealers ? "Sunshine Satellite" : "Bay Plumbing"} 1 (second entrance)`,
      craft: "plumber",
      phone: dealers ? "+1 813-555-0150" : "+1 813-555-0100",
    },
  });
  elements.push({ type: "node", id: 9998, lat: near.lat, lon: near.lon, tags: { craft: "plumber" } });
  return elements;
}

// --- SerpAPI -----------------------------------------------------------------------------------

const SERP_TOTAL = 45;

function localResult(i: number, q: string) {
  const dealers = /satellite/i.test(q);
  const base = dealers ? "Gulf Coast Satellite" : "Tampa Pro Plumbing";
  return {
    position: (i % 20) + 1,
    title: `${base} ${i + 1}`,
    place_id: `ChIJfake${dealers ? "Sat" : "Plb"}${String(i).padStart(4, "0")}`,
    data_id: `0x88c2b7${i.toString(16)}:0x1f${i.toString(16)}`,
    data_cid: String(1000000 + i),
    gps_coordinates: { latitude: 27.95 + i * 0.002, longitude: -82.46 - i * 0.002 },
    rating: Math.round((3.5 + (i % 15) / 10) * 10) / 10,
    reviews: 10 + i * 7,
    price: "$$",
    type: dealers ? "Satellite communication service" : "Plumber",
    types: dealers
      ? ["Satellite communication service", "Internet service provider"]
      : ["Plumber", "Water heater installation service"],
    address: `${200 + i} E Kennedy Blvd, Tampa, FL 33602`,
    open_state: "Open ⋅ Closes 5 PM",
    // Every eighth lists no phone; #12 shares #2's number (one business, two listings).
    ...(i % 8 === 7 ? {} : { phone: `(813) 555-01${String(i === 12 ? 2 : i).padStart(2, "0")}` }),
    ...(i % 2 === 0
      ? { website: `https://${dealers ? "gulfcoastsat" : "tampaproplumbing"}${i + 1}.example/` }
      : {}),
    thumbnail: "https://lh5.googleusercontent.com/p/fake=w80-h106-k-no",
  };
}

function serpAnswer(base: string, params: URLSearchParams): { status: number; body: unknown } {
  if (params.get("api_key") !== FAKE_SERPAPI_KEY)
    return {
      status: 401,
      body: { error: "Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key" },
    };
  const q = params.get("q") ?? "";
  const start = Number(params.get("start") ?? 0);
  // Past the end Google answers its last page again: SerpAPI passes it through.
  const pageStart = Math.min(start, 40);
  const results = [];
  for (let i = pageStart; i < Math.min(pageStart + 20, SERP_TOTAL); i++) results.push(localResult(i, q));
  // Page two repeats page one's last result, as Google's pages overlap.
  if (start === 20) results.unshift(localResult(19, q));
  const next = new URLSearchParams({
    engine: "google_maps",
    hl: "en",
    q,
    start: String(start + 20),
    type: "search",
    ll: "@27.9506,-82.4572,12z",
  });
  return {
    status: 200,
    body: {
      search_metadata: {
        id: "6745fake",
        status: "Success",
        json_endpoint: `${base}/searches/fake.json`,
        created_at: "2026-11-25 16:00:00 UTC",
        processed_at: "2026-11-25 16:00:00 UTC",
        total_time_taken: 1.2,
      },
      search_parameters: {
        engine: "google_maps",
        type: "search",
        q,
        google_domain: "google.com",
        hl: "en",
        start,
      },
      search_information: { local_results_state: "Results for exact spelling", query_displayed: q },
      local_results: results,
      serpapi_pagination: { current: start, next: `https://serpapi.com/search.json?${next}` },
    },
  };
}

// --- the server --------------------------------------------------------------------------------

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, status: number, body: unknown, type = "application/json") {
  response.writeHead(status, { "content-type": type });
  response.end(typeof body === "string" ? body : JSON.stringify(body));
}

export async function startFakeLeadServers(port = 0): Promise<FakeLeadServers> {
  const state: Omit<FakeLeadServers, "url" | "nominatimUrl" | "overpassUrl" | "serpApiUrl" | "close"> = {
    mode: { nominatim: "ok", overpass: "ok", serpapi: "ok" },
    slowMs: 3000,
    requests: [],
  };
  const sockets = new Set<import("node:net").Socket>();
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const userAgent = String(request.headers["user-agent"] ?? "");
    const service = url.pathname.startsWith("/nominatim")
      ? "nominatim"
      : url.pathname.startsWith("/overpass")
        ? "overpass"
        : "serpapi";
    const body = request.method === "POST" ? await bodyOf(request) : "";
    const query =
      service === "overpass"
        ? (new URLSearchParams(body).get("data") ?? "")
        : (url.searchParams.get("q") ?? "");
    state.requests.push({ service, userAgent, query, start: Number(url.searchParams.get("start") ?? 0) });
    const mode = state.mode[service];
    if (mode === "slow") await new Promise((resolve) => setTimeout(resolve, state.slowMs));
    if (response.destroyed) return;
    if (mode === "error")
      return send(
        response,
        503,
        "<html><body><h1>503 Service Unavailable</h1>No server is available to handle this request.</body></html>",
        "text/html",
      );
    if (mode === "rate-limited")
      return service === "serpapi"
        ? send(response, 429, { error: "Your account has run out of searches." })
        : send(
            response,
            429,
            "<html><body><p>The server is probably too busy to handle your request.</p><p><strong>rate_limited</strong></p></body></html>",
            "text/html",
          );
    if (service === "nominatim") return send(response, 200, mode === "empty" ? [] : nominatimAnswer(query));
    if (service === "overpass") {
      const lat = Number(query.match(/\((-?[\d.]+),/)?.[1] ?? 27.9);
      const lon = Number(query.match(/\(-?[\d.]+,(-?[\d.]+)/)?.[1] ?? -82.5);
      return send(response, 200, {
        version: 0.6,
        generator: "Overpass API 0.7.62.1 (fake)",
        osm3s: {
          timestamp_osm_base: "2026-11-25T16:00:00Z",
          copyright:
            "The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.",
        },
        elements: mode === "empty" ? [] : overpassElements(query, { lat: lat + 0.05, lon: lon + 0.05 }),
      });
    }
    if (mode === "empty")
      return send(response, 200, {
        search_metadata: { status: "Success" },
        error: "Google hasn't returned any results for this query.",
      });
    const answer = serpAnswer(`http://${request.headers.host}/serpapi`, url.searchParams);
    return send(response, answer.status, answer.body);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    url,
    nominatimUrl: `${url}/nominatim`,
    overpassUrl: `${url}/overpass/api/interpreter`,
    serpApiUrl: `${url}/serpapi`,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close").catch(() => undefined);
    },
  });
}
