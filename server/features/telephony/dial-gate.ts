import { TZDate } from "@date-fns/tz";
import { ON_DO_NOT_CALL } from "../../../common/contacts";
import { ABANDON_CEILING_PERCENT, LEGAL_WINDOW } from "../../../common/dialer";
import {
  type CallingHours,
  checkCallingWindow,
  effectiveWindow,
  insideWindow,
} from "../dialer/calling-window";
import { type CalleeLocation, calleeTimeZones, type ZoneSource } from "../dialer/time-zones";

/**
 * Whether a number may be dialled now: the one decision every outbound call goes through (a
 * contact's Dial, bulk calls, the autodialer, /real-voice-calls, the phone system's click-to-call).
 * Pure: the facts are gathered by the caller (telephony's outbound-gate.ts for every call; the
 * dialer's runtime for a batch of leads, to reschedule a lead rather than fail it), and the same
 * facts always give the same answer.
 *
 * In order: the do-not-call lists (the workspace's, a contact's flag, the campaign's own), AI-voice
 * consent when the callee would speak with an AI voice, the abandonment ceiling for a line a
 * predictive campaign dials ahead of a free agent, then the calling hours: 08:00-21:00 (and the
 * campaign's hours) in every zone known for the callee, the number's own and every recorded one
 * together. A callee with no known zone is not called unless a zone to assume is set.
 */

export type DialFacts = {
  now: Date;
  /** Where the callee is: the number, and the zones and postal codes recorded for them. */
  callee: CalleeLocation;
  doNotCall: {
    /** On the workspace's do-not-call list (or a contact with the number is marked do-not-call). */
    workspace: boolean;
    /** The contact being called is marked do-not-call. */
    contact?: boolean | undefined;
    /** On the campaign's own list (a dialer campaign's call). */
    campaign?: boolean | undefined;
  };
  /** A campaign's own hours, in the callee's time, inside the law's window. */
  campaignHours?: CallingHours | null | undefined;
  /** The zone to assume for a callee with no known zone; absent: such a callee is not called. */
  unknownZoneAssumed?: string | null | undefined;
  /** True when the callee would hear an AI voice (the assistant conducts the call). */
  aiVoice: boolean;
  /** Consent to AI-voice calls is recorded for this callee. */
  aiVoiceConsent: boolean;
  /**
   * A line a predictive campaign dials ahead of a free agent: the campaign's share of calls
   * answered by a person that were abandoned over the last 30 days (0.03 is 3%).
   */
  predictiveLine?: { abandonRate: number } | null | undefined;
};

export type DialRule =
  | "do_not_call"
  | "campaign_do_not_call"
  | "no_ai_voice_consent"
  | "abandonment_ceiling"
  | "outside_calling_hours"
  | "unknown_time_zone";

export type DialRefusal = {
  rule: DialRule;
  /** What the person asking reads: why, and what to do about it. */
  message: string;
  /** Never to be dialled (a do-not-call list), or maybe later. */
  permanent: boolean;
  /** When the number may be tried again (the window opens), when that is known. */
  retryAt: Date | null;
};

export type DialVerdict = { allowed: true; zones: string[] } | { allowed: false; refusal: DialRefusal };

export const ON_CAMPAIGN_DO_NOT_CALL =
  "This number is on this campaign's do-not-call list, so it cannot be dialled.";
export const NO_AI_VOICE_CONSENT =
  "This call would be made by the AI assistant, and no consent to AI-voice calls is recorded for this number. Record the person's consent (an autodialer lead with AI-voice consent), or call them from your own phone (click-to-call on the phone system).";
export const ABANDONMENT_CEILING_REACHED = (rate: number) =>
  `This campaign abandoned ${(rate * 100).toFixed(1)}% of the calls answered by a person over the last 30 days, at or over the ${ABANDON_CEILING_PERCENT}% ceiling: it dials no line ahead of a free agent.`;
export const UNKNOWN_TIME_ZONE =
  "No time zone is known for this number (from its country or area code, a contact's time zone or a postal code), so its calling hours cannot be checked and it is not called. Record the contact's time zone, or set CALLING_UNKNOWN_ZONE to the zone to assume.";

