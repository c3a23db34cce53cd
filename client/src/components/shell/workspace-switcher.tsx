import { type CurrentWorkspace, ROLE_LABELS, type WorkspaceSummary } from "@common/workspaces";
import { Check, ChevronsUpDown } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useSwitchTo, WorkspaceLabel } from "./workspace-menu";

/** The header's workspace as a menu: every workspace of the person, the current one ticked. */
export function WorkspaceSwitcher({
  workspace,
  workspaces,
}: {
  workspace: CurrentWorkspace;
  workspaces: WorkspaceSummary[];
}) {
  const { switchTo, pending } = useSwitchTo();
  return (
    // Not modal: a modal menu hides the whole page from assistive technology (aria-hidden on
    // #root) while its links stay focusable, which axe rightly reports.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        disabled={pending}
        data-testid="header-workspace"
        className="flex min-w-0 max-w-72 cursor-pointer items-center gap-2 rounded-md px-2 py-1 hover:bg-accent disabled:opacity-60"
      >
        <span className="sr-only">Switch workspace. Current: </span>
        <WorkspaceLabel workspace={workspace} />
        <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <WorkspaceMenuContent workspace={workspace} workspaces={workspaces} onSwitch={switchTo} />
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The menu's list; the app-style layout's account menu shows the same items inside its own menu. */
export function WorkspaceMenuContent({
  workspace,
  workspaces,
  onSwitch,
}: {
  workspace: CurrentWorkspace;
  workspaces: WorkspaceSummary[];
  onSwitch: (target: WorkspaceSummary) => void;
}) {
  return (
    <DropdownMenu.Content
      align="start"
      sideOffset={6}
      className="z-50 max-w-[min(22rem,calc(100vw-1rem))] min-w-56 rounded-md border bg-background p-1 shadow-md"
    >
      <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">
        Your workspaces
      </DropdownMenu.Label>
      <WorkspaceRadioItems workspace={workspace} workspaces={workspaces} onSwitch={onSwitch} />
    </DropdownMenu.Content>
  );
}

export function WorkspaceRadioItems({
  workspace,
  workspaces,
  onSwitch,
}: {
  workspace: CurrentWorkspace;
  workspaces: WorkspaceSummary[];
  onSwitch: (target: WorkspaceSummary) => void;
}) {
  return (
    <DropdownMenu.RadioGroup
      value={workspace.id}
      onValueChange={(id) => {
        const target = workspaces.find((item) => item.id === id);
        if (target && target.id !== workspace.id) onSwitch(target);
      }}
    >
      {workspaces.map((item) => (
        <DropdownMenu.RadioItem
          key={item.id}
          value={item.id}
          className="flex cursor-pointer items-center gap-2 rounded-sm py-1.5 pr-2 pl-7 text-sm outline-none data-[highlighted]:bg-accent relative"
        >
          <DropdownMenu.ItemIndicator className="absolute left-2 flex items-center">
            <Check className="size-4" aria-hidden />
          </DropdownMenu.ItemIndicator>
          <span className="grid min-w-0">
            <span className="truncate font-medium">{item.name}</span>
            <span className="text-xs text-muted-foreground">
              {ROLE_LABELS[item.role]} · {item.memberCount === 1 ? "1 member" : `${item.memberCount} members`}
            </span>
          </span>
        </DropdownMenu.RadioItem>
      ))}
    </DropdownMenu.RadioGroup>
  );
}
