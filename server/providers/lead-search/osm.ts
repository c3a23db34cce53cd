import { serviceClient } from "./http";
import { osmCriteria } from "./osm-categories";
import { type BusinessQuery, type FoundBusiness, LeadSearchError, type LeadSearchProvider } from "./types";

/**
 * OpenStreetMap: the location geocoded by Nominatim, then the businesses in its bounding box
 * from the Overpass API. Two requests a search, whatever the limit (Overpass answers every
 * match at once). No key; both servers are settings, and the public ones ask for a real
 * User-Agent, one request at a time and results cached (the service caches for a day).
 */

export type OsmOptions = {
  nominatimUrl: string;
  overpassUrl: string;
  userAgent: string;
  timeoutMs: number;
};

/** Nominatim's /search answer (format=jsonv2): only what is read. */
type Place = {
  lat: string;
  lon: string;
  boundingbox?: [string, string, string, string];
  display_name?: string;
};
/** Overpass's JSON answer (out tags center). */
type Element = {
  type: "node" | "way" | "relation";
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  tags?: Record<string, string>;
};

/** A city's box; a larger place (a county, a state) is searched within this of its centre. */
const MAX_SPAN_DEGREES = 0.5;
const CATEGORY_KEYS = ["craft", "shop", "amenity", "office", "healthcare", "leisure", "tourism"];
const US_STATES = /^[A-Z]{2}$/;

const first = (value: string | undefined) => value?.split(";")[0]?.trim() || null;

