import type { LeadResult } from "../../../common/lead-generation";
import type { Account } from "../../domain/account";
import {
  CannotProcess,
  OutsideServiceFailed,
  OutsideServiceTimedOut,
  Unavailable,
} from "../../domain/errors";
import { type BusinessQuery, type FoundBusiness, LeadSearchError } from "../../providers/lead-search";
import type { LeadContext } from "./context";
import { presentLead } from "./presenter";

/**
 * A search, deduplicated and cached. Duplicates are the same place (SerpAPI place id, OSM
 * element), the same phone in E.164, or the same website domain; the provider keeps paging
 * until it has `limit` that are none of these. Answers are cached for a day per provider and
 * query, so repeating a search asks the provider nothing (the public OpenStreetMap servers ask
 * for this).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const CACHE_ENTRIES = 500;

/** Hosts many businesses share: a listing there says nothing about which business it is. */
const SHARED_HOSTS = new Set([
  "facebook.com",
  "m.facebook.com",
  "instagram.com",
  "yelp.com",
  "google.com",
  "sites.google.com",
  "maps.google.com",
  "business.site",
  "linktr.ee",
  "twitter.com",
  "x.com",
  "linkedin.com",
  "nextdoor.com",
]);

export function websiteDomain(website: string | null): string | null {
  if (!website) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `https://${website}`);
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    return host && !SHARED_HOSTS.has(host) ? host : null;
  } catch {
    return null;
  }
}

/** Maps a provider's failure to the failure a person is told about, in its words. */
export function searchFailure(error: unknown): never {
  if (error instanceof LeadSearchError) {
    const failure = {
      unreachable: OutsideServiceFailed,
      failed: OutsideServiceFailed,
      timeout: OutsideServiceTimedOut,
      "not-configured": Unavailable,
      "bad-query": CannotProcess,
    }[error.kind];
    throw new failure(error.message);
  }
  throw error;
}

export type SearchCache = Map<string, { at: number; leads: LeadResult[] }>;

export function searchCache(): SearchCache {
  return new Map();
}

export type FindOptions = {
  /** Skips the cache (a campaign's run looks again); the answer is still cached. */
  fresh?: boolean;
  /** Keys already found (a dealer search's earlier cities): those are duplicates too. */
  seen?: Set<string>;
};

export async function findLeads(
  context: LeadContext,
  cache: SearchCache,
  account: Account,
  query: BusinessQuery,
  options: FindOptions = {},
): Promise<LeadResult[]> {
  const provider = context.provider;
  const key = `${provider.name}|${query.industry.toLowerCase()}|${query.location.toLowerCase()}|${query.limit}`;
  const cached = cache.get(key);
  const now = context.now().getTime();
  const seen = options.seen ?? new Set<string>();
  const unseen = (leads: LeadResult[]) =>
    leads.filter((lead) => {
      const keys = keysOf(context, account, lead.phone, lead.website, String(lead.serpApiData.placeKey));
      if (keys.some((k) => seen.has(k))) return false;
      for (const k of keys) seen.add(k);
      return true;
    });
  if (cached && !options.fresh && now - cached.at < DAY_MS) return unseen(cached.leads);

  const isNew = (business: FoundBusiness) => {
    const keys = keysOf(context, account, business.phone, business.website, business.placeKey);
    if (keys.some((k) => seen.has(k))) return false;
    for (const k of keys) seen.add(k);
    return true;
  };
  let found: FoundBusiness[];
  try {
    found = await provider.search(query, { isNew });
  } catch (error) {
    searchFailure(error);
  }
  const leads = found.map((business) => presentLead(business, query, provider.name));
  if (cache.size >= CACHE_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.delete(key);
  cache.set(key, { at: now, leads });
  return leads;
}

function keysOf(
  context: LeadContext,
  account: Account,
  phone: string | null,
  website: string | null,
  placeKey: string,
): string[] {
  const keys = [`place:${placeKey}`];
  const e164 = context.contacts.normalize(account, phone).e164;
  if (e164) keys.push(`phone:${e164}`);
  const domain = websiteDomain(website);
  if (domain) keys.push(`web:${domain}`);
  return keys;
}
