import { serviceClient } from "./http";
import { type BusinessQuery, type FoundBusiness, LeadSearchError, type LeadSearchProvider } from "./types";

/**
 * SerpAPI's Google Maps engine (GET /search.json?engine=google_maps&type=search&q=...): 20
 * results a page, paged with `start` by following `serpapi_pagination.next` until the limit, a
 * page with nothing new (Google repeats its last page), or no next page. A 50-result search
 * costs 3 requests (3 searches on the SerpAPI plan), fewer when duplicates are few.
 */

export type SerpApiOptions = {
  apiKey: string | undefined;
  baseUrl: string;
  userAgent: string;
  timeoutMs: number;
};

/** One entry of `local_results`: only what is read. */
type LocalResult = {
  title?: string;
  place_id?: string;
  data_id?: string;
  data_cid?: string;
  address?: string;
  phone?: string;
  website?: string;
  rating?: number;
  reviews?: number;
  type?: string;
  types?: string[];
  gps_coordinates?: { latitude?: number; longitude?: number };
};
type SearchAnswer = {
  error?: string;
  search_metadata?: { status?: string };
  local_results?: LocalResult[];
  /** A query naming one place answers it alone. */
  place_results?: LocalResult;
  serpapi_pagination?: { next?: string };
};

/** SerpAPI's words when Google simply has nothing: an answer, not a failure. */
const NO_RESULTS = /hasn't returned any results/i;
const MAX_PAGES = 5;
const PAGE_SIZE = 20;
const STATE_IN_ADDRESS = /,\s*([A-Z]{2})\s+\d{5}(?:-\d{4})?\b/;

export function businessFromResult(result: LocalResult): FoundBusiness | null {
  const name = result.title?.trim();
  const id = result.place_id ?? result.data_id ?? result.data_cid;
  if (!name || !id) return null;
  return {
    placeKey: `serpapi:${id}`,
    name,
    address: result.address ?? null,
    phone: result.phone ?? null,
    website: result.website ?? null,
    rating: typeof result.rating === "number" ? result.rating : null,
    reviewCount: typeof result.reviews === "number" ? Math.round(result.reviews) : null,
    category: result.type ?? result.types?.[0] ?? null,
    latitude: result.gps_coordinates?.latitude ?? null,
    longitude: result.gps_coordinates?.longitude ?? null,
    state: result.address?.match(STATE_IN_ADDRESS)?.[1] ?? null,
    details: {
      placeId: result.place_id ?? null,
      dataId: result.data_id ?? null,
      types: result.types ?? (result.type ? [result.type] : []),
      gps: result.gps_coordinates ?? null,
    },
  };
}

export function serpApiProvider(options: SerpApiOptions): LeadSearchProvider {
  const label = "SerpAPI";
  const client = serviceClient({
    service: "SerpAPI",
    providerLabel: label,
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs,
    errorOf: (body) => (body as SearchAnswer).error,
    advice: {
      unreachable: "This server needs internet access to search businesses: allow it (or set SERPAPI_URL).",
      failed:
        "Check SERPAPI_API_KEY and the account's remaining searches at serpapi.com, or set LEAD_SEARCH_PROVIDER=osm (no key).",
      timeout: "Try again later (LEAD_SEARCH_TIMEOUT_MS sets how long to wait).",
    },
  });

  return {
    name: "serpapi",
    label,
    async search(query: BusinessQuery, { isNew, signal } = {}) {
      if (!options.apiKey)
        throw new LeadSearchError(
          "not-configured",
          "SerpAPI search is not set up on this server: set SERPAPI_API_KEY, or LEAD_SEARCH_PROVIDER=osm to search OpenStreetMap with no key.",
        );
      let params = new URLSearchParams({
        engine: "google_maps",
        type: "search",
        q: `${query.industry} in ${query.location}`,
        hl: "en",
      });
      const seen = new Set<string>();
      const kept: FoundBusiness[] = [];
      for (let page = 0; page < MAX_PAGES && kept.length < query.limit; page++) {
        params.set("api_key", options.apiKey);
        const answer = (await client.getJson(
          `${options.baseUrl}/search.json?${params}`,
          signal ? { signal } : {},
        )) as SearchAnswer;
        if (answer.error) {
          if (NO_RESULTS.test(answer.error)) break;
          throw new LeadSearchError(
            "failed",
            `SerpAPI search failed: ${answer.error}. Check SERPAPI_API_KEY and the account at serpapi.com.`,
          );
        }
        const results = answer.local_results ?? (answer.place_results ? [answer.place_results] : []);
        let fresh = 0;
        for (const result of results) {
          const business = businessFromResult(result);
          if (!business || seen.has(business.placeKey)) continue;
          seen.add(business.placeKey);
          fresh++;
          if (kept.length < query.limit && (!isNew || isNew(business))) kept.push(business);
        }
        // Google answers its last page again past the end: a page with nothing new ends the search.
        if (fresh === 0 || results.length < PAGE_SIZE / 2) break;
        const next = answer.serpapi_pagination?.next;
        if (!next) break;
        // The next page's parameters (start, ll) from SerpAPI's link, sent to the configured address.
        params = new URL(next).searchParams;
      }
      return kept;
    },
  };
}
