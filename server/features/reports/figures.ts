import {
  type AbandonmentFigure,
  DIALER_OUTCOME_NAMES,
  REPORT_OUTCOME_CODES,
  REPORT_OUTCOMES,
  type ReportFigures,
  type ReportOutcome,
} from "../../../common/reports";
import type { AbandonmentTally, OutcomeTally } from "./tallies";

/**
 * A report row's figures added up from its sources' tallies: pure, so the rules (what is over
 * what, how a rate rounds) are tested without a database.
 */

/** One decimal, as every percentage the reports answer. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;
/** part / whole as a percentage with one decimal; 0 when the whole is 0. */
export const percent = (part: number, whole: number) => (whole === 0 ? 0 : oneDecimal((part / whole) * 100));
const average = (sum: number, n: number) => (n === 0 ? 0 : Math.round(sum / n));

/** A source's outcome code under its report name, or null when a report does not count it. */
export function reportOutcome(code: string | null): ReportOutcome | null {
  if (!code) return null;
  const name = DIALER_OUTCOME_NAMES[code] ?? code;
  return name in REPORT_OUTCOMES ? (name as ReportOutcome) : null;
}

export type Sums = Omit<OutcomeTally, "campaignId" | "repId" | "aiAgentId" | "outcome"> & {
  conversions: number;
  outcomes: Record<ReportOutcome, number>;
};

export function emptySums(): Sums {
  return {
    calls: 0,
    dials: 0,
    contacts: 0,
    inbound: 0,
    connects: 0,
    talkSeconds: 0,
    waitSeconds: 0,
    waited: 0,
    wrapUpSeconds: 0,
    wrapUps: 0,
    abandoned: 0,
    dialerContacts: 0,
    conversions: 0,
    outcomes: Object.fromEntries(REPORT_OUTCOME_CODES.map((code) => [code, 0])) as Record<
      ReportOutcome,
      number
    >,
  };
}

export function addTally(sums: Sums, tally: OutcomeTally): void {
  sums.calls += tally.calls;
  sums.dials += tally.dials;
  sums.contacts += tally.contacts;
  sums.inbound += tally.inbound;
  sums.connects += tally.connects;
  sums.talkSeconds += tally.talkSeconds;
  sums.waitSeconds += tally.waitSeconds;
  sums.waited += tally.waited;
  sums.wrapUpSeconds += tally.wrapUpSeconds;
  sums.wrapUps += tally.wrapUps;
  sums.abandoned += tally.abandoned;
  sums.dialerContacts += tally.dialerContacts;
  const outcome = reportOutcome(tally.outcome);
  if (!outcome) return;
  sums.outcomes[outcome] += tally.calls;
  if (REPORT_OUTCOMES[outcome].conversion) sums.conversions += tally.calls;
}

export function abandonmentFigure(tallies: readonly AbandonmentTally[]): AbandonmentFigure {
  const abandoned = tallies.reduce((sum, tally) => sum + tally.abandoned, 0);
  const answeredByPerson = tallies.reduce((sum, tally) => sum + tally.answeredByPerson, 0);
  return { abandoned, answeredByPerson, ratePercent: percent(abandoned, answeredByPerson) };
}

/**
 * The row's figures: rates over what they are rates of (contacts over dials, conversions over
 * connects, abandoned over calls a person answered), averages over the calls that have the
 * time (wait: calls a person answered and an agent took; wrap-up: from the call's end to the
 * rep's Ready, or the campaign's wrap-up time running out), calls per hour over the clock hours with a call.
 */
export function figuresOf(
  sums: Sums,
  activeHours: number,
  last30Days: AbandonmentFigure | null,
): ReportFigures {
  return {
    calls: sums.calls,
    dials: sums.dials,
    contacts: sums.contacts,
    contactRate: percent(sums.contacts, sums.dials),
    inbound: sums.inbound,
    connects: sums.connects,
    talkSeconds: Math.round(sums.talkSeconds),
    avgTalkSeconds: average(sums.talkSeconds, sums.connects),
    avgWaitSeconds: average(sums.waitSeconds, sums.waited),
    avgWrapUpSeconds: average(sums.wrapUpSeconds, sums.wrapUps),
    conversions: sums.conversions,
    conversionRate: percent(sums.conversions, sums.connects),
    abandoned: sums.abandoned,
    // Over the calls a person answered on the autodialer's lines (abandoned ones among them):
    // a call dialled by hand is never abandoned, so it is no part of the rate.
    abandonmentRate: percent(sums.abandoned, sums.dialerContacts),
    last30Days,
    activeHours,
    callsPerHour: activeHours === 0 ? 0 : oneDecimal(sums.calls / activeHours),
    outcomes: sums.outcomes,
  };
}
