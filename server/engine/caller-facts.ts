import { type PhoneNumber, parsePhoneNumberFromString } from "libphonenumber-js";

/** What we know about the calling number before a word is said. */
export type CallerFacts = {
  /** The number in E.164 when it parses, else the raw text. */
  number: string;
  withheld: boolean;
  malformed: boolean;
  /**
   * The number shares the account's cellphone's area code and exchange (first six digits of a
   * North American number) without being that number: the "neighbour spoofing" robocalls use.
   * Evidence for spam, never a verdict (see analyze.ts).
   */
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
  // Test and fictional numbers (555) are possible but not "valid"; only an impossible shape counts as malformed.
  return { number, withheld: false, malformed: false, spoofedLooking: isNeighbour(parsed, ownNumber) };
}

// Area codes that belong to no place: toll-free, the N00 service codes and the 5XX personal-communications codes.
const NON_GEOGRAPHIC_AREA = /^(8(00|33|44|55|66|77|88)|[2-9]00|52[1-9]|53[2358]|54[2-4]|566|577|588)$/;
// Exchanges no subscriber has: 555 (directory and the 555-01XX numbers reserved for fiction) and N11 service codes.
const NO_SUBSCRIBER_EXCHANGE = /^(555|[2-9]11)$/;

/**
 * Neighbour spoofing: a robocaller shows a number with the callee's own area code and exchange
 * (the first six digits, NPA-NXX) so it looks local. Sharing only the area code, or a few digits,
 * is true of millions of honest callers and is not evidence; neither is a number that is not a
 * real subscriber number on either side. The owner's own number is not a neighbour: most often it
 * is the owner calling their own line.
 */
function isNeighbour(caller: PhoneNumber, ownNumber: string | null): boolean {
  const own = ownNumber ? parsePhoneNumberFromString(ownNumber.trim(), "US") : undefined;
  if (!own?.isValid() || !caller.isValid()) return false;
  if (own.countryCallingCode !== "1" || caller.countryCallingCode !== "1") return false;
  if (own.number === caller.number) return false;
  const [area, exchange] = [own.nationalNumber.slice(0, 3), own.nationalNumber.slice(3, 6)];
  if (NON_GEOGRAPHIC_AREA.test(area) || NO_SUBSCRIBER_EXCHANGE.test(exchange)) return false;
  return caller.nationalNumber.slice(0, 6) === `${area}${exchange}`;
}
