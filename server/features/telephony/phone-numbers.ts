import { parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * E.164 with libphonenumber-js; 10 digits (or 11 starting with 1) are North American. The
 * number has already passed the spec's cleaning rule (common/telephony phoneNumberProblem).
 */
export function toE164(raw: string): string {
  const clean = raw.replace(/[^\d+]/g, "");
  const parsed = parsePhoneNumberFromString(clean, "US");
  if (parsed?.number) return parsed.number;
  const digits = clean.replace(/\D/g, "");
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

/** A webhook's To, as E.164, or null when it is no phone number. */
export function toE164OrNull(raw: string): string | null {
  const clean = raw.replace(/[^\d+]/g, "");
  return /^\+?\d{7,15}$/.test(clean) ? toE164(clean) : null;
}
