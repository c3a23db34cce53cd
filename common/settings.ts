/** The settings screen's install-status box. */
export const INSTALL_STATUS = {
  noServiceWorker: "Service Worker not supported",
  insecure: "HTTPS required for installation",
  noPrompt: "Install prompt not available after 3 seconds",
} as const;

/** How long the box waits for the browser's install prompt before saying it is not coming. */
export const INSTALL_PROMPT_WAIT_MS = 3000;