export function decideDial(facts: DialFacts): DialVerdict {
  const refuse = (refusal: Omit<DialRefusal, "retryAt"> & { retryAt?: Date | null }): DialVerdict => ({
    allowed: false,
    refusal: { retryAt: null, ...refusal },
  });
  if (facts.doNotCall.workspace || facts.doNotCall.contact)
    return refuse({ rule: "do_not_call", message: ON_DO_NOT_CALL, permanent: true });
  if (facts.doNotCall.campaign)
    return refuse({
      rule: "campaign_do_not_call",
      message: ON_CAMPAIGN_DO_NOT_CALL,
      permanent: true,
    });
  if (facts.aiVoice && !facts.aiVoiceConsent)
    return refuse({
      rule: "no_ai_voice_consent",
      message: NO_AI_VOICE_CONSENT,
      permanent: false,
    });
  if (facts.predictiveLine && facts.predictiveLine.abandonRate >= ABANDON_CEILING_PERCENT / 100)
    return refuse({
      rule: "abandonment_ceiling",
      message: ABANDONMENT_CEILING_REACHED(facts.predictiveLine.abandonRate),
      permanent: false,
    });

  const callee = calleeTimeZones(facts.callee);
  const hours = facts.campaignHours ?? undefined;
  const verdict = checkCallingWindow(facts.now, callee, {
    hours,
    unknownZoneAssumed: facts.unknownZoneAssumed ?? null,
  });
  if (verdict.callable) return { allowed: true, zones: verdict.zones };
  if (verdict.reason === "unknown_zone")
    return refuse({ rule: "unknown_time_zone", message: UNKNOWN_TIME_ZONE, permanent: false });
  return refuse({
    rule: "outside_calling_hours",
    message: outsideHoursMessage(
      facts.now,
      verdict.zones,
      callee.sourcesOf ?? {},
      hours,
      verdict.nextOpening,
    ),
    permanent: false,
    retryAt: verdict.nextOpening,
  });
}

const SOURCE_WORDS: Record<ZoneSource, string> = {
  phone_prefix: "by its number",
  contact: "its recorded time zone",
  postal_code: "by its postal code",
};

/** "HH:MM" in the zone. */
function clockIn(at: Date, zone: string): string {
  const local = new TZDate(at.getTime(), zone);
  return `${String(local.getHours()).padStart(2, "0")}:${String(local.getMinutes()).padStart(2, "0")}`;
}

const hoursText = (start: number, end: number) =>
  `${String(Math.floor(start / 60)).padStart(2, "0")}:${String(start % 60).padStart(2, "0")}–${String(Math.floor(end / 60)).padStart(2, "0")}:${String(end % 60).padStart(2, "0")}`;

/**
 * "It is 05:03 for this number (Asia/Tokyo); calls are allowed 08:00–21:00 in the callee's time.
 * Try again after 08:00 their time." The zone named is one the callee is outside the hours in
 * (the number's own or a recorded one); a callee known in several zones is called only when it
 * is inside the hours in all of them, which the message says.
 */
export function outsideHoursMessage(
  now: Date,
  zones: string[],
  sourcesOf: Record<string, ZoneSource[]>,
  campaignHours: CallingHours | undefined,
  nextOpening: Date | null,
): string {
  const window = effectiveWindow(campaignHours);
  if (!window)
    return `This campaign's calling hours (${campaignHours?.start}–${campaignHours?.end}) do not overlap the law's ${LEGAL_WINDOW.start}–${LEGAL_WINDOW.end} in the callee's time, so it calls nobody. Change the campaign's hours.`;
  const outside = zones.find((zone) => !insideWindow(now, zone, window)) ?? zones[0] ?? "UTC";
  const sources = sourcesOf[outside] ?? [];
  const how = sources.includes("phone_prefix") ? "" : sources[0] ? `, ${SOURCE_WORDS[sources[0]]}` : "";
  const allowed = hoursText(window.start, window.end);
  const legal = effectiveWindow();
  const narrowed = legal !== null && (window.start !== legal.start || window.end !== legal.end);
  const whose = narrowed ? "in the callee's time (this campaign's hours)" : "in the callee's time";
  let message = `It is ${clockIn(now, outside)} for this number (${outside}${how}); calls are allowed ${allowed} ${whose}.`;
  if (zones.length > 1)
    message += ` This number is known in ${zones.length} time zones (${zones.join(", ")}) and is called only when it is inside those hours in every one.`;
  if (nextOpening) message += ` Try again after ${clockIn(nextOpening, outside)} their time.`;
  else message += " Its time zones never share those hours, so it cannot be called.";
  return message;
}
