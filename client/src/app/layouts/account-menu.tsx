import { displayName } from "@common/user";
import { DropdownMenu } from "radix-ui";
import { Avatar, useSignOut } from "../../components/shell/user-menu";
import type { CurrentUser } from "../../lib/auth/current-user";

/** The app-style header's account button: who is signed in, and Sign Out. */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const signOut = useSignOut();
  return (
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
  );
}
