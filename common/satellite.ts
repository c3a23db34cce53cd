import { z } from "zod";
import { safeString } from "./text";

/**
 * Satellite-internet sales (/viasat-payment, package and installation form,
 * validation, endpoints, toasts, constants).
 */

// --- Spec texts ---

export const NO_PACKAGE_TITLE = "No Package Selected";
export const NO_PACKAGE = "Please select a Viasat package to continue";
export const DETAILS_REQUIRED_TITLE = "Installation Details Required";
export const DETAILS_REQUIRED = "Please complete all installation scheduling fields";
export const PAYMENT_FAILED_TITLE = "Payment Setup Failed";
export const PAYMENT_FAILED = "Failed to create payment session";
export const SCHEDULING_FAILED_TITLE = "Scheduling Failed";
export const SCHEDULING_FAILED = "Failed to schedule installation";
export const AUTODIAL_FAILED_TITLE = "Autodial Failed";
export const AUTODIAL_FAILED = "Failed to initiate Viasat autodial";
export const PACKAGE_NOT_FOUND = "That package was not found";
export const CUSTOMER_NOT_FOUND = "That customer was not found";
/** Ours: the slot has no place left on that day. */
export const slotFullMessage = (slotLabel: string, date: string) =>
  `The ${slotLabel} slot on ${date} is fully booked. Choose another time slot or date.`;
/** Ours: a date before the two-day lead time. */
export const tooSoonMessage = (earliest: string) =>
  `Installation can be scheduled from ${earliest} (at least ${MIN_LEAD_DAYS} days from today)`;
export const TOO_FAR = "Installation can be scheduled at most 180 days ahead. Choose an earlier date.";

// --- Spec constants ---

/** Minimum installation lead time, in days, counted in the workspace's time zone. */
export const MIN_LEAD_DAYS = 2;
/** Ours: how far ahead an installation can be booked. */
export const MAX_LEAD_DAYS = 180;
/** Ours: installation crews per slot per day (the spec names the slots, not their size). */
export const SLOT_CAPACITY = 2;
export const SERVICE_TYPE = "satellite_internet";
export const BUSINESS_HOURS = "9 AM - 5 PM EST";
export const GUARANTEES = ["30-day money-back guarantee", "24/7 support", "Free installation"] as const;

/** The four time slots offered: id, label, and the hours they cover (24 h clock). */
export const TIME_SLOTS = [
  { id: "8-12", label: "8:00 AM - 12:00 PM", startHour: 8, endHour: 12 },
  { id: "1-5", label: "1:00 PM - 5:00 PM", startHour: 13, endHour: 17 },
  { id: "9-1", label: "9:00 AM - 1:00 PM", startHour: 9, endHour: 13 },
  { id: "2-6", label: "2:00 PM - 6:00 PM", startHour: 14, endHour: 18 },
] as const;
export const TIME_SLOT_IDS = ["8-12", "1-5", "9-1", "2-6"] as const;
export type TimeSlotId = (typeof TIME_SLOT_IDS)[number];
export const slotFor = (id: string) => TIME_SLOTS.find((slot) => slot.id === id);

/** The three packages a workspace starts with (fallback defaults). */
export const DEFAULT_PACKAGES = [
  {
    name: "Unlimited",
    speed: "Up to 150 Mbps",
    data: "Unlimited data",
    priceCents: 15_000,
    stripePriceId: "viasat_unlimited",
  },
  {
    name: "Choice 30",
    speed: "Up to 30 Mbps",
    data: "40 GB",
    priceCents: 10_000,
    stripePriceId: "viasat_choice_30",
  },
  {
    name: "Choice 50",
    speed: "Up to 50 Mbps",
    data: "60 GB",
    priceCents: 12_000,
    stripePriceId: "viasat_choice_50",
  },
] as const;
export const DEFAULT_INSTALLATION_FEE_CENTS = 0;
export const DEFAULT_EQUIPMENT_FEE_CENTS = 1_300;

// --- Packages ---

export const SatellitePackageOut = z.object({
  id: z.string(),
  name: z.string(),
  speed: z.string(),
  data: z.string(),
  /** Dollars a month. */
  price: z.number(),
  stripePriceId: z.string(),
  /** Dollars, once. */
  installationFee: z.number(),
  /** Dollars a month. */
  monthlyEquipmentFee: z.number(),
  isActive: z.boolean(),
});
export type SatellitePackage = z.infer<typeof SatellitePackageOut>;

export const PackagesResponse = z.object({ packages: z.array(SatellitePackageOut) });
export type PackagesResponse = z.infer<typeof PackagesResponse>;

export const PackageIdParams = z.object({ id: z.uuid(PACKAGE_NOT_FOUND) });

const dollars = (label: string) =>
  z
    .number(`${label} must be a number of dollars`)
    .min(0, `${label} cannot be negative`)
    .max(100_000, `${label} can be at most $100,000`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: `${label} can have at most two decimals`,
    });

/** A price id is what checkout's planId carries: letters, digits, _ and -, up to 40. */
export const PRICE_ID_RULE = "A price id is 1-40 letters, digits, _ or -";
const priceId = safeString("The price id")
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, PRICE_ID_RULE);

