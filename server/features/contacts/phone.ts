import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js";

/** The country a workspace reads numbers in when it has none set. */
export const DEFAULT_COUNTRY = "US";

/** Whether libphonenumber-js knows the ISO 3166 alpha-2 code (upper case), so numbers can be read in it. */
export function isPhoneCountry(code: string): code is CountryCode {
  return /^[A-Z]{2}$/.test(code) && isSupportedCountry(code);
}

/**
 * A phone number as typed, read in the workspace's default country: its E.164 form, or null
 * when it cannot be a number (too short, too long, letters). Possible, not "valid": fictional
 * and test numbers (555) are kept, as the call engine keeps them. A number written with +country
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
    if (!parsed?.isPossible()) return { e164: null };
    return { e164: parsed.number };
  } catch {
    return { e164: null };
  }
}
