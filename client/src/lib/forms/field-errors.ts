import type { z } from "zod";

/** Where each message belongs: the dotted path of the field ("transferRules.keywords"). */
export type FieldErrors = Record<string, string>;

/** A list item's message is shown under its list: "businessRules.3" files as "businessRules". */
function dottedPath(parts: readonly PropertyKey[]): string {
  return parts.filter((part): part is string => typeof part === "string").join(".") || "form";
}

/** The first message per field of a failed parse of the shared contract. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[dottedPath(issue.path)] ??= issue.message;
  return errors;
}

/** The server's 400 issues ({ message, issues: [{ path, message }] }) by field, if any. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const body = (error as { body?: unknown } | undefined)?.body;
  const issues = (body as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return {};
  const errors: FieldErrors = {};
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    if (typeof issue.path !== "string" || typeof issue.message !== "string") continue;
    const parts = issue.path.split(".").filter((part) => !/^\d+$/.test(part));
    errors[dottedPath(parts)] ??= issue.message;
  }
  return errors;
}

/**
 * The first tab, in the order given, that holds a field with a problem (null: none behind a
 * tab), so a dialog can open the tab whose message the person has to read.
 */
export function firstTabWithError<Tab extends string>(
  errors: FieldErrors,
  order: readonly Tab[],
  tabOf: (path: string) => string,
): Tab | null {
  const tabs = new Set(Object.keys(errors).map(tabOf));
  return order.find((tab) => tabs.has(tab)) ?? null;
}
