import type { BusinessQuery, FoundBusiness, LeadSearchProvider } from "./types";

/**
 * Made-up businesses for tests and for trying the screen on a server without internet access
 * (LEAD_SEARCH_PROVIDER=simulated; the default only under NODE_ENV=test, so tests never reach a
 * public server). The same query always finds the same businesses; phone numbers are in the
 * 555-01xx range set aside for fiction, websites under .example. Never chosen silently.
 */

const SIMULATED_COUNT = 60;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const title = (text: string) => text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());

/**
 * Area codes in service, for the simulated numbers: they must pass the full number check every
 * contact and lead passes (an unassigned area code would be refused when the business is saved).
 */
const AREA_CODES = [
  201, 205, 206, 210, 212, 213, 214, 303, 305, 312, 313, 404, 407, 415, 469, 480, 503, 512, 602, 614, 615,
  617, 619, 702, 704, 713, 720, 727, 813, 904, 916, 919,
];

export function simulatedProvider(): LeadSearchProvider {
  return {
    name: "simulated",
    label: "Simulated search",
    async search(query: BusinessQuery, { isNew } = {}) {
      const seed = hash(`${query.industry.toLowerCase()}|${query.location.toLowerCase()}`);
      const area = AREA_CODES[seed % AREA_CODES.length];
      const city = title(query.location.split(",")[0]?.trim() || query.location);
      const kind = title(query.industry.replace(/s$/i, ""));
      const kept: FoundBusiness[] = [];
      for (let i = 0; i < SIMULATED_COUNT && kept.length < query.limit; i++) {
        const n = (seed + i * 7919) >>> 0;
        const slug = `${city}-${kind}-${i + 1}`.toLowerCase().replace(/[^a-z0-9]+/g, "-");
        const business: FoundBusiness = {
          placeKey: `simulated:${seed.toString(36)}-${i}`,
          name: `${city} ${kind} ${i + 1}`,
          address: `${100 + (n % 9000)} Main St, ${query.location}`,
          // Every tenth has no phone, as real listings sometimes do.
          phone: i % 10 === 9 ? null : `+1 ${area}-555-01${String(i % 100).padStart(2, "0")}`,
          website: i % 3 === 2 ? null : `https://${slug}.example`,
          rating: Math.round((3 + (n % 21) / 10) * 10) / 10,
          reviewCount: n % 500,
          category: kind,
          latitude: null,
          longitude: null,
          state: null,
          details: { simulated: true },
        };
        if (!isNew || isNew(business)) kept.push(business);
      }
      return kept;
    },
  };
}
