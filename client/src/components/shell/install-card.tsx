import { Download } from "lucide-react";
import { dismissInstallCard, promptInstall, useInstallPrompt } from "../../lib/install-prompt";
import { Button } from "../ui/button";

/** Offered while the browser can install the app, until installed or dismissed. */
export function InstallCard() {
  const { showCard } = useInstallPrompt();
  if (!showCard) return null;
  return (
    <section
      aria-label="Install the app"
      className="fixed right-4 bottom-20 left-4 z-40 rounded-lg border bg-card p-4 shadow-lg md:bottom-6 md:left-auto md:w-80"
    >
      <div className="flex items-start gap-3">
        <Download className="mt-0.5 size-5 text-primary" aria-hidden />
        <div className="grid gap-1">
          <h2 className="text-sm font-semibold">Install the app</h2>
          <p className="text-xs text-muted-foreground">
            Open your call assistant from your home screen, even offline.
          </p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={dismissInstallCard}>
          Later
        </Button>
        <Button size="sm" onClick={() => void promptInstall()}>
          Install
        </Button>
      </div>
    </section>
  );
}
