import { lazy, Suspense } from "react";
import { EmergencyButton } from "../../components/shell/emergency-button";
import { Avatar } from "../../components/shell/user-menu";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { useUser } from "../../lib/auth/use-user";
import { isMobileDevice, useIsStandalone } from "../../lib/device";
import { promptInstall, useInstallPrompt } from "../../lib/install-prompt";

// The account menu's dropdown (Radix Menu and its positioning) loads beside the screen instead of
// in the first bundle: desktop and narrow windows never show it.
const AccountMenu = lazy(() => import("./account-menu").then((m) => ({ default: m.AccountMenu })));

/** The app-style layout's own header (its four tabs are the shell's bottom bar). */
export function AppHeader() {
  const { user } = useUser();
  const standalone = useIsStandalone();
  const { canInstall } = useInstallPrompt();
  return (
    <header className="sticky top-0 z-30 flex items-center justify-between gap-2 border-b bg-background px-4 py-2">
      <div className="flex items-center gap-2">
        <img src="/icons/icon.svg" alt="" className="size-8" />
        <div>
          <p className="text-sm font-bold leading-tight">AI Platform</p>
          <p className="text-xs text-muted-foreground">AI Call Assistant</p>
        </div>
        {standalone ? <Badge variant="secondary">App Mode</Badge> : null}
      </div>
      <div className="flex items-center gap-2">
        {canInstall && !standalone ? (
          <Button size="sm" variant="outline" onClick={() => void promptInstall()}>
            Install
          </Button>
        ) : null}
        {isMobileDevice() ? <EmergencyButton /> : null}
        {user ? (
          <Suspense fallback={<Avatar user={user} className="size-8 text-sm" />}>
            <AccountMenu user={user} />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}
