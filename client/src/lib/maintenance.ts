import { MAINTENANCE_HEADER, MAINTENANCE_MESSAGE } from "@common/admin";
import { useSyncExternalStore } from "react";

/**
 * The platform's maintenance mode as this browser last heard it: any API
 * answer of 503 with MAINTENANCE_MESSAGE puts the app on its maintenance page; the page asks
 * again until an answer is no longer that one. Outside React so every request path reports it.
 */
let underMaintenance = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (underMaintenance === value) return;
  underMaintenance = value;
  for (const listener of listeners) listener();
}

/** Whether an answer (its status and parsed body) is the platform's maintenance answer. */
export function isMaintenanceAnswer(status: number, body: unknown): boolean {
  return (
    status === 503 &&
    typeof body === "object" &&
    body !== null &&
    (body as { message?: unknown }).message === MAINTENANCE_MESSAGE
  );
}

/** Called for every failed answer (throwIfNotOk): a maintenance answer shows the page. */
export function noteFailedAnswer(status: number, body: unknown): void {
  if (isMaintenanceAnswer(status, body)) set(true);
}

/** The page found the platform back (an answer that is not maintenance). */
export function maintenanceOver(): void {
  set(false);
}

/**
 * Whether the last API answer said maintenance mode is on while letting this person through (a
 * platform administrator): the shell shows them a banner so the mode is never left on unnoticed.
 */
let letThroughMaintenance = false;
const bannerListeners = new Set<() => void>();

/** Called for every API answer: its maintenance header, on or absent. */
export function noteAnswerHeaders(headers: Headers): void {
  const on = headers.get(MAINTENANCE_HEADER) === "on";
  if (letThroughMaintenance === on) return;
  letThroughMaintenance = on;
  for (const listener of bannerListeners) listener();
}

export function useMaintenanceBanner(): boolean {
  return useSyncExternalStore(
    (listener) => {
      bannerListeners.add(listener);
      return () => bannerListeners.delete(listener);
    },
    () => letThroughMaintenance,
    () => false,
  );
}

export function useMaintenance(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => underMaintenance,
    () => false,
  );
}
