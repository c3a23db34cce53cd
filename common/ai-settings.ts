import { z } from "zod";
import { safeString } from "./text";

export type WorkingHours = { start: string; end: string; days: number[] };

export const APPOINTMENT_DURATIONS = [30, 45, 60, 90] as const;
export const PERSONALITIES = ["professional", "friendly", "casual", "formal"] as const;

export const DEFAULT_GREETING = "Hello! You've reached my assistant. How can I help you today?";

/** Defaults from spec 2 §3 and §9: 09:00 to 17:00, Monday (1) to Friday (5). */
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
/** Monday is 1 (spec 2 §5). */
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

/** Spec 2 §8: the settings screen's failure toast. */
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

export const WorkingHoursSchema = z
  .object({
    start: TimeOfDay,
    end: TimeOfDay,
    days: z
      .array(z.number().int().min(1, "Days are 1 to 7, Monday is 1").max(7, "Days are 1 to 7, Monday is 1"))
      .min(1, DAYS_REQUIRED)
      .max(7)
      .refine((days) => new Set(days).size === days.length, "Each day may appear once")
      .transform((days) => [...days].sort((a, b) => a - b)),
  })
  .refine((hours) => hours.start < hours.end, { message: HOURS_ORDER_MESSAGE, path: ["end"] });

/** GET /api/ai-settings; the account's time zone travels with them (the engine reads both). */
export const AiSettingsOut = z.object({
  personality: z.enum(PERSONALITIES),
  greetingMessage: z.string(),
  autoBlockSpam: z.boolean(),
  allowAppointments: z.boolean(),
  forwardUrgent: z.boolean(),
  appointmentDuration: z.number().int(),
  workingHours: z.object({ start: z.string(), end: z.string(), days: z.array(z.number().int()) }),
  timezone: z.string(),
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
    userId: safeString("userId").max(100),
  })
  .partial()
  .refine((body) => Object.keys(body).some((key) => key !== "userId"), {
    message: "Send at least one setting to change",
  });
export type AiSettingsUpdate = z.input<typeof AiSettingsUpdate>;
