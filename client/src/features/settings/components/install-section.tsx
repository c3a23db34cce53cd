import { INSTALL_PROMPT_WAIT_MS, INSTALL_STATUS } from "@common/settings";
import { CheckCircle2, Download, Info, Smartphone } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { promptInstall, useInstallPrompt } from "../../../lib/install-prompt";
import { toast } from "../../../lib/toast";

type Status = { tone: "ok" | "info" | "problem"; text: string; detail?: string };

/** What the browser allows, in the spec's three messages when it cannot install. */
function useInstallStatus(): { status: Status; canInstall: boolean } {
  const { canInstall, installed } = useInstallPrompt();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setWaited(true), INSTALL_PROMPT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (installed) return { canInstall, status: { tone: "ok", text: "Installed: you are using the app" } };
  if (!("serviceWorker" in navigator))
    return {
      canInstall,
      status: {
        tone: "problem",
        text: INSTALL_STATUS.noServiceWorker,
        detail: "This browser cannot run the app offline. Try Chrome, Edge, Safari or Firefox.",
      },
    };
  if (!window.isSecureContext)
    return {
      canInstall,
      status: {
        tone: "problem",
        text: INSTALL_STATUS.insecure,
        detail: "Open the app at its https:// address to install it.",
      },
    };
  if (canInstall) return { canInstall, status: { tone: "ok", text: "Ready to install" } };
  if (!waited)
    return {
      canInstall,
      status: { tone: "info", text: "Checking whether this browser can install the app..." },
    };
  return {
    canInstall,
    status: {
      tone: "problem",
      text: INSTALL_STATUS.noPrompt,
      detail: "Use your browser's menu to install, as described above.",
    },
  };
}

/** Mobile app install help, with the install-status box. */
export function InstallSection() {
  const { status, canInstall } = useInstallStatus();
  const install = async () => {
    const outcome = await promptInstall();
    if (outcome === "accepted")
      toast({ title: "App Installed", description: "Open it from your home screen." });
  };
  const Icon = status.tone === "ok" ? CheckCircle2 : Info;
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 font-semibold leading-none tracking-tight">
          <Smartphone className="size-5" aria-hidden />
          Mobile App
        </h2>
        <CardDescription>
          Install the app to open your assistant from your home screen, even offline.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-2 text-sm">
          <li>
            <span className="font-medium">iPhone and iPad (Safari):</span> tap Share, then Add to Home Screen.
          </li>
          <li>
            <span className="font-medium">Android (Chrome):</span> open the menu, then Install app.
          </li>
          <li>
            <span className="font-medium">Computer (Chrome or Edge):</span> click the install icon in the
            address bar.
          </li>
        </ul>
        <div
          role="status"
          aria-label="Install status"
          data-testid="install-status"
          className={
            status.tone === "problem"
              ? "flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              : status.tone === "ok"
                ? "flex gap-3 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-950"
                : "flex gap-3 rounded-md border p-3 text-sm"
          }
        >
          <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div className="grid gap-1">
            <p className="font-medium">{status.text}</p>
            {status.detail ? <p>{status.detail}</p> : null}
          </div>
        </div>
        {canInstall ? (
          <div>
            <Button onClick={() => void install()}>
              <Download aria-hidden />
              Install App
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
