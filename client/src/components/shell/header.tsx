import { type ComponentType, useState } from "react";
import { useUser } from "../../lib/auth/use-user";
import { Button } from "../ui/button";
import { Logo } from "./logo";
import { UserMenu } from "./user-menu";
import { WorkspaceMenu } from "./workspace-menu";

/**
 * Logo to /, the workspace (name, role, switcher), then the real signed-in user or a
 * Sign In button. The sign-in dialog belongs to the auth feature; the app hands it in, so the
 * shell imports no feature.
 */
export function Header({
  SignInDialog,
}: {
  SignInDialog: ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>;
}) {
  const { user } = useUser();
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-4 border-b bg-background px-4 md:px-6">
      <div className="flex min-w-0 items-center gap-3">
        <div className="shrink-0">
          <Logo />
        </div>
        {user ? (
          <>
            <span aria-hidden className="h-8 w-px shrink-0 bg-border" />
            <WorkspaceMenu workspace={user.workspace} />
          </>
        ) : null}
      </div>
      {user ? (
        <UserMenu user={user} />
      ) : (
        <>
          <Button onClick={() => setOpen(true)}>Sign In</Button>
          <SignInDialog open={open} onOpenChange={setOpen} />
        </>
      )}
    </header>
  );
}
