import { z } from "zod";
import { dateTime, safeString } from "./text";

export const APPOINTMENT_STATUSES = ["scheduled", "completed", "cancelled"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const MISSING_INFORMATION = "Please fill in all required fields";
export const END_BEFORE_START = "The end time must be after the start time";
export const INVALID_EMAIL = "Please enter a valid client email";
export const INVALID_STATUS = "Status must be scheduled, completed or cancelled";
export const START_IN_PAST = "That time has already passed. Choose a start time in the future.";
export const TOO_LONG = "An appointment can last at most 24 hours";
/** A start within the last minute is not "past": the form's time has minutes, not seconds. */
export const PAST_GRACE_MS = 60_000;

/** The form's duration in minutes. */
export const DEFAULT_APPOINTMENT_MINUTES = 60;
export const MIN_APPOINTMENT_MINUTES = 15;
export const MAX_APPOINTMENT_MINUTES = 24 * 60;

export const AppointmentOut = z.object({
  id: z.string(),
  callId: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  attendeeName: z.string().nullable(),
  attendeeEmail: z.string().nullable(),
  attendeePhone: z.string().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof AppointmentOut>;

export const AppointmentIdParams = z.object({ id: z.uuid("That appointment id is not valid") });

/** Empty or absent text is stored as null. */
const optionalText = (max: number, label: string) =>
  safeString(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/** For a change: absent stays absent (no change); empty or null clears the field. */
const changedText = (max: number, label: string) =>
  safeString(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

const title = safeString("Title", MISSING_INFORMATION)
  .trim()
  .min(1, MISSING_INFORMATION)
  .max(200, "Title must be at most 200 characters");
const startTime = dateTime("startTime", "startTime must be a date and time");
const endTime = dateTime("endTime", "endTime must be a date and time");
const email = z.union([z.literal(""), z.email(INVALID_EMAIL)], { error: INVALID_EMAIL });
const status = z.enum(APPOINTMENT_STATUSES, { error: INVALID_STATUS });

export const AppointmentCreate = z
  .object({
    title,
    description: optionalText(2000, "Description"),
    startTime,
    endTime,
    attendeeName: optionalText(120, "Client name"),
    attendeeEmail: email.nullish().transform((value) => value || null),
    attendeePhone: optionalText(40, "Client phone"),
    status: status.default("scheduled"),
    /** Book even when it overlaps another scheduled appointment (the dialog's "Book anyway"). */
    allowOverlap: z.boolean({ error: "allowOverlap must be true or false" }).default(false),
  })
  .refine((body) => new Date(body.endTime) > new Date(body.startTime), {
    message: END_BEFORE_START,
    path: ["endTime"],
  })
  .refine((body) => lastsAtMostADay(body.startTime, body.endTime), { message: TOO_LONG, path: ["endTime"] });
export type AppointmentCreate = z.input<typeof AppointmentCreate>;

/**
 * PATCH /api/appointments/:id: any of the fields, with the create rules. When only one of the
 * two times is sent, the server checks it against the stored other one.
 */
export const AppointmentUpdate = z
  .object({
    title: title.optional(),
    description: changedText(2000, "Description"),
    startTime: startTime.optional(),
    endTime: endTime.optional(),
    attendeeName: changedText(120, "Client name"),
    attendeeEmail: email.nullish().transform((value) => (value === undefined ? undefined : value || null)),
    attendeePhone: changedText(40, "Client phone"),
    status: status.optional(),
    allowOverlap: z.boolean({ error: "allowOverlap must be true or false" }).optional(),
  })
  .refine(({ allowOverlap: _, ...change }) => Object.values(change).some((value) => value !== undefined), {
    message: "Send at least one field to change",
  })
  .refine((body) => !body.startTime || !body.endTime || new Date(body.endTime) > new Date(body.startTime), {
    message: END_BEFORE_START,
    path: ["endTime"],
  })
  .refine((body) => !body.startTime || !body.endTime || lastsAtMostADay(body.startTime, body.endTime), {
    message: TOO_LONG,
    path: ["endTime"],
  });
export type AppointmentUpdate = z.input<typeof AppointmentUpdate>;

function lastsAtMostADay(startTime: string, endTime: string): boolean {
  return new Date(endTime).getTime() - new Date(startTime).getTime() <= MAX_APPOINTMENT_MINUTES * 60_000;
}

/**
 * The Appointments screen's filter. Every appointment is in exactly one of the first three:
 * upcoming (scheduled and not yet over), past (completed, or scheduled and over) or cancelled.
 */
export const APPOINTMENT_FILTERS = ["upcoming", "past", "cancelled", "all"] as const;
export type AppointmentFilter = (typeof APPOINTMENT_FILTERS)[number];
export const MAX_APPOINTMENTS_PAGE = 100;
export const DEFAULT_APPOINTMENTS_PAGE = 50;

/**
 * GET /api/appointments: one page of a filter, sorted by start time (upcoming and all soonest
 * first, past and cancelled latest first). The spec shows a plain array, so the body stays one;
 * the paging is in the PAGE_HEADERS, and a request with no query still gets the whole
 * (first page of the) list in the old order.
 */
export const AppointmentListQuery = z.object({
  filter: z
    .enum(APPOINTMENT_FILTERS, { error: "Filter must be upcoming, past, cancelled or all" })
    .default("all"),
  page: z.coerce
    .number({ error: "Page must be a whole number from 1" })
    .int("Page must be a whole number from 1")
    .min(1, "Page must be a whole number from 1")
    .max(1_000_000, "Page must be at most 1000000")
    .default(1),
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${MAX_APPOINTMENTS_PAGE}` })
    .int(`Limit must be a whole number from 1 to ${MAX_APPOINTMENTS_PAGE}`)
    .min(1, `Limit must be a whole number from 1 to ${MAX_APPOINTMENTS_PAGE}`)
    .max(MAX_APPOINTMENTS_PAGE, `Limit must be a whole number from 1 to ${MAX_APPOINTMENTS_PAGE}`)
    .default(DEFAULT_APPOINTMENTS_PAGE),
});
export type AppointmentListQuery = z.input<typeof AppointmentListQuery>;

/** Response headers of GET /api/appointments (lower case, as fetch's Headers reads them). */
export const PAGE_HEADERS = {
  total: "x-total-count",
  totalPages: "x-total-pages",
  page: "x-page",
  limit: "x-limit",
} as const;

/** GET /api/appointments/summary: the filter counts and Quick Stats, in the account's time zone. */
export const AppointmentSummary = z.object({
  upcoming: z.number(),
  past: z.number(),
  cancelled: z.number(),
  all: z.number(),
  /** Not cancelled, starting this Monday-to-Sunday week. */
  thisWeek: z.number(),
  /** Not cancelled, starting this calendar month. */
  thisMonth: z.number(),
  completed: z.number(),
});
export type AppointmentSummary = z.infer<typeof AppointmentSummary>;

/**
 * 409 from POST and PATCH when the time overlaps another scheduled appointment and
 * allowOverlap was not sent: "This overlaps with <title> at <time>", with the ones it overlaps.
 */
export const AppointmentOverlap = z.object({
  message: z.string(),
  overlaps: z.array(AppointmentOut),
});
export type AppointmentOverlap = z.infer<typeof AppointmentOverlap>;
