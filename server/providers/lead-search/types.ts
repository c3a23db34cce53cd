import type { LeadProvider } from "../../../common/lead-generation";

/** What a search asks for: a kind of business in a place, and how many. */
export type BusinessQuery = { industry: string; location: string; limit: number };

/** A business as a provider found it, in one shape whatever the provider. */
export type FoundBusiness = {
  /** Stable across searches: "serpapi:<place id>", "osm:node/123" (what "only new businesses" keys on). */
  placeKey: string;
  name: string;
  address: string | null;
  phone: string | null;
  website: string | null;
  rating: number | null;
  reviewCount: number | null;
  category: string | null;
  latitude: number | null;
  longitude: number | null;
  /** US state (two letters) when the provider says, for a time zone without coordinates. */
  state: string | null;
  /** The provider's own fields worth keeping with the lead (place id, types, OSM tags). */
  details: Record<string, unknown>;
};

export type SearchOptions = {
  /**
   * The caller's duplicate check (phone, website domain): a provider keeps paging until it has
   * `limit` businesses this accepts, or the provider has no more.
   */
  isNew?: (business: FoundBusiness) => boolean;
  signal?: AbortSignal;
};

export type LeadSearchProvider = {
  name: LeadProvider;
  /** How people and errors name it: "OpenStreetMap", "SerpAPI". */
  label: string;
  search(query: BusinessQuery, options?: SearchOptions): Promise<FoundBusiness[]>;
};

/**
 * Why a search failed, worded for the person searching and the person running the server: the
 * provider, what went wrong, and what to set. `kind` picks the HTTP status: the provider could
 * not be reached or answered an error (502), it took too long (504), it is not set up (503), or
 * the query cannot be answered as asked (422: a place the geocoder does not know).
 */
export class LeadSearchError extends Error {
  constructor(
    readonly kind: "unreachable" | "failed" | "timeout" | "not-configured" | "bad-query",
    message: string,
  ) {
    super(message);
    this.name = "LeadSearchError";
  }
}
