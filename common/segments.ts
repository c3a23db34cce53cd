import { z } from "zod";
import { isTimeZone } from "./ai-settings";
import { CONTACT_STATUSES, LEAD_SOURCES } from "./contacts";
import { safeString } from "./text";

/**
 * Saved segments of contacts: a named filter (the contacts matching it now, counted live) or a
 * list (the contacts put in it, as email audiences are built from a selection). Either is a
 * dialer campaign's lead source and an email campaign's audience.
 */

export const SEGMENT_KINDS = ["filter", "list"] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

export const TAG_MATCHES = ["any", "all"] as const;

/** Segments a workspace keeps; past it a new one is refused (delete one first). */
export const MAX_SEGMENTS = 200;

const dayOrInstant = (label: string) =>
  safeString(label)
    .trim()
    .refine((value) => !Number.isNaN(Date.parse(value)), `${label} must be a date such as 2025-01-31`)
    .transform((value) => new Date(value).toISOString());

const yesNo = (label: string) => z.boolean({ error: `${label} must be true or false` }).optional();

const tagList = z
  .array(
    safeString("A tag").trim().min(1, "A tag cannot be empty").max(50, "A tag must be at most 50 characters"),
    { error: "Tags must be a list" },
  )
  .max(20, "A segment can match at most 20 tags")
  .transform((tags) => [...new Set(tags)]);

const scoreBound = (label: string) =>
  z
    .number({ error: `${label} must be a number from 0 to 100` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be a number from 0 to 100`)
    .max(100, `${label} must be a number from 0 to 100`)
    .optional();

const TIMEZONE_MESSAGE = "Each time zone must be a name such as America/Chicago";

/**
 * What a filter segment matches (every field it sets, together): tags (any or all of them),
 * statuses, sources, a lead score range, when it was last called, its time zone (the one
 * recorded, else its number's, as the contact shows it), and the list screen's own filters.
 */
export const SegmentFilter = z
  .object({
    search: safeString("Search").trim().max(200, "Search must be at most 200 characters").optional(),
    tags: tagList.optional(),
    tagsMatch: z.enum(TAG_MATCHES, { error: "Tags match must be any or all" }).default("any"),
    statuses: z
      .array(z.enum(CONTACT_STATUSES, { error: "Unknown status" }))
      .max(CONTACT_STATUSES.length)
      .optional(),
    sources: z
      .array(z.enum(LEAD_SOURCES, { error: "Unknown source" }))
      .max(LEAD_SOURCES.length)
      .optional(),
    leadScoreMin: scoreBound("The lowest lead score"),
    leadScoreMax: scoreBound("The highest lead score"),
    /** Called on or after this moment. */
    lastCalledAfter: dayOrInstant("Last called after").optional(),
    /** Called before this moment (never-called contacts are not "before" anything). */
    lastCalledBefore: dayOrInstant("Last called before").optional(),
    /** True: only contacts never called; false: only contacts called at least once. */
    neverCalled: yesNo("Never called"),
    timezones: z
      .array(safeString("Time zone").trim().refine(isTimeZone, TIMEZONE_MESSAGE))
      .max(10, "A segment can match at most 10 time zones")
      .optional(),
    favorite: yesNo("Favourite"),
    hasPhone: yesNo("Has a phone number"),
    hasEmail: yesNo("Has an email address"),
    doNotCall: yesNo("Do not call"),
  })
  .refine(
    (filter) =>
      filter.leadScoreMin === undefined ||
      filter.leadScoreMax === undefined ||
      filter.leadScoreMin <= filter.leadScoreMax,
    { message: "The lowest lead score must not be above the highest", path: ["leadScoreMin"] },
  )
  .refine(
    (filter) =>
      !filter.lastCalledAfter ||
      !filter.lastCalledBefore ||
      Date.parse(filter.lastCalledAfter) < Date.parse(filter.lastCalledBefore),
    { message: "Last called after must be earlier than last called before", path: ["lastCalledAfter"] },
  )
  .refine((filter) => !(filter.neverCalled === true && (filter.lastCalledAfter || filter.lastCalledBefore)), {
    message: "A never-called segment cannot also ask when contacts were last called",
    path: ["neverCalled"],
  });
export type SegmentFilter = z.output<typeof SegmentFilter>;
export type SegmentFilterInput = z.input<typeof SegmentFilter>;

const segmentName = safeString("Segment name", "Please name the segment")
  .trim()
  .min(1, "Please name the segment")
  .max(100, "A segment name must be at most 100 characters");

/** POST /api/contacts/segments: a filter segment sends its filter; a list starts empty. */
export const SegmentCreate = z
  .object({
    name: segmentName,
    kind: z.enum(SEGMENT_KINDS, { error: "Kind must be filter or list" }).default("filter"),
    filter: SegmentFilter.optional(),
  })
  .refine((body) => body.kind === "list" || body.filter !== undefined, {
    message: "A filter segment needs its filter",
    path: ["filter"],
  })
  .refine((body) => body.kind === "filter" || body.filter === undefined, {
    message: "A list has members, not a filter: add contacts to it from the contacts screen",
    path: ["filter"],
  });
export type SegmentCreate = z.input<typeof SegmentCreate>;

/** PATCH /api/contacts/segments/:segmentId: a new name, or (a filter segment) a new filter. */
export const SegmentUpdate = z
  .object({ name: segmentName.optional(), filter: SegmentFilter.optional() })
  .refine((body) => body.name !== undefined || body.filter !== undefined, {
    message: "Send a new name or a new filter",
  });
export type SegmentUpdate = z.input<typeof SegmentUpdate>;

/** Named segmentId (not id) so the route walk can give it a segment of the owner's. */
export const SegmentIdParams = z.object({ segmentId: z.uuid("That segment id is not valid") });

export const SegmentOut = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SEGMENT_KINDS),
  /** The filter (a list has none). */
  filter: z.record(z.string(), z.unknown()).nullable(),
  /** How many contacts it holds now, counted by the server when asked. */
  count: z.number().int(),
  /** How many of those have an email address / a phone number (an audience's and a campaign's reach). */
  withEmail: z.number().int(),
  withPhone: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Segment = z.infer<typeof SegmentOut>;

/** POST /api/contacts/segments/count: a filter's live count before it is saved. */
export const SegmentCountOut = z.object({
  count: z.number().int(),
  withEmail: z.number().int(),
  withPhone: z.number().int(),
});
export type SegmentCount = z.infer<typeof SegmentCountOut>;

export const SEGMENT_MESSAGES = {
  notFound: "That segment",
  nameTaken: "A segment with that name already exists: choose another name",
  tooMany: `A workspace keeps at most ${MAX_SEGMENTS} segments: delete one you no longer use first`,
  listHasNoFilter: "A list has members, not a filter: add contacts to it from the contacts screen",
} as const;
