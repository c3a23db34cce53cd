import { useSyncExternalStore } from "react";

/** Only one toast at a time, shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;

export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };
export type ToastItem = ToastInput & { id: number; open: boolean };

let current: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing whichever one is showing. */
export function toast(input: ToastInput): void {
  emit([{ ...input, id: nextId++, open: true }]);
}

/** A failure toast: the server's message when it sent one, else the fallback text. */
export function toastError(title: string, fallback: string, error?: unknown): void {
  toast({ title, description: serverMessage(error) ?? fallback, variant: "destructive" });
}

export function dismissToast(id: number): void {
  emit(current.map((item) => (item.id === id ? { ...item, open: false } : item)));
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** The { message } the API sends with a failure, if this error carries one. */
export function serverMessage(error: unknown): string | undefined {
  const body = (error as { body?: unknown } | undefined)?.body;
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string")
    return body.message;
  return undefined;
}
