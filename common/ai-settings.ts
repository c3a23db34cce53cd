import { z } from "zod";
import { safeString } from "./text";

/** A working day whose hours differ from the usual ones (Saturday 9:00 to 12:00). */
export type DayHours = { day: number; start: string; end: string };
/**
 * When the business is open: `start` to `end` on each of `days` (Monday is 1), except the days
 * listed in `dayHours`, which keep their own hours. Stored as jsonb; rows written before
 * `dayHours` existed have none.
 */
export type WorkingHours = { start: string; end: string; days: number[]; dayHours?: DayHours[] };

export const APPOINTMENT_DURATIONS = [30, 45, 60, 90] as const;
export const PERSONALITIES = ["professional", "friendly", "casual", "formal"] as const;

export const DEFAULT_GREETING = "Hello! You've reached my assistant. How can I help you today?";

/** Defaults from the spec: 09:00 to 17:00, Monday (1) to Friday (5). */
export const DEFAULT_AI_SETTINGS = {
  personality: "professional",
  greetingMessage: DEFAULT_GREETING,
  autoBlockSpam: true,
  allowAppointments: true,
  forwardUrgent: false,
  workingHours: { start: "09:00", end: "17:00", days: [1, 2, 3, 4, 5] } satisfies WorkingHours,
  appointmentDuration: 30,
} as const;

export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a time like 09:00");

export const WORKING_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Monday is 1. */
export const DAY_LABELS: Record<number, string> = {
  1: "Monday",
  2: "Tuesday",
  3: "Wednesday",
  4: "Thursday",
  5: "Friday",
  6: "Saturday",
  7: "Sunday",
};

export const GREETING_MAX = 500;
export const GREETING_REQUIRED = "Please enter a greeting message";
export const HOURS_ORDER_MESSAGE = "Working hours must end after they start";
export const DAYS_REQUIRED = "Choose at least one working day";
export const TIMEZONE_MESSAGE = "Choose a valid time zone";
export const DAY_HOURS_ORDER_MESSAGE = "A day's own hours must end after they start";
export const DAY_HOURS_NOT_WORKING = "A day with its own hours must be one of the working days";
export const DAY_HOURS_TWICE = "Each day may have one set of its own hours";

export const CUSTOM_INSTRUCTIONS_MAX = 2000;
export const CUSTOM_INSTRUCTIONS_TOO_LONG = `Custom instructions must be at most ${CUSTOM_INSTRUCTIONS_MAX} characters`;
export const BUSINESS_HOURS_MAX = 200;

/**
 * When the assistant says it is automated in its opening: on calls it places (the default),
 * on every call, or never. Asked directly, it always says.
 */
export const AI_DISCLOSURES = ["outbound", "always", "never"] as const;
export type AiDisclosure = (typeof AI_DISCLOSURES)[number];
export const AI_DISCLOSURE_MESSAGE = "AI disclosure must be outbound, always or never";

/** The settings screen's failure toast. */
export const SETTINGS_FAILED = "Failed to update settings";
export const PROFILE_FAILED = "Failed to update profile";

export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const Weekday = z
  .number()
  .int()
  .min(1, "Days are 1 to 7, Monday is 1")
  .max(7, "Days are 1 to 7, Monday is 1");

const DayHoursSchema = z
  .object({ day: Weekday, start: TimeOfDay, end: TimeOfDay })
  .refine((hours) => hours.start < hours.end, { message: DAY_HOURS_ORDER_MESSAGE, path: ["end"] });

