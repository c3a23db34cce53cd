import { type CountryCode, getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js";
import { DEFAULT_COUNTRY, isDiallable, isPhoneCountry, normalizePhone } from "../phone";

/**
 * A phone number in E.164 for an import row, the same answer as `normalizePhone` (the contacts
 * area's one reading of a number) but about thirty times faster for the common North American
 * spellings: libphonenumber takes some 35 µs a number, which alone would cap an import at
 * 30,000 rows a second. Numbers written only with digits, spaces, dots, dashes and brackets that
 * are ten digits, or eleven starting with 1, in a country of the +1 plan (or written +1 and ten
 * digits anywhere) are read directly; every other spelling goes through libphonenumber.
 * Those are then checked as `normalizePhone` checks them (a real area code and exchange), once
 * per area code and exchange: whether a +1 number can be given out depends on those six digits
 * only, and an import's numbers share few of them. phone-fast.test.ts checks the two agree.
 */
const SEPARATORS = /[\s().-]/g;
const TEN_DIGITS = /^\d{10}$/;
const ONE_AND_TEN = /^1\d{10}$/;

const nanp = new Map<string, boolean>();
function usesPlusOne(country: string): boolean {
  let known = nanp.get(country);
  if (known === undefined) {
    const code = isPhoneCountry(country) ? country : DEFAULT_COUNTRY;
    known = getCountryCallingCode(code as CountryCode) === "1";
    nanp.set(country, known);
  }
  return known;
}

/** Whether +1 numbers starting with these six digits (area code, exchange) can be given out. */
const diallableExchanges = new Map<string, boolean>();
function northAmerican(e164: string): string | null {
  const exchange = e164.slice(2, 8);
  let diallable = diallableExchanges.get(exchange);
  if (diallable === undefined) {
    const parsed = parsePhoneNumberFromString(e164);
    diallable = parsed !== undefined && isDiallable(parsed);
    diallableExchanges.set(exchange, diallable);
  }
  return diallable ? e164 : null;
}

export function phoneE164(raw: string, country: string): string | null {
  const compact = raw.replace(SEPARATORS, "");
  if (compact.startsWith("+")) {
    const digits = compact.slice(1);
    if (ONE_AND_TEN.test(digits)) return northAmerican(compact);
  } else if (usesPlusOne(country)) {
    if (TEN_DIGITS.test(compact)) return northAmerican(`+1${compact}`);
    if (ONE_AND_TEN.test(compact)) return northAmerican(`+${compact}`);
  }
  return normalizePhone(raw, country).e164;
}
