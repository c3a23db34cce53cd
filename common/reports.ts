import { z } from "zod";
import { MAX_YEAR, MIN_YEAR } from "./text";

/**
 * Reports: a workspace's calling per campaign and per agent (its people and its AI agents) over
 * a range of days in the workspace's time zone, counted from the autodialer's attempts and the
 * calls at the time of asking. Routes live under /api/reports. Percentages are numbers from 0
 * to 100 with one decimal; times are whole seconds.
 */

// --- What a call came to, in one vocabulary ---------------------------------------------------

/**
 * The outcomes a report counts. The autodialer's dispositions (common/dialer DISPOSITIONS) and
 * what the assistant decided on a call (common/calls CALL_DISPOSITIONS) name some outcomes
 * differently (an appointment / booked, callback / call_back, answering machine / voicemail):
 * each is counted under one name here. `conversion`: a sale, a booking, a person interested or
 * qualified.
 */
export const REPORT_OUTCOMES = {
  sale: { label: "Sale", conversion: true },
  booked: { label: "Appointment booked", conversion: true },
  interested: { label: "Interested", conversion: true },
  qualified: { label: "Qualified", conversion: true },
  not_interested: { label: "Not interested", conversion: false },
  call_back: { label: "Call back", conversion: false },
  do_not_call: { label: "Do not call", conversion: false },
  wrong_number: { label: "Wrong number", conversion: false },
  transferred: { label: "Transferred", conversion: false },
  voicemail: { label: "Answering machine", conversion: false },
  no_contact: { label: "No contact (dead air)", conversion: false },
  no_answer: { label: "No answer", conversion: false },
  busy: { label: "Busy", conversion: false },
  failed: { label: "Failed", conversion: false },
  abandoned: { label: "Abandoned", conversion: false },
} as const satisfies Record<string, { label: string; conversion: boolean }>;
export type ReportOutcome = keyof typeof REPORT_OUTCOMES;
export const REPORT_OUTCOME_CODES = Object.keys(REPORT_OUTCOMES) as [ReportOutcome, ...ReportOutcome[]];
export const CONVERSION_OUTCOMES = REPORT_OUTCOME_CODES.filter((code) => REPORT_OUTCOMES[code].conversion);

/** The autodialer's disposition codes under their report name (the others keep theirs). */
export const DIALER_OUTCOME_NAMES: Record<string, ReportOutcome> = {
  appointment: "booked",
  callback: "call_back",
  answering_machine: "voicemail",
};

// --- The range asked for ------------------------------------------------------------------------

/** A report covers at most this many days (a year, a leap year's included). */
export const MAX_REPORT_DAYS = 366;

export const REPORT_MESSAGES = {
  fromFormat: "from must be a date like 2026-03-01",
  toFormat: "to must be a date like 2026-03-31",
  order: "The end date must be on or after the start date",
  tooLong: `A report covers at most ${MAX_REPORT_DAYS} days: choose a shorter range`,
  campaign: "campaignId must be a campaign's id",
  view: "view must be campaigns, agents or days",
  period: "period must be today, 7d or 30d",
} as const;

const DAY_MS = 86_400_000;

/** The calendar day a "YYYY-MM-DD" names, as a UTC midnight, or null when there is no such day. */
export function calendarDay(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_YEAR || year > MAX_YEAR) return null;
  const at = Date.UTC(year, month - 1, day);
  const back = new Date(at);
  // 2026-02-30 rolls over to March: not a day of the calendar.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    return null;
  return at;
}

/** Days from `from` to `to`, both counted. */
export function daysInRange(from: string, to: string): number {
  return Math.round(((calendarDay(to) ?? 0) - (calendarDay(from) ?? 0)) / DAY_MS) + 1;
}

const isoDay = (message: string) =>
  z.string({ error: message }).refine((value) => calendarDay(value) !== null, { message, abort: true });

/**
 * From and to are days in the workspace's zone, both included: from's midnight there to the
 * midnight after to.
 */
const rangeFields = {
  from: isoDay(REPORT_MESSAGES.fromFormat),
  to: isoDay(REPORT_MESSAGES.toFormat),
  /** One campaign's calls only (its agents' rows then count that campaign's calls). */
  campaignId: z.uuid(REPORT_MESSAGES.campaign).optional(),
};

function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = daysInRange(value.from, value.to);
  if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.order });
  else if (days > MAX_REPORT_DAYS)
    ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.tooLong });
}

/** GET /api/reports?from=2026-03-01&to=2026-03-31[&campaignId=...]. */
export const ReportQuery = z.object(rangeFields).superRefine(checkRange);
export type ReportQuery = z.infer<typeof ReportQuery>;

export const REPORT_EXPORT_VIEWS = ["campaigns", "agents", "days"] as const;
export type ReportExportView = (typeof REPORT_EXPORT_VIEWS)[number];

/** GET /api/reports/export: the same range, one table as a CSV file. */
export const ReportExportQuery = z
  .object({ ...rangeFields, view: z.enum(REPORT_EXPORT_VIEWS, { error: REPORT_MESSAGES.view }) })
  .superRefine(checkRange);
export type ReportExportQuery = z.infer<typeof ReportExportQuery>;

