import { useState } from "react";
import { useUser } from "../../features/auth/api/use-user";
import { AuthDialog } from "../../features/auth/components/auth-dialog";
import { Button } from "../ui/button";
import { Logo } from "./logo";
import { UserMenu } from "./user-menu";

/** Spec 1 §2.6: logo to /, then the real signed-in user or a Sign In button. */
export function Header() {
  const { user } = useUser();
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-4 border-b bg-background px-4 md:px-6">
      <Logo />
      {user ? (
        <UserMenu user={user} />
      ) : (
        <>
          <Button onClick={() => setOpen(true)}>Sign In</Button>
          <AuthDialog open={open} onOpenChange={setOpen} />
        </>
      )}
    </header>
  );
}
