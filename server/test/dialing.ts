import { expect } from "vitest";
import { checkCallingWindow } from "../features/dialer/calling-window";
import { calleeTimeZones } from "../features/dialer/time-zones";
import type { TestClient } from "./app";

/**
 * What tests that place outbound calls need to get past the dial gate honestly
 * (server/features/telephony/dial-gate.ts): a clock at which their callees are inside the
 * 08:00-21:00 calling hours, and consent to AI-voice calls on file for the numbers the assistant
 * calls.
 */

/**
 * 22:05 UTC on a June day: 18:05 in New York, 15:05 in Los Angeles, 12:05 in Honolulu and 08:05
 * the next morning on Guam. Inside the calling hours in every zone of the North American
 * numbering plan, so a test's +1 numbers (a 555 number is known in all of them, from Guam to
 * Adak) and a contact's default New York zone are all callable for over an hour from it.
 */
export const NORTH_AMERICAN_EVENING = new Date("2026-06-10T22:05:00.000Z");

/** Noon in New York on a June day: 17:00 in London, 09:00 in Los Angeles (not Honolulu or Guam). */
export const NEW_YORK_NOON = new Date("2026-06-10T16:00:00.000Z");

/**
 * A clock that starts at `at` and runs at the wall clock's pace (calls still last, timeouts
 * still pass), for createTestApp's `now`.
 */
export function clockFrom(at: Date): () => Date {
  const offset = at.getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}

/**
 * Records consent to AI-voice calls for the numbers, as a workspace does: on autodialer leads
 * (a campaign kept for it), which is where the dialer keeps a person's consent and its source.
 */
export async function recordAiVoiceConsent(client: TestClient, phoneNumbers: string[]): Promise<void> {
  const campaign = await client.post("/api/autodialer/campaigns", { name: "AI-voice consent on file" });
  expect(campaign.statusCode, campaign.body).toBe(201);
  const leads = await client.post(`/api/autodialer/campaigns/${campaign.json().id}/leads`, {
    leads: phoneNumbers.map((phoneNumber) => ({
      phoneNumber,
      aiVoiceConsent: true,
      consentSource: "web form",
    })),
  });
  expect(leads.statusCode, leads.body).toBe(201);
}

/** Places whose numbers the carrier simulator takes, each with numbers made from an index. */
const PLACES = [
  // New York: +1 212 NXX-XXXX, one exchange per index.
  (n: number, last4: string) => `+1212${300 + n}${last4}`,
  // London: +44 20 XXXX XXXX.
  (n: number, last4: string) => `+4420${3000 + n}${last4}`,
  // Tokyo: +81 3 XXXX XXXX.
  (n: number, last4: string) => `+813${3000 + n}${last4}`,
];

/**
 * `count` distinct numbers ending in `last4` (the simulator's outcome digits, e.g. 0002 for busy)
 * in a place where it is inside the calling hours now and for the next `marginMinutes`, for the
 * tests that run the real server on the wall clock. New York, London and Tokyo between them cover
 * every hour of the day.
 */
export function numbersInCallingHoursNow(
  count: number,
  last4: string,
  now = new Date(),
  marginMinutes = 60,
): string[] {
  const later = new Date(now.getTime() + marginMinutes * 60_000);
  for (const place of PLACES) {
    const callee = calleeTimeZones({ phoneNumber: place(0, last4) });
    if (checkCallingWindow(now, callee).callable && checkCallingWindow(later, callee).callable)
      return Array.from({ length: count }, (_, n) => place(n, last4));
  }
  throw new Error("no place is inside its calling hours for the next hour (the places should cover the day)");
}