/** PUT /api/viasat/packages/:id: the fields to change (a workspace admin's edit). */
export const PackageUpdate = z
  .object({
    name: safeString("The name").trim().min(1, "Enter the package's name").max(60).optional(),
    speed: safeString("The speed").trim().min(1, "Enter the package's speed").max(60).optional(),
    data: safeString("The data allowance").trim().min(1, "Enter the data allowance").max(60).optional(),
    price: dollars("The price").optional(),
    stripePriceId: priceId.optional(),
    installationFee: dollars("The installation fee").optional(),
    monthlyEquipmentFee: dollars("The equipment fee").optional(),
    isActive: z.boolean("isActive must be true or false").optional(),
  })
  .strict();
export type PackageUpdate = z.infer<typeof PackageUpdate>;

export const PackageResponse = z.object({ package: SatellitePackageOut });

// --- Installation ---

const isoDay = z
  .string(DETAILS_REQUIRED)
  .trim()
  .min(1, DETAILS_REQUIRED)
  .regex(/^\d{4}-\d{2}-\d{2}$/, "The installation date must be a date (YYYY-MM-DD)")
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    {
      message: "The installation date is not a real date",
    },
  );
const requiredText = (max: number, tooLong: string) =>
  safeString("The field", DETAILS_REQUIRED).trim().min(1, DETAILS_REQUIRED).max(max, tooLong);
const slotId = z.enum(TIME_SLOT_IDS, {
  error: (issue) =>
    issue.input === undefined || issue.input === ""
      ? DETAILS_REQUIRED
      : "Choose one of the offered time slots",
});
const optionalText = (max: number, tooLong: string) =>
  safeString("The field")
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => value || null);

/** The installation form: preferredDate, timeSlot, address, phoneNumber, specialInstructions. */
export const InstallationForm = z.object({
  preferredDate: isoDay,
  timeSlot: slotId,
  address: requiredText(300, "The address can be at most 300 characters"),
  phoneNumber: optionalText(40, "The phone number can be at most 40 characters"),
  specialInstructions: optionalText(1000, "Special instructions can be at most 1000 characters"),
});
export type InstallationForm = z.input<typeof InstallationForm>;

/** POST /api/viasat/schedule-installation. */
export const ScheduleInstallationRequest = z.object({
  customerId: z.uuid(CUSTOMER_NOT_FOUND).optional().nullable(),
  packageId: z.uuid(NO_PACKAGE),
  appointmentData: InstallationForm,
});
export type ScheduleInstallationRequest = z.input<typeof ScheduleInstallationRequest>;

export const SatelliteOrderOut = z.object({
  id: z.string(),
  confirmationNumber: z.string(),
  contactId: z.string().nullable(),
  packageId: z.string().nullable(),
  packageName: z.string(),
  price: z.number(),
  monthlyEquipmentFee: z.number(),
  installationFee: z.number(),
  /** paid: through checkout; scheduled: booked without payment (schedule-installation). */
  status: z.enum(["paid", "scheduled"]),
  /** booked: the slot was taken; unscheduled: paid after the slot filled, to be rebooked. */
  installationStatus: z.enum(["booked", "unscheduled"]),
  installationDate: z.string(),
  installationSlot: z.enum(TIME_SLOT_IDS),
  installationAddress: z.string(),
  phoneNumber: z.string().nullable(),
  specialInstructions: z.string().nullable(),
  appointmentId: z.string().nullable(),
  createdAt: z.string(),
});
export type SatelliteOrder = z.infer<typeof SatelliteOrderOut>;

export const ScheduleInstallationResponse = z.object({
  confirmationNumber: z.string(),
  order: SatelliteOrderOut,
});

export const OrdersQuery = z.object({ contactId: z.uuid(CUSTOMER_NOT_FOUND).optional() });
export const OrdersResponse = z.object({ orders: z.array(SatelliteOrderOut) });

/** GET /api/viasat/availability?date=: places left per slot on a day, and the earliest day. */
export const AvailabilityQuery = z.object({ date: isoDay.optional() });
export const AvailabilityResponse = z.object({
  earliestDate: z.string(),
  date: z.string().nullable(),
  capacity: z.number().int(),
  slots: z.array(z.object({ id: z.enum(TIME_SLOT_IDS), label: z.string(), remaining: z.number().int() })),
});
export type AvailabilityResponse = z.infer<typeof AvailabilityResponse>;

/**
 * POST /api/subscription/checkout's metadata for a package. package_id,
 * service_type, installation_date, installation_slot and installation_address are the spec's;
 * customer_id (the contact), installation_phone and special_instructions are ours.
 */
export const SatelliteCheckoutMetadata = z.object({
  package_id: z.uuid(NO_PACKAGE),
  service_type: z.literal(SERVICE_TYPE, `service_type must be ${SERVICE_TYPE}`).optional(),
  installation_date: isoDay,
  installation_slot: slotId,
  installation_address: requiredText(300, "The address can be at most 300 characters"),
  customer_id: z.uuid(CUSTOMER_NOT_FOUND).optional().nullable(),
  installation_phone: optionalText(40, "The phone number can be at most 40 characters"),
  special_instructions: optionalText(1000, "Special instructions can be at most 1000 characters"),
});
export type SatelliteCheckoutMetadata = z.infer<typeof SatelliteCheckoutMetadata>;

/** POST /api/viasat/autodial. */
export const AutodialRequest = z.object({ contactId: z.uuid(CUSTOMER_NOT_FOUND) });
export const AutodialResponse = z.object({
  message: z.string(),
  callId: z.string(),
  /** The satellite-sales script the call follows, when the workspace has one. */
  script: z.string().nullable(),
});

export const formatSatelliteDollars = (value: number) => `$${value.toFixed(Number.isInteger(value) ? 0 : 2)}`;
