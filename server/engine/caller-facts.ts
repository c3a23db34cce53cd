import { parsePhoneNumberFromString } from "libphonenumber-js";

/** What we know about the calling number before a word is said. */
export type CallerFacts = {
  /** The number in E.164 when it parses, else the raw text. */
  number: string;
  withheld: boolean;
  malformed: boolean;
  /** Neighbour spoofing (same area code and exchange as the account's phone) or the account's own number. */
  spoofedLooking: boolean;
  inContacts: boolean;
  contactName: string | null;
  blocked: boolean;
};

const WITHHELD = /^(|anonymous|private|restricted|unknown|unavailable|withheld|blocked|no caller id|\+?0+)$/i;

export function normalizePhone(raw: string, defaultCountry: "US" = "US"): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), defaultCountry);
  return parsed?.isPossible() ? parsed.number : null;
}

/** Reads the number itself: withheld, malformed or spoofed-looking. Contact and block facts come from the account. */
export function inspectNumber(
  raw: string,
  ownNumber: string | null,
): Pick<CallerFacts, "number" | "withheld" | "malformed" | "spoofedLooking"> {
  const trimmed = raw.trim();
  if (WITHHELD.test(trimmed))
    return { number: trimmed || "Unknown", withheld: true, malformed: false, spoofedLooking: false };
  const parsed = parsePhoneNumberFromString(trimmed, "US");
  if (!parsed?.isPossible())
    return { number: trimmed, withheld: false, malformed: true, spoofedLooking: false };
  const number = parsed.number;
  const own = ownNumber ? normalizePhone(ownNumber) : null;
  const national = parsed.nationalNumber;
  // A North American number whose first six digits match the owner's is the classic "neighbour spoofing" trick.
  const neighbour =
    own !== null &&
    own !== number &&
    parsed.countryCallingCode === "1" &&
    own.startsWith("+1") &&
    own.slice(2, 8) === national.slice(0, 6);
  // Test and fictional numbers (555) are possible but not "valid"; only an impossible shape counts as malformed.
  return { number, withheld: false, malformed: false, spoofedLooking: own === number || neighbour };
}
