import type { Fact } from "./knowledge";

/**
 * Limits on what the assistant may book, read from the business's own rules and knowledge as
 * written ("Showings need at least two hours notice", "Parties of eight or more are arranged
 * with our manager"), so a booking the business would refuse is never made.
 */

/** How far ahead a booking must be: whole days count from the start of today. */
export type BookingNotice = { amount: number; unit: "minutes" | "days"; rule: string };

/** A party this large is arranged by a person, not booked by the assistant. */
export type PartyLimit = { atLeast: number; rule: string };

export type BookingRules = { notice: BookingNotice | null; partyLimit: PartyLimit | null };

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  "twenty-four": 24,
  "forty-eight": 48,
};
const NUMBER = `\\d+|${Object.keys(NUMBER_WORDS).join("|")}`;

export function numberOf(word: string): number | null {
  const lower = word.toLowerCase();
  if (/^\d+$/.test(lower)) return Number(lower);
  return NUMBER_WORDS[lower] ?? null;
}

const NOTICE = new RegExp(
  `\\b(${NUMBER})[ -](hours?|days?|business days?|weeks?)(?:'s?|’s?)?(?: of)? (?:notice|in advance|ahead(?: of time)?|from today|beforehand|lead time)\\b`,
  "i",
);
/** Notice for something other than a booking: cancelling, moving, a reply. */
const OTHER_NOTICE = /\b(?:cancel\w*|reschedul\w*|refunds?|respon\w*|repl(?:y|ies)|returns?)\b/i;

const PARTY_LIMIT = new RegExp(
  `\\b(?:parties|groups|tables|bookings|reservations) (?:of|for) (${NUMBER}) (?:or more|and (?:up|over|above)|people or more|guests or more)|\\b(?:more than|over) (${NUMBER}) (?:guests|people|persons|diners)\\b`,
  "i",
);

export function bookingRules(facts: readonly Fact[]): BookingRules {
  let notice: BookingNotice | null = null;
  let partyLimit: PartyLimit | null = null;
  for (const { text } of facts) {
    const said = NOTICE.exec(text);
    const amount = said?.[1] ? numberOf(said[1]) : null;
    if (!notice && said?.[2] && amount && !OTHER_NOTICE.test(text)) {
      const unit = said[2].toLowerCase();
      notice = unit.startsWith("hour")
        ? { amount: amount * 60, unit: "minutes", rule: text }
        : { amount: unit.startsWith("week") ? amount * 7 : amount, unit: "days", rule: text };
    }
    const party = PARTY_LIMIT.exec(text);
    if (!partyLimit && party) {
      const atLeast = party[1] ? numberOf(party[1]) : party[2] ? (numberOf(party[2]) ?? 0) + 1 : null;
      if (atLeast) partyLimit = { atLeast, rule: text };
    }
  }
  return { notice, partyLimit };
}

const PARTY_SIZE = new RegExp(
  `\\b(?:party of|group of|table for|reservation for|booking for) (${NUMBER})\\b|\\b(${NUMBER}) (?:people|guests|persons|adults|of us)\\b`,
  "i",
);

/** How many people the words book for ("a table for ten", "12 of us"), or null. */
export function partySizeIn(text: string): number | null {
  const said = PARTY_SIZE.exec(text);
  const word = said?.[1] ?? said?.[2];
  return word ? numberOf(word) : null;
}
