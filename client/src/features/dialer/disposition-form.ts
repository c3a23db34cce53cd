import {
  CALLBACK_IN_PAST,
  CALLBACK_TIME_REQUIRED,
  type DispositionCode,
  EndCallRequest,
} from "@common/dialer";
import { type FieldErrors, fieldErrors } from "../../lib/forms/field-errors";

/** The end-of-call form: a disposition, notes, and for a callback when and for whom. */
export type DispositionFormState = {
  disposition: DispositionCode | "";
  notes: string;
  /** A datetime-local value ("2026-11-26T14:30"), in the browser's own time. */
  callbackAt: string;
  /** true: only this agent takes the callback; false: any agent. */
  agentOnly: boolean;
};

export const emptyDispositionForm = (): DispositionFormState => ({
  disposition: "",
  notes: "",
  callbackAt: "",
  agentOnly: false,
});

/** A datetime-local value as an ISO instant; null when it is not a time. */
export function instantOf(local: string): string | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** A time as a datetime-local value, for the callback field's default and minimum. */
export function localInputValue(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * The body of POST /api/autodialer/console/calls/:attemptId/end, checked against the shared
 * contract; the server checks it again (and that the callback is still in the future).
 */
export function checkDispositionForm(
  form: DispositionFormState,
  now: Date = new Date(),
): { ok: true; body: EndCallRequest } | { ok: false; errors: FieldErrors } {
  if (!form.disposition) return { ok: false, errors: { disposition: "Choose how the call went" } };
  const notes = form.notes.trim() || null;
  if (form.disposition === "callback") {
    const at = instantOf(form.callbackAt);
    if (!at) return { ok: false, errors: { "callback.at": CALLBACK_TIME_REQUIRED } };
    if (new Date(at) <= now) return { ok: false, errors: { "callback.at": CALLBACK_IN_PAST } };
    const body = { disposition: form.disposition, notes, callback: { at, agentOnly: form.agentOnly } };
    const parsed = EndCallRequest.safeParse(body);
    return parsed.success ? { ok: true, body } : { ok: false, errors: fieldErrors(parsed.error) };
  }
  const body = { disposition: form.disposition, notes };
  const parsed = EndCallRequest.safeParse(body);
  return parsed.success ? { ok: true, body } : { ok: false, errors: fieldErrors(parsed.error) };
}
