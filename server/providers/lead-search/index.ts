import type { Config } from "../../config";
import { osmProvider } from "./osm";
import { serpApiProvider } from "./serpapi";
import { simulatedProvider } from "./simulated";
import type { LeadSearchProvider } from "./types";

/** The business search LEAD_SEARCH_PROVIDER names (server/config.ts picks the default). */
export function createLeadSearchProvider(
  config: Pick<Config, "leadSearch" | "version" | "publicUrl">,
): LeadSearchProvider {
  const settings = config.leadSearch;
  // The public OpenStreetMap servers refuse requests that do not say who is asking.
  const userAgent = `AI-Platform/${config.version} lead-search${config.publicUrl ? ` (+${config.publicUrl})` : ""}`;
  switch (settings.provider) {
    case "serpapi":
      return serpApiProvider({
        apiKey: settings.serpApiKey,
        baseUrl: settings.serpApiUrl,
        userAgent,
        timeoutMs: settings.timeoutMs,
      });
    case "simulated":
      return simulatedProvider();
    case "osm":
      return osmProvider({
        nominatimUrl: settings.nominatimUrl,
        overpassUrl: settings.overpassUrl,
        userAgent,
        timeoutMs: settings.timeoutMs,
      });
  }
}

export type { BusinessQuery, FoundBusiness, LeadSearchProvider, SearchOptions } from "./types";
export { LeadSearchError } from "./types";
