import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { Providers } from "./app/providers";
import { listenForInstallPrompt } from "./lib/install-prompt";
import "./styles.css";

listenForInstallPrompt();

// Screens load as separate chunks. After a deploy, an open tab asks for chunk names the server
// no longer has: reload once to pick up the new build (a second failure soon after shows the
// error screen instead of reloading in a loop).
window.addEventListener("vite:preloadError", (event) => {
  const last = Number(sessionStorage.getItem("aip-chunk-reload") ?? 0);
  if (Date.now() - last < 10_000) return;
  sessionStorage.setItem("aip-chunk-reload", String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker
      .register("/sw.js")
      .catch((error: unknown) => console.warn("service worker failed", error));
  });
}

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
