import type { z } from "zod";

/** The first message per field of a failed parse (field name → text), for showing under each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The server's 400 issues ({ message, issues: [{ path, message }] }) as field messages, if any. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const body = (error as { body?: unknown } | undefined)?.body;
  const issues = (body as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return {};
  const errors: Record<string, string> = {};
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    const key = typeof issue.path === "string" ? (issue.path.split(".")[0] ?? "") : "";
    if (key && typeof issue.message === "string") errors[key] ??= issue.message;
  }
  return errors;
}
