import { z } from "zod";

/**
 * The one text schema every string input goes through: bodies, query
 * strings, route parameters and webhook forms. PostgreSQL cannot store NUL ("invalid byte
 * sequence"), and a lone UTF-16 surrogate is not a character at all (it becomes U+FFFD or an
 * error on its way to the database), so both are refused here with a 400 that says which field
 * and what to do, instead of failing deep in a query with a 500.
 */

const NUL = "\u0000";
/** With the u flag a valid surrogate pair is one code point; only a lone half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

export function nulMessage(label: string): string {
  return `${label} contains an invisible NUL character, which cannot be saved. Remove it and try again.`;
}

export function brokenCharacterMessage(label: string): string {
  return `${label} contains a broken character (half of an emoji or symbol). Retype it and try again.`;
}

/** Why a text cannot be taken as it is, or null when it can. */
export function textProblem(value: string, label: string): string | null {
  if (value.includes(NUL)) return nulMessage(label);
  if (LONE_SURROGATE.test(value)) return brokenCharacterMessage(label);
  return null;
}

/**
 * A string that can be stored: no NUL, no lone surrogate. Chain the field's own rules after it
 * (`safeString("Caller name").trim().max(120, ...)`); `error` is the message when the value is
 * missing or not a string.
 */
export function safeString(label: string, error = `${label} must be text`) {
  return z
    .string({ error })
    .refine((value) => !value.includes(NUL), { message: nulMessage(label), abort: true })
    .refine((value) => !LONE_SURROGATE.test(value), { message: brokenCharacterMessage(label), abort: true });
}

type TextOptions = {
  /** At least this many characters after trimming (default 0: may be empty). */
  min?: number;
  /** The message when the value is missing, not a string, or shorter than `min`. */
  required?: string;
  /** The message when it is longer than `max`. */
  tooLong?: string;
};

/** Trimmed, storable text of at most `max` characters: the usual shape of a form field. */
export function text(label: string, max: number, options: TextOptions = {}) {
  const required = options.required ?? `Please enter ${label.toLowerCase()}`;
  const base = safeString(label, required).trim();
  const sized = options.min ? base.min(options.min, required) : base;
  return sized.max(max, options.tooLong ?? `${label} must be at most ${max} characters`);
}

/**
 * The years a date may fall in. PostgreSQL refuses year 0 and JavaScript and PostgreSQL disagree
 * far out; nothing this app schedules or records lies outside these.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

/** An ISO 8601 date and time with an offset ("2030-01-15T14:00:00Z"), in years PostgreSQL stores. */
export function dateTime(
  label: string,
  error = `${label} must be a date and time like 2030-01-15T14:00:00Z`,
) {
  return z.iso.datetime({ offset: true, error }).refine(
    (value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= MIN_YEAR && year <= MAX_YEAR;
    },
    { message: `${label} must be between the years ${MIN_YEAR} and ${MAX_YEAR}`, abort: true },
  );
}

/** PostgreSQL's integer column: a larger whole number cannot be stored. */
export const MAX_INT4 = 2_147_483_647;
