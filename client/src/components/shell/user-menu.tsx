import { displayName } from "@common/user";
import { useNavigate } from "react-router";
import type { CurrentUser } from "../../lib/auth/current-user";
import { useLogout } from "../../lib/auth/logout";
import { Button } from "../ui/button";

export function Avatar({ user, className = "size-9" }: { user: CurrentUser; className?: string }) {
  return (
    <span
      aria-hidden
      className={`flex ${className} shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground`}
    >
      {displayName(user).charAt(0).toUpperCase()}
    </span>
  );
}

export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  return () => logout.mutate(undefined, { onSettled: () => navigate("/") });
}

/** The signed-in user's name, email, avatar initial and a Sign Out button. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const signOut = useSignOut();
  return (
    <div className="flex min-w-0 items-center gap-3">
      {/* A long name or address is cut short (the full text on hover), never pushing Sign Out off. */}
      <div className="hidden min-w-0 max-w-64 text-right sm:block">
        <p
          className="truncate text-sm font-medium leading-tight"
          data-testid="header-user-name"
          title={displayName(user)}
        >
          {displayName(user)}
        </p>
        <p className="truncate text-xs text-muted-foreground" title={user.email}>
          {user.email}
        </p>
      </div>
      <Avatar user={user} />
      <Button variant="outline" size="sm" onClick={signOut} className="shrink-0">
        Sign Out
      </Button>
    </div>
  );
}
