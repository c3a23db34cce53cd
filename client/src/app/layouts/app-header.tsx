import { displayName } from "@common/user";
import { DropdownMenu } from "radix-ui";
import { EmergencyButton } from "../../components/shell/emergency-button";
import { Avatar, useSignOut } from "../../components/shell/user-menu";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { useUser } from "../../features/auth/api/use-user";
import { isMobileDevice, useIsStandalone } from "../../lib/device";
import { promptInstall, useInstallPrompt } from "../../lib/install-prompt";

/** Spec 1 §2.5: the app-style layout's own header (its four tabs are the shell's bottom bar). */
export function AppHeader() {
  const { user } = useUser();
  const standalone = useIsStandalone();
  const { canInstall } = useInstallPrompt();
  const signOut = useSignOut();
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
          <DropdownMenu.Root>
            <DropdownMenu.Trigger aria-label="Account" className="rounded-full">
              <Avatar user={user} className="size-8 text-sm" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={6}
                className="z-50 min-w-48 rounded-md border bg-background p-1 shadow-md"
              >
                <div className="px-2 py-1.5">
                  <p className="text-sm font-medium">{displayName(user)}</p>
                  <p className="text-xs text-muted-foreground">{user.email}</p>
                </div>
                <DropdownMenu.Separator className="my-1 h-px bg-border" />
                <DropdownMenu.Item
                  onSelect={signOut}
                  className="cursor-pointer rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-accent"
                >
                  Sign Out
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        ) : null}
      </div>
    </header>
  );
}
