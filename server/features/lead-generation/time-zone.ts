import tzLookup from "@photostructure/tz-lookup";
import { isTimeZone } from "../../../common/ai-settings";

/**
 * A saved lead's time zone, so the dialer calls within its business hours: from its coordinates
 * when the search gave them (an offline lookup of the world's zone boundaries), else from the US
 * state in its address, else `fallback` (null: none recorded, and the number's own zone applies).
 */

/** Each state's most populous zone (a few states span two; coordinates settle those). */
const STATE_ZONES: Record<string, string> = {
  AL: "America/Chicago",
  AK: "America/Anchorage",
  AZ: "America/Phoenix",
  AR: "America/Chicago",
  CA: "America/Los_Angeles",
  CO: "America/Denver",
  CT: "America/New_York",
  DE: "America/New_York",
  DC: "America/New_York",
  FL: "America/New_York",
  GA: "America/New_York",
  HI: "Pacific/Honolulu",
  ID: "America/Boise",
  IL: "America/Chicago",
  IN: "America/Indiana/Indianapolis",
  IA: "America/Chicago",
  KS: "America/Chicago",
  KY: "America/New_York",
  LA: "America/Chicago",
  ME: "America/New_York",
  MD: "America/New_York",
  MA: "America/New_York",
  MI: "America/Detroit",
  MN: "America/Chicago",
  MS: "America/Chicago",
  MO: "America/Chicago",
  MT: "America/Denver",
  NE: "America/Chicago",
  NV: "America/Los_Angeles",
  NH: "America/New_York",
  NJ: "America/New_York",
  NM: "America/Denver",
  NY: "America/New_York",
  NC: "America/New_York",
  ND: "America/Chicago",
  OH: "America/New_York",
  OK: "America/Chicago",
  OR: "America/Los_Angeles",
  PA: "America/New_York",
  RI: "America/New_York",
  SC: "America/New_York",
  SD: "America/Chicago",
  TN: "America/Chicago",
  TX: "America/Chicago",
  UT: "America/Denver",
  VT: "America/New_York",
  VA: "America/New_York",
  WA: "America/Los_Angeles",
  WV: "America/New_York",
  WI: "America/Chicago",
  WY: "America/Denver",
  PR: "America/Puerto_Rico",
};

/** ", FL 33602" or ", FL" at the end of an address. */
const STATE_IN_ADDRESS = /,\s*([A-Z]{2})(?:\s+\d{5}(?:-\d{4})?)?\s*(?:,\s*(?:USA|United States))?\s*$/;

export function stateOf(address: string | null | undefined): string | null {
  const state = address?.trim().match(STATE_IN_ADDRESS)?.[1];
  return state && STATE_ZONES[state] ? state : null;
}

export function leadTimeZone(
  where: { latitude?: unknown; longitude?: unknown; state?: unknown; address?: string | null },
  fallback: string | null,
): string | null {
  const { latitude, longitude } = where;
  if (
    typeof latitude === "number" &&
    typeof longitude === "number" &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  ) {
    try {
      const zone = tzLookup(latitude, longitude);
      if (isTimeZone(zone)) return zone;
    } catch {
      // Out of range: the address decides.
    }
  }
  const state =
    (typeof where.state === "string" && STATE_ZONES[where.state] ? where.state : null) ??
    stateOf(where.address);
  return (state && STATE_ZONES[state]) || fallback;
}
