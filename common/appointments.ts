import { z } from "zod";

export const APPOINTMENT_STATUSES = ["scheduled", "completed", "cancelled"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const MISSING_INFORMATION = "Please fill in all required fields";
export const END_BEFORE_START = "The end time must be after the start time";
export const INVALID_EMAIL = "Please enter a valid client email";
export const INVALID_STATUS = "Status must be scheduled, completed or cancelled";

/** Spec 1 §5 and §9: the form's duration in minutes. */
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
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/** For a change: absent stays absent (no change); empty or null clears the field. */
const changedText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

const title = z
  .string({ error: MISSING_INFORMATION })
  .trim()
  .min(1, MISSING_INFORMATION)
  .max(200, "Title must be at most 200 characters");
const startTime = z.iso.datetime({ offset: true, error: "startTime must be a date and time" });
const endTime = z.iso.datetime({ offset: true, error: "endTime must be a date and time" });
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
  })
  .refine((body) => new Date(body.endTime) > new Date(body.startTime), {
    message: END_BEFORE_START,
    path: ["endTime"],
  });
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
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Send at least one field to change",
  })
  .refine((body) => !body.startTime || !body.endTime || new Date(body.endTime) > new Date(body.startTime), {
    message: END_BEFORE_START,
    path: ["endTime"],
  });
export type AppointmentUpdate = z.input<typeof AppointmentUpdate>;