export const WorkingHoursSchema = z
  .object({
    start: TimeOfDay,
    end: TimeOfDay,
    days: z
      .array(Weekday)
      .min(1, DAYS_REQUIRED)
      .max(7)
      .refine((days) => new Set(days).size === days.length, "Each day may appear once")
      .transform((days) => [...days].sort((a, b) => a - b)),
    dayHours: z
      .array(DayHoursSchema)
      .max(7)
      .refine((list) => new Set(list.map((d) => d.day)).size === list.length, DAY_HOURS_TWICE)
      .optional(),
  })
  .refine((hours) => hours.start < hours.end, { message: HOURS_ORDER_MESSAGE, path: ["end"] })
  .refine((hours) => (hours.dayHours ?? []).every((d) => hours.days.includes(d.day)), {
    message: DAY_HOURS_NOT_WORKING,
    path: ["dayHours"],
  })
  // A day's own hours equal to the usual ones say nothing: dropped, and the list with them when empty.
  .transform(({ dayHours, ...hours }): WorkingHours => {
    const own = (dayHours ?? [])
      .filter((d) => d.start !== hours.start || d.end !== hours.end)
      .sort((a, b) => a.day - b.day);
    return own.length ? { ...hours, dayHours: own } : hours;
  });

/** GET /api/ai-settings; the account's time zone travels with them (the engine reads both). */
export const AiSettingsOut = z.object({
  personality: z.enum(PERSONALITIES),
  greetingMessage: z.string(),
  autoBlockSpam: z.boolean(),
  allowAppointments: z.boolean(),
  forwardUrgent: z.boolean(),
  appointmentDuration: z.number().int(),
  workingHours: z.object({
    start: z.string(),
    end: z.string(),
    days: z.array(z.number().int()),
    dayHours: z.array(z.object({ day: z.number().int(), start: z.string(), end: z.string() })).optional(),
  }),
  timezone: z.string(),
  /** What the owner told the assistant to keep in mind on every call ("" when nothing). */
  customInstructions: z.string(),
  aiDisclosure: z.enum(AI_DISCLOSURES),
  /** The business hours as the owner wrote them (sign-up, Settings); "" when never given. */
  businessHours: z.string(),
  /**
   * The working hours read from that text, or null when it could not be read (the text is
   * still told to callers as written; the working hours stay as they were).
   */
  businessHoursReading: z
    .object({
      start: z.string(),
      end: z.string(),
      days: z.array(z.number().int()),
      dayHours: z.array(z.object({ day: z.number().int(), start: z.string(), end: z.string() })).optional(),
    })
    .nullable(),
  updatedAt: z.string(),
});
export type AiSettings = z.infer<typeof AiSettingsOut>;

/**
 * POST /api/ai-settings: any of the fields (the screen saves each as it changes). The original
 * client also sends userId; it is accepted and ignored, since the session decides whose settings change.
 */
export const AiSettingsUpdate = z
  .strictObject({
    personality: z.enum(PERSONALITIES, {
      error: "Personality must be professional, friendly, casual or formal",
    }),
    greetingMessage: safeString("The greeting", GREETING_REQUIRED)
      .trim()
      .min(1, GREETING_REQUIRED)
      .max(GREETING_MAX, `The greeting must be at most ${GREETING_MAX} characters`),
    autoBlockSpam: z.boolean(),
    allowAppointments: z.boolean(),
    forwardUrgent: z.boolean(),
    appointmentDuration: z.literal(APPOINTMENT_DURATIONS, {
      error: "Appointment duration must be 30, 45, 60 or 90 minutes",
    }),
    workingHours: WorkingHoursSchema,
    timezone: safeString("The time zone", TIMEZONE_MESSAGE).trim().refine(isTimeZone, TIMEZONE_MESSAGE),
    /** "" clears them. */
    customInstructions: safeString("The custom instructions")
      .trim()
      .max(CUSTOM_INSTRUCTIONS_MAX, CUSTOM_INSTRUCTIONS_TOO_LONG),
    aiDisclosure: z.enum(AI_DISCLOSURES, { error: AI_DISCLOSURE_MESSAGE }),
    /**
     * The business hours in the owner's words; "" clears them. When they can be read and the
     * same request sends no workingHours, the working hours become what they say.
     */
    businessHours: safeString("The business hours")
      .trim()
      .max(BUSINESS_HOURS_MAX, `The business hours must be at most ${BUSINESS_HOURS_MAX} characters`),
    userId: safeString("userId").max(100),
  })
  .partial()
  .refine((body) => Object.keys(body).some((key) => key !== "userId"), {
    message: "Send at least one setting to change",
  });
export type AiSettingsUpdate = z.input<typeof AiSettingsUpdate>;
