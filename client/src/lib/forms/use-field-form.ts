import { type SetStateAction, useCallback, useEffect, useRef, useState } from "react";
import type { FieldErrors } from "./field-errors";

/**
 * A form's values and its messages by field. Changing a field clears its message (and any the
 * form names in `alsoClears`), so a corrected field stops saying what was wrong with it. Messages
 * the form shows (`setErrors`, after a check or the server's refusal) move focus to the first
 * field marked invalid, where a keyboard or screen-reader user hears what to fix.
 */
export function useFieldForm<T extends object>(
  initial: () => T,
  alsoClears: (key: string) => string[] = () => [],
) {
  const [form, setForm] = useState<T>(initial);
  const [errors, setErrorsState] = useState<FieldErrors>({});
  // Where the messages were asked for: the form or dialog holding the focus then (a submit
  // button), so the field focused is this form's even when other forms are on the page.
  const focusWithin = useRef<Element | Document | null>(null);

  const setErrors = useCallback((next: SetStateAction<FieldErrors>) => {
    focusWithin.current = document.activeElement?.closest("form, [role='dialog']") ?? document;
    setErrorsState(next);
  }, []);

  useEffect(() => {
    const root = focusWithin.current;
    focusWithin.current = null;
    if (!root || Object.keys(errors).length === 0) return;
    const scope = root instanceof Element && !root.isConnected ? document : root;
    scope.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  /** A setter for one field; `path` is where its message is filed when that differs from the key. */
  const set =
    <K extends keyof T>(key: K, path: string = String(key)) =>
    (value: T[K]) => {
      setForm((current) => ({ ...current, [key]: value }));
      const cleared = [path, ...alsoClears(String(key))];
      setErrorsState((current) => {
        if (!cleared.some((name) => name in current)) return current;
        const rest = { ...current };
        for (const name of cleared) delete rest[name];
        return rest;
      });
    };

  /** The same for a text input or select: its change event's value. */
  const text =
    (key: keyof T, path: string = String(key)) =>
    (event: { target: { value: string } }) =>
      set(key, path)(event.target.value as never);

  return { form, setForm, errors, setErrors, set, text };
}
