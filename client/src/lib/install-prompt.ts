import { useSyncExternalStore } from "react";

/** The browser's deferred install prompt (Chromium's BeforeInstallPromptEvent). */
type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
};

export const INSTALL_DISMISSED_KEY = "aip-install-dismissed";

type InstallState = { deferred: BeforeInstallPromptEvent | null; installed: boolean; dismissed: boolean };

let state: InstallState = { deferred: null, installed: false, dismissed: readDismissed() };
const listeners = new Set<() => void>();

function set(next: Partial<InstallState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function readDismissed(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) === "true";
  } catch {
    return false;
  }
}

/** "Install": call once at start-up. */
export function listenForInstallPrompt(): void {
  if (window.matchMedia("(display-mode: standalone)").matches) set({ installed: true });
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    set({ deferred: event as BeforeInstallPromptEvent });
  });
  window.addEventListener("appinstalled", () => set({ installed: true, deferred: null }));
}

/** Shows the browser's prompt; accepted marks the app installed. The prompt is single-use either way. */
export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
  const deferred = state.deferred;
  if (!deferred) return "unavailable";
  await deferred.prompt();
  const { outcome } = await deferred.userChoice;
  set({ deferred: null, ...(outcome === "accepted" ? { installed: true } : {}) });
  return outcome;
}

export function dismissInstallCard(): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, "true");
  } catch {
    // Private mode without storage: the card stays dismissed for this visit only.
  }
  set({ dismissed: true });
}

export function useInstallPrompt() {
  const snapshot = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
  return {
    canInstall: snapshot.deferred !== null && !snapshot.installed,
    installed: snapshot.installed,
    showCard: snapshot.deferred !== null && !snapshot.installed && !snapshot.dismissed,
  };
}