export const LEADERBOARD_PERIODS = ["today", "7d", "30d"] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
/** Named apart from the dashboard's analytics ranges ("Last 7 days") beside them. */
export const LEADERBOARD_PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  today: "Today",
  "7d": "7 days",
  "30d": "30 days",
};
/** Days a period covers, today included. */
export const LEADERBOARD_PERIOD_DAYS: Record<LeaderboardPeriod, number> = { today: 1, "7d": 7, "30d": 30 };

/** GET /api/reports/leaderboard?period=7d. */
export const LeaderboardQuery = z.object({
  period: z.enum(LEADERBOARD_PERIODS, { error: REPORT_MESSAGES.period }).default("7d"),
});

// --- The figures --------------------------------------------------------------------------------

/** Abandoned calls over calls a person answered (machines count in neither), as the law counts them. */
export const AbandonmentFigure = z.object({
  abandoned: z.number().int(),
  answeredByPerson: z.number().int(),
  ratePercent: z.number(),
});
export type AbandonmentFigure = z.infer<typeof AbandonmentFigure>;

/**
 * One row's figures (a campaign, an agent, the whole workspace):
 * - calls: calls dialled and calls taken in (an agent's: the calls put through to it);
 * - dials: calls dialled out; contacts: of those, answered by a person; contactRate: contacts
 *   over dials;
 * - inbound: calls that came in (the assistant's, outside the autodialer);
 * - connects: calls an agent (a rep or an AI agent) talked on;
 * - talkSeconds: their time from connection to end; avgTalkSeconds per connect;
 * - avgWaitSeconds: how long a person who answered waited for an agent, per such call;
 * - avgWrapUpSeconds: a rep's time from the call's end to its disposition, per disposition;
 * - conversions (a sale, a booking, interested, qualified) and conversionRate over connects;
 * - abandoned in the range and its rate over calls answered by a person; last30Days: the same
 *   over the 30 days up to the range's end (or now, if sooner), the figure the 3% rule reads
 *   (campaigns and the workspace; null for agents, who never have an abandoned call);
 * - activeHours: clock hours in which the row had a call; callsPerHour: calls over those hours;
 * - outcomes: calls by what they came to.
 */
export const ReportFigures = z.object({
  calls: z.number().int(),
  dials: z.number().int(),
  contacts: z.number().int(),
  contactRate: z.number(),
  inbound: z.number().int(),
  connects: z.number().int(),
  talkSeconds: z.number().int(),
  avgTalkSeconds: z.number().int(),
  avgWaitSeconds: z.number().int(),
  avgWrapUpSeconds: z.number().int(),
  conversions: z.number().int(),
  conversionRate: z.number(),
  abandoned: z.number().int(),
  abandonmentRate: z.number(),
  last30Days: AbandonmentFigure.nullable(),
  activeHours: z.number().int(),
  callsPerHour: z.number(),
  outcomes: z.record(z.enum(REPORT_OUTCOME_CODES), z.number().int()),
});
export type ReportFigures = z.infer<typeof ReportFigures>;

/**
 * A campaign's row; or a bulk call run's (bulkRun: its name, campaignId null); neither: the
 * calls outside the autodialer and bulk calls ("Other calls").
 */
export const CampaignReportRow = ReportFigures.extend({
  campaignId: z.string().nullable(),
  bulkRun: z.string().nullable(),
  name: z.string(),
  status: z.string().nullable(),
});
export type CampaignReportRow = z.infer<typeof CampaignReportRow>;

export const AGENT_KINDS = ["rep", "ai"] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];
export const AGENT_KIND_LABELS: Record<AgentKind, string> = { rep: "Rep", ai: "AI agent" };

/** An agent's row: a member of the workspace (rep) or an AI agent, by id. */
export const AgentReportRow = ReportFigures.extend({
  kind: z.enum(AGENT_KINDS),
  agentId: z.string(),
  name: z.string(),
});
export type AgentReportRow = z.infer<typeof AgentReportRow>;

/** One day of the range (in the workspace's zone); every day is listed, quiet ones with zeros. */
export const ReportDay = z.object({
  day: z.string(),
  calls: z.number().int(),
  dials: z.number().int(),
  connects: z.number().int(),
  conversions: z.number().int(),
  talkSeconds: z.number().int(),
});
export type ReportDay = z.infer<typeof ReportDay>;

/** Calls by the hour of the day they started in (0 to 23, the workspace's zone), over the range. */
export const ReportHour = z.object({
  hour: z.number().int(),
  calls: z.number().int(),
  connects: z.number().int(),
});
export type ReportHour = z.infer<typeof ReportHour>;

/** GET /api/reports. */
export const Report = z.object({
  range: z.object({
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    /** The instants the range runs between (from's midnight to the midnight after to). */
    start: z.string(),
    end: z.string(),
    campaignId: z.string().nullable(),
  }),
  totals: ReportFigures,
  campaigns: z.array(CampaignReportRow),
  agents: z.array(AgentReportRow),
  days: z.array(ReportDay),
  hours: z.array(ReportHour),
  /** Every campaign of the workspace, by name: what the report can be narrowed to. */
  campaignChoices: z.array(z.object({ id: z.string(), name: z.string(), status: z.string() })),
  generatedAt: z.string(),
});
export type Report = z.infer<typeof Report>;

/** GET /api/reports/leaderboard: agents by conversions, then calls, over a period up to today. */
export const Leaderboard = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  from: z.string(),
  to: z.string(),
  agents: z.array(AgentReportRow.extend({ rank: z.number().int() })),
});
export type Leaderboard = z.infer<typeof Leaderboard>;
