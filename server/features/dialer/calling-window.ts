import { TZDate } from "@date-fns/tz";
import { LEGAL_WINDOW } from "../../../common/dialer";
import type { CalleeZones } from "./time-zones";

/**
 * May this number be rung now? The law's window is 08:00 to 21:00 in the callee's own time zone,
 * and a campaign may narrow it with its own hours (in the callee's time too). A callee known in
 * several zones (an area code across a zone line, a mixed postal area, a recorded zone that is not
 * the number's) is callable only when it is inside the window in every one of them. Checked when the number is dialled, not when it
 * was queued (the runtime's dial-time gate).
 *
 * A callee with no known zone is not callable: guessing could ring someone at night. A campaign
 * may opt in explicitly by naming the zone to assume (`unknownZoneAssumed`, e.g. the workspace's
 * own), and then the window is checked in that zone.
 *
 * Windows are [start, end): 20:59 is inside a window ending at 21:00, 21:00 is not.
 */

export interface CallingHours {
  /** "HH:MM", 24-hour, in the callee's time. */
  start: string;
  end: string;
}

export interface CallingWindowSettings {
  /** The campaign's own hours; intersected with the legal window. */
  hours?: CallingHours;
  /** The zone to assume for a callee with no known zone; absent or null: do not call them. */
  unknownZoneAssumed?: string | null;
}

export type CallingWindowVerdict =
  | { callable: true; zones: string[] }
  | {
      callable: false;
      reason: "outside_window" | "unknown_zone";
      zones: string[];
      /** When the window next opens in every zone (within a week), for rescheduling the lead. */
      nextOpening: Date | null;
    };

export function checkCallingWindow(
  now: Date,
  callee: CalleeZones,
  settings: CallingWindowSettings = {},
): CallingWindowVerdict {
  const window = effectiveWindow(settings.hours);
  const assumed = settings.unknownZoneAssumed;
  const zones = callee.zones.length ? callee.zones : assumed ? [assumed] : [];
  if (!zones.length) {
    return { callable: false, reason: "unknown_zone", zones: [], nextOpening: null };
  }
  if (!window) {
    return { callable: false, reason: "outside_window", zones, nextOpening: null };
  }
  if (zones.every((zone) => insideWindow(now, zone, window))) {
    return { callable: true, zones };
  }
  return {
    callable: false,
    reason: "outside_window",
    zones,
    nextOpening: nextOpening(now, zones, window),
  };
}

/** Minutes after midnight, [start, end), of the legal window narrowed by the campaign's hours. */
export interface MinuteWindow {
  start: number;
  end: number;
}

/** The legal window intersected with the campaign's hours; null when they do not overlap. */
export function effectiveWindow(hours?: CallingHours): MinuteWindow | null {
  const legal = { start: minutesOf(LEGAL_WINDOW.start), end: minutesOf(LEGAL_WINDOW.end) };
  if (!hours) return legal;
  const start = Math.max(legal.start, minutesOf(hours.start));
  const end = Math.min(legal.end, minutesOf(hours.end));
  return end > start ? { start, end } : null;
}

/** "HH:MM" to minutes after midnight; throws on anything else (the contract validates hours). */
export function minutesOf(time: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new RangeError(`Calling hours must be times like 09:00 (got "${time}").`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The callee's local time of day, in minutes after midnight. */
export function localMinutes(now: Date, zone: string): number {
  const local = new TZDate(now.getTime(), zone);
  return local.getHours() * 60 + local.getMinutes();
}

export function insideWindow(now: Date, zone: string, window: MinuteWindow): boolean {
  const minutes = localMinutes(now, zone);
  return minutes >= window.start && minutes < window.end;
}

/**
 * The window opens for all the zones at once only when it opens in one of them while already
 * open in the others: so the candidates are each zone's next few local openings.
 */
function nextOpening(now: Date, zones: string[], window: MinuteWindow): Date | null {
  const candidates: number[] = [];
  for (const zone of zones) {
    const today = new TZDate(now.getTime(), zone);
    for (let day = 0; day <= 7; day++) {
      const opening = new TZDate(
        today.getFullYear(),
        today.getMonth(),
        today.getDate() + day,
        Math.floor(window.start / 60),
        window.start % 60,
        zone,
      );
      if (opening.getTime() > now.getTime()) candidates.push(opening.getTime());
    }
  }
  candidates.sort((a, b) => a - b);
  const first = candidates.find((at) => zones.every((zone) => insideWindow(new Date(at), zone, window)));
  return first === undefined ? null : new Date(first);
}
