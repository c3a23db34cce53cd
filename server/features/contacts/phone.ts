import {
  type CountryCode,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from "libphonenumber-js";

/** The country a workspace reads numbers in when it has none set. */
export const DEFAULT_COUNTRY = "US";

/** Whether libphonenumber-js knows the ISO 3166 alpha-2 code (upper case), so numbers can be read in it. */
export function isPhoneCountry(code: string): code is CountryCode {
  return /^[A-Z]{2}$/.test(code) && isSupportedCountry(code);
}

/**
 * North America's 555 area code is never given to a line: films, demos and the simulator's
 * scripts use it for numbers that look real and reach no one, so it is kept although
 * libphonenumber (rightly) calls it unassigned. Every other +1 number must be one the numbering
 * plan could give out.
 */
const FICTIONAL_NORTH_AMERICAN = /^\+1555\d{7}$/;

/** Whether a parsed number could be dialled: libphonenumber's full check, not only its length. */
export function isDiallable(parsed: PhoneNumber): boolean {
  return parsed.isValid() || FICTIONAL_NORTH_AMERICAN.test(parsed.number);
}

/**
 * A phone number as typed, read in the workspace's default country: its E.164 form, or null
 * when it cannot be a number anyone holds (too short, too long, letters, or a shape no country
 * gives out, like +1 000 000 0000 whose area code and exchange cannot start with 0). The
 * fictional 555 area code is kept, as the call engine keeps it. A number written with +country
 * code (or 00 / 011 international prefixes) is read as such whatever the default country.
 * Shared with the importer (server/features/contacts/import).
 */
export function normalizePhone(raw: string | null | undefined, country: string): { e164: string | null } {
  const text = raw?.trim();
  if (!text) return { e164: null };
  // Letters other than an extension marker mean it is not a number (a name typed in the wrong box).
  if (/[a-wyz]/i.test(text.replace(/\b(ext|x)\.?\s*\d+$/i, ""))) return { e164: null };
  const defaultCountry = isPhoneCountry(country) ? country : DEFAULT_COUNTRY;
  try {
    const parsed = parsePhoneNumberFromString(text, { defaultCountry, extract: false });
    if (!parsed || !isDiallable(parsed)) return { e164: null };
    return { e164: parsed.number };
  } catch {
    return { e164: null };
  }
}
