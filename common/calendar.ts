import { z } from "zod";
import { APPOINTMENT_DURATIONS } from "./ai-settings";
import { safeString } from "./text";

/** The Buffer Time options, in minutes. */
export const BUFFER_OPTIONS = [0, 15, 30] as const;
/** The Default Duration options the select offers; 90 (also allowed in the settings) shows only when stored. */
export const DURATION_OPTIONS = [30, 45, 60] as const;
export { APPOINTMENT_DURATIONS };

export const CalendarSettingsOut = z.object({
  defaultDuration: z.number().int(),
  bufferMinutes: z.number().int(),
  /** "/api/calendar/<token>.ics" while the private feed is on, else null. */
  feedUrlPath: z.string().nullable(),
});
export type CalendarSettings = z.infer<typeof CalendarSettingsOut>;

const DURATION_MESSAGE = "Default duration must be 30, 45, 60 or 90 minutes";
const BUFFER_MESSAGE = "Buffer time must be 0, 15 or 30 minutes";

export const CalendarSettingsUpdate = z
  .object({
    defaultDuration: z.literal(APPOINTMENT_DURATIONS, { error: DURATION_MESSAGE }).optional(),
    bufferMinutes: z.literal(BUFFER_OPTIONS, { error: BUFFER_MESSAGE }).optional(),
  })
  .refine((body) => body.defaultDuration !== undefined || body.bufferMinutes !== undefined, {
    message: "Send defaultDuration or bufferMinutes",
  });
export type CalendarSettingsUpdate = z.input<typeof CalendarSettingsUpdate>;

export const CalendarFeedParams = z.object({
  token: safeString("The calendar address").max(100, "That calendar address is not valid"),
});

export const feedUrlPath = (token: string) => `/api/calendar/${token}.ics`;
