import { z } from "zod";
import { CONTACT_STATUSES, ContactListQuery } from "./contacts";
import { safeString } from "./text";

/**
 * Bulk work on contacts: a selection (rows picked by id, or every contact matching the list's
 * filters or a saved segment) and one action on all of it. Up to INLINE_BULK_LIMIT contacts the
 * action runs in the request; more run as a background job with progress. The workspace's last
 * action can be undone.
 */

export const BULK_ACTIONS = [
  "tag",
  "untag",
  "status",
  "doNotCall",
  "addToCampaign",
  "addToList",
  "delete",
] as const;
export type BulkActionType = (typeof BULK_ACTIONS)[number];

export const BULK_STATUSES = [
  "queued",
  "running",
  "completed",
  "failed",
  "cancelled",
  "undoing",
  "undone",
] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

/** Contacts an action handles in the request; a larger selection runs as a job. */
export const INLINE_BULK_LIMIT = 1_000;
/** Rows picked one by one; past this, "all matching" selects by the filter instead. */
export const MAX_SELECTED_IDS = 5_000;

/** The list screen's filters (GET /api/contacts), plus a saved segment to narrow by. */
export const SelectionFilter = ContactListQuery.pick({
  search: true,
  status: true,
  source: true,
  tag: true,
  favorite: true,
  hasPhone: true,
  doNotCall: true,
})
  .extend({
    favorite: z.boolean({ error: "favorite must be true or false" }).optional(),
    hasPhone: z.boolean({ error: "hasPhone must be true or false" }).optional(),
    doNotCall: z.boolean({ error: "doNotCall must be true or false" }).optional(),
    segmentId: z.uuid("That segment id is not valid").optional(),
  })
  .strict();
export type SelectionFilter = z.output<typeof SelectionFilter>;

/** Rows picked by id, or every contact that matches a filter (an empty filter: every contact). */
export const ContactSelection = z
  .object(
    {
      ids: z
        .array(z.uuid("That contact id is not valid"), { error: "ids must be a list of contact ids" })
        .min(1, "Select at least one contact")
        .max(
          MAX_SELECTED_IDS,
          `Select at most ${MAX_SELECTED_IDS.toLocaleString("en-US")} contacts by hand, or select all matching the filter`,
        )
        .optional(),
      filter: SelectionFilter.optional(),
    },
    { error: "Send the selection as ids (contacts picked) or filter (all matching)" },
  )
  .strict()
  .refine((selection) => (selection.ids === undefined) !== (selection.filter === undefined), {
    message: "Send the selection as ids (contacts picked) or filter (all matching), one of the two",
  });
export type ContactSelection = z.input<typeof ContactSelection>;

const bulkTags = z
  .array(
    safeString("A tag").trim().min(1, "A tag cannot be empty").max(50, "A tag must be at most 50 characters"),
    { error: "Tags must be a list" },
  )
  .min(1, "Enter at least one tag")
  .max(20, "At most 20 tags at a time")
  .transform((tags) => [...new Set(tags)]);

const listName = safeString("The list name", "Please name the new list")
  .trim()
  .min(1, "Please name the new list")
  .max(100, "A list name must be at most 100 characters");

export const BulkAction = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("tag"), tags: bulkTags }),
    z.object({ type: z.literal("untag"), tags: bulkTags }),
    z.object({
      type: z.literal("status"),
      status: z.enum(CONTACT_STATUSES, {
        error: "Status must be new, contacted, interested, qualified, converted or not_interested",
      }),
    }),
    z.object({ type: z.literal("doNotCall") }),
    z.object({
      type: z.literal("addToCampaign"),
      campaignId: z.uuid("Choose the dialer campaign to add the contacts to"),
    }),
    z
      .object({
        type: z.literal("addToList"),
        /** An existing list (a segment of kind list) ... */
        listId: z.uuid("That list id is not valid").optional(),
        /** ... or a new one made with this name. */
        newListName: listName.optional(),
      })
      .refine((action) => Boolean(action.listId) !== Boolean(action.newListName), {
        message: "Choose an email audience, or name a new one",
        path: ["listId"],
      }),
    z.object({ type: z.literal("delete") }),
  ],
  { error: "The action must be tag, untag, status, doNotCall, addToCampaign, addToList or delete" },
);
export type BulkAction = z.input<typeof BulkAction>;

/** POST /api/contacts/bulk. */
export const BulkRequest = z.object({ selection: ContactSelection, action: BulkAction });
export type BulkRequest = z.input<typeof BulkRequest>;

/** POST /api/contacts/bulk/export: the selection's contacts as CSV. */
export const BulkExportRequest = z.object({ selection: ContactSelection });

/** Named bulkId so the route walk can give it a bulk action of the owner's. */
export const BulkIdParams = z.object({ bulkId: z.uuid("That bulk action id is not valid") });

export const BulkActionOut = z.object({
  id: z.string(),
  type: z.enum(BULK_ACTIONS),
  /** What was done, in words: 'Tagged "hot"', 'Added to Spring calls'. */
  label: z.string(),
  status: z.enum(BULK_STATUSES),
  /** Contacts selected when it started. */
  total: z.number().int(),
  /** Contacts handled so far. */
  done: z.number().int(),
  /** Contacts it changed (added, deleted...); the rest already were as asked, or were left out. */
  changed: z.number().int(),
  /** The job following a large action (or its undo); null when it ran in the request. */
  jobId: z.string().nullable(),
  undoJobId: z.string().nullable(),
  /** Whether undo is offered now: the workspace's last action, finished, not yet undone. */
  undoable: z.boolean(),
  /** After an undo: contacts put back, and those kept as they are because they changed since. */
  restored: z.number().int(),
  kept: z.number().int(),
  /** A sentence for the screen. */
  message: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
});
export type BulkActionResult = z.infer<typeof BulkActionOut>;

/** GET /api/contacts/bulk/last: the workspace's last bulk action, or null. */
export const LastBulkOut = z.object({ action: BulkActionOut.nullable() });

export const BULK_MESSAGES = {
  busy: "Another bulk action is still running on these contacts. Wait for it to finish (or cancel it), then try again.",
  notLast: "Only the last bulk action can be undone",
  notFinished: "This bulk action has not finished yet: undo it once it has",
  alreadyUndone: "This bulk action was already undone",
  cannotUndo: "This bulk action cannot be undone any more",
  deleteNeedsAdmin: "Deleting contacts in bulk needs the admin role (or the owner)",
  undoNeedsAuthor: "Only the person who ran this bulk action, an admin or the owner can undo it",
  nothingSelected: "No contacts match this selection",
  notAList: "That email audience was not found",
  failed: "The bulk action failed",
} as const;
