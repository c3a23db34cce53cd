import { z } from "zod";
import { safeString } from "./text";

/** The CSV columns, in the order a file without a header row is read. */
export const CSV_COLUMNS = ["Name", "Phone", "Email", "Company", "Notes"] as const;

/**
 * The import itself is the contacts importer's (common/contacts.ts has its
 * request and its full answer); this screen reads the answer's imported count and errors.
 */
export { NO_CSV_DATA } from "./contacts";
export const IMPORT_FAILED = "Failed to import contacts";
export const NO_NUMBERS = "No Numbers - Please enter phone numbers to call";
export const BULK_CALL_FAILED = "Failed to initiate bulk calls";

export const ContactImportResponse = z.object({
  imported: z.number().int(),
  errors: z.array(z.string()),
});
export type ContactImportResponse = z.infer<typeof ContactImportResponse>;

/** Numbers one per line, trimmed, blank lines dropped (bulk call). */
export function parseNumberList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export const MAX_BULK_NUMBERS = 100;

export const BulkCallRequest = z.object({
  phoneNumbers: z
    .array(safeString("A phone number").max(40, "A phone number is at most 40 characters"), {
      error: NO_NUMBERS,
    })
    .max(MAX_BULK_NUMBERS, `Call at most ${MAX_BULK_NUMBERS} numbers at a time`)
    // The same number twice in a list is one call.
    .transform((numbers) => [...new Set(numbers.map((n) => n.trim()).filter(Boolean))])
    .refine((numbers) => numbers.length > 0, NO_NUMBERS),
  callPurpose: safeString("The call purpose")
    .trim()
    .max(300, "The call purpose must be at most 300 characters")
    .optional(),
});
export type BulkCallRequest = z.input<typeof BulkCallRequest>;

/**
 * What the reports call a bulk call's run among the campaigns: its purpose, or "Bulk calls"
 * for the runs without one (server/db/migrations/0054 names the older runs the same way).
 */
export function bulkRunName(callPurpose: string | null | undefined): string {
  const purpose = callPurpose?.trim();
  return purpose ? `Bulk call: ${purpose}` : "Bulk calls";
}

export const BulkCallResponse = z.object({
  results: z.object({ successful: z.number().int(), failed: z.number().int() }),
  calls: z.array(
    z.object({
      phoneNumber: z.string(),
      callId: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type BulkCallResponse = z.infer<typeof BulkCallResponse>;

export const INVALID_NUMBER = "Please enter a valid phone number (at least 10 digits)";

/** Digits and plus kept; 10 digits, or 11 starting with 1 (or an international +number). */
export function isCallableNumber(raw: string): boolean {
  const clean = raw.replace(/[^\d+]/g, "");
  const digits = clean.replace(/\D/g, "");
  if (clean.startsWith("+")) return digits.length >= 10 && digits.length <= 15;
  return digits.length === 10 || (digits.length === 11 && digits.startsWith("1"));
}