function pretty(value: string): string {
  const text = value.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function addressOf(tags: Record<string, string>): string | null {
  const street = [tags["addr:housenumber"], tags["addr:street"]].filter(Boolean).join(" ");
  const region = [tags["addr:state"], tags["addr:postcode"]].filter(Boolean).join(" ");
  const parts = [street, tags["addr:city"], region].filter(Boolean);
  return parts.length ? parts.join(", ") : (tags["addr:full"] ?? null);
}

export function businessFromElement(element: Element): FoundBusiness | null {
  const tags = element.tags ?? {};
  const name = tags.name?.trim();
  if (!name) return null;
  const key = CATEGORY_KEYS.find((k) => tags[k] && tags[k] !== "yes");
  const latitude = element.lat ?? element.center?.lat ?? null;
  const longitude = element.lon ?? element.center?.lon ?? null;
  const state = tags["addr:state"]?.trim().toUpperCase();
  return {
    placeKey: `osm:${element.type}/${element.id}`,
    name,
    address: addressOf(tags),
    phone: first(tags.phone ?? tags["contact:phone"] ?? tags["contact:mobile"]),
    website: first(tags.website ?? tags["contact:website"] ?? tags.url),
    rating: null,
    reviewCount: null,
    category: key ? pretty(tags[key] ?? "") : null,
    latitude,
    longitude,
    state: state && US_STATES.test(state) ? state : null,
    details: {
      osmType: element.type,
      osmId: element.id,
      ...(key ? { osmCategory: `${key}=${tags[key]}` } : {}),
      ...(tags.opening_hours ? { openingHours: tags.opening_hours } : {}),
      ...(tags.email || tags["contact:email"] ? { email: tags.email ?? tags["contact:email"] } : {}),
    },
  };
}

/** The Overpass QL for the industry inside the box (south, west, north, east). */
export function overpassQuery(industry: string, box: [number, number, number, number], max: number): string {
  const { tags, namePattern } = osmCriteria(industry);
  const bbox = box.map((n) => n.toFixed(5)).join(",");
  const byTag = tags.map(([k, v]) => `  nwr["${k}"="${v}"](${bbox});`);
  const byName = `  nwr[~"^(shop|amenity|office|craft|healthcare)$"~"."]["name"~"${namePattern}",i](${bbox});`;
  return `[out:json][timeout:25];\n(\n${[...byTag, byName].join("\n")}\n);\nout tags center ${max};`;
}

function boxOf(place: Place): [number, number, number, number] {
  const lat = Number(place.lat);
  const lon = Number(place.lon);
  const [south, north, west, east] = (place.boundingbox ?? []).map(Number);
  const half = MAX_SPAN_DEGREES / 2;
  if (
    south === undefined ||
    north === undefined ||
    west === undefined ||
    east === undefined ||
    [south, north, west, east].some((n) => !Number.isFinite(n)) ||
    north - south > MAX_SPAN_DEGREES ||
    east - west > MAX_SPAN_DEGREES
  )
    return [lat - half, lon - half, lat + half, lon + half];
  return [south, west, north, east];
}

export function osmProvider(options: OsmOptions): LeadSearchProvider {
  const label = "OpenStreetMap";
  const elsewhere = "or LEAD_SEARCH_PROVIDER=serpapi with SERPAPI_API_KEY";
  const nominatim = serviceClient({
    service: "Nominatim",
    providerLabel: label,
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs,
    spacingMs: 1000,
    advice: {
      unreachable: `This server needs internet access to search businesses: allow it, or set NOMINATIM_URL and OVERPASS_URL to servers it can reach (${elsewhere}).`,
      failed: `Try again in a minute, or set NOMINATIM_URL to another Nominatim server (${elsewhere}).`,
      timeout: `Try again later, or set NOMINATIM_URL to another Nominatim server (LEAD_SEARCH_TIMEOUT_MS sets how long to wait).`,
    },
  });
  const overpass = serviceClient({
    service: "Overpass",
    providerLabel: label,
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs,
    errorOf: (body) => (body as { remark?: string }).remark,
    advice: {
      unreachable: `This server needs internet access to search businesses: allow it, or set OVERPASS_URL to an Overpass server it can reach (${elsewhere}).`,
      failed: `Try again in a minute, or set OVERPASS_URL to another Overpass server (${elsewhere}).`,
      timeout: `Try again later, or set OVERPASS_URL to another Overpass server (LEAD_SEARCH_TIMEOUT_MS sets how long to wait).`,
    },
  });
  // A place's box rarely changes: looked up once per server run (Nominatim asks for caching).
  const places = new Map<string, Place>();

  async function geocode(location: string, signal?: AbortSignal): Promise<Place> {
    const key = location.toLowerCase();
    const known = places.get(key);
    if (known) return known;
    const url = `${options.nominatimUrl}/search?${new URLSearchParams({ q: location, format: "jsonv2", limit: "1" })}`;
    const answer = await nominatim.getJson(url, signal ? { signal } : {});
    const place = Array.isArray(answer) ? (answer[0] as Place | undefined) : undefined;
    if (!place || !Number.isFinite(Number(place.lat)) || !Number.isFinite(Number(place.lon)))
      throw new LeadSearchError(
        "bad-query",
        `OpenStreetMap does not know the location "${location}". Check its spelling, or add the state (Tampa, FL).`,
      );
    if (places.size > 1000) places.clear();
    places.set(key, place);
    return place;
  }

  return {
    name: "osm",
    label,
    async search(query: BusinessQuery, { isNew, signal } = {}) {
      const criteria = osmCriteria(query.industry);
      if (!criteria.namePattern && criteria.tags.length === 0)
        throw new LeadSearchError(
          "bad-query",
          "Describe the kind of business in words (plumbers, dentists).",
        );
      const place = await geocode(query.location, signal);
      // Asks for more than the limit: unnamed elements and duplicates are dropped below.
      const ql = overpassQuery(query.industry, boxOf(place), Math.max(query.limit * 4, 100));
      const answer = (await overpass.getJson(options.overpassUrl, {
        method: "POST",
        body: new URLSearchParams({ data: ql }).toString(),
        ...(signal ? { signal } : {}),
      })) as { elements?: Element[]; remark?: string };
      if (!Array.isArray(answer.elements))
        throw new LeadSearchError(
          "failed",
          `OpenStreetMap search failed: Overpass answered without results${answer.remark ? ` (${answer.remark})` : ""}. Try again in a minute, or set OVERPASS_URL to another Overpass server.`,
        );
      const seen = new Set<string>();
      const found: FoundBusiness[] = [];
      for (const element of answer.elements) {
        const business = businessFromElement(element);
        if (!business || seen.has(business.placeKey)) continue;
        seen.add(business.placeKey);
        found.push(business);
      }
      // Businesses with a phone first: those are the ones that can become leads.
      found.sort(
        (a, b) =>
          Number(Boolean(b.phone)) - Number(Boolean(a.phone)) ||
          a.name.localeCompare(b.name, "en", { numeric: true }),
      );
      const kept: FoundBusiness[] = [];
      for (const business of found) {
        if (kept.length >= query.limit) break;
        if (isNew && !isNew(business)) continue;
        kept.push(business);
      }
      // Overpass's own remark on a timeout or memory limit comes with partial results: said, not hidden.
      if (answer.remark && kept.length === 0)
        throw new LeadSearchError(
          "failed",
          `OpenStreetMap search failed: Overpass stopped early (${answer.remark}). Try a smaller place or again later.`,
        );
      return kept;
    },
  };
}
