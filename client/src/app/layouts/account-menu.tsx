import { displayName } from "@common/user";
import { DropdownMenu } from "radix-ui";
import { Avatar, useSignOut } from "../../components/shell/user-menu";
import { useSwitchTo, WorkspaceLabel } from "../../components/shell/workspace-menu";
import { WorkspaceRadioItems } from "../../components/shell/workspace-switcher";
import type { CurrentUser } from "../../lib/auth/current-user";
import { useWorkspaces } from "../../lib/auth/get-workspaces";

/** The app-style header's account button: who is signed in, their workspace (and a switch), and Sign Out. */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const signOut = useSignOut();
  const list = useWorkspaces();
  const { switchTo } = useSwitchTo();
  const workspaces = list.data?.workspaces ?? [];
  return (
    // Not modal: a modal menu hides the whole page from assistive technology (aria-hidden on
    // #root) while its links stay focusable, which axe rightly reports.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label="Account" className="rounded-full">
        <Avatar user={user} className="size-8 text-sm" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 max-w-[calc(100vw-1rem)] min-w-56 rounded-md border bg-background p-1 shadow-md"
        >
          <div className="px-2 py-1.5">
            <p className="truncate text-sm font-medium">{displayName(user)}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Label className="px-2 pt-1 text-xs font-semibold text-muted-foreground">
            {workspaces.length > 1 ? "Your workspaces" : "Workspace"}
          </DropdownMenu.Label>
          {workspaces.length > 1 ? (
            <WorkspaceRadioItems workspace={user.workspace} workspaces={workspaces} onSwitch={switchTo} />
          ) : (
            <div className="flex px-2 py-1.5" data-testid="account-workspace">
              <WorkspaceLabel workspace={user.workspace} />
            </div>
          )}
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
