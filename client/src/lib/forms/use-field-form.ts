import { useState } from "react";
import type { FieldErrors } from "./field-errors";

/**
 * A form's values and its messages by field. Changing a field clears its message (and any the
 * form names in `alsoClears`), so a corrected field stops saying what was wrong with it.
 */
export function useFieldForm<T extends object>(
  initial: () => T,
  alsoClears: (key: string) => string[] = () => [],
) {
  const [form, setForm] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  /** A setter for one field; `path` is where its message is filed when that differs from the key. */
  const set =
    <K extends keyof T>(key: K, path: string = String(key)) =>
    (value: T[K]) => {
      setForm((current) => ({ ...current, [key]: value }));
      const cleared = [path, ...alsoClears(String(key))];
      setErrors((current) => {
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
