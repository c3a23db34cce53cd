import { displayName } from "@common/user";
import { ROLE_LABELS } from "@common/workspaces";
import { Check, LogOut } from "lucide-react";
import type { RefObject } from "react";
import { Link, useLocation } from "react-router";
import type { NavSection } from "../../app/navigation";
import { useWorkspaces } from "../../lib/auth/get-workspaces";
import { useUser } from "../../lib/auth/use-user";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { Avatar, useSignOut } from "./user-menu";
import { useSwitchTo, WorkspaceLabel } from "./workspace-menu";

/**
 * The "More" sheet itself: the signed-in account and its workspace (with a switch to each other
 * workspace of the person), every other screen of the layout and Sign Out.
 */
export function MoreSheetDialog({
  open,
  onOpenChange,
  sections,
  contentId,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sections: NavSection[];
  contentId: string;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { pathname } = useLocation();
  const { user } = useUser();
  const signOut = useSignOut();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onOpenAutoFocus={(event) => {
          // The sheet's first screen, at the top: Radix would pass over links to the first button,
          // Sign Out, at the sheet's far end and off screen, where Enter signs out.
          const first = (event.target as HTMLElement).querySelector<HTMLElement>("nav a[href]");
          if (!first) return;
          event.preventDefault();
          first.focus();
        }}
        onCloseAutoFocus={(event) => {
          // Back to the More tab, as a Radix trigger would get it.
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
        id={contentId}
        // Grid children may shrink below their text (min-w-0): a long name or email truncates
        // with an ellipsis instead of running past the sheet's edge.
        className="top-auto bottom-0 left-0 w-full max-w-none translate-x-0 translate-y-0 gap-3 rounded-b-none p-4 pb-safe [&>*]:min-w-0"
      >
        <DialogHeader className="pr-8">
          <DialogTitle>More</DialogTitle>
          {user ? (
            <DialogDescription asChild>
              <div className="flex min-w-0 items-center gap-3 pt-1">
                <Avatar user={user} className="size-9 text-sm" />
                <span className="min-w-0">
                  <span className="block truncate font-medium text-foreground">{displayName(user)}</span>
                  <span className="block truncate">{user.email}</span>
                </span>
              </div>
            </DialogDescription>
          ) : (
            <DialogDescription>Every screen of AI Platform.</DialogDescription>
          )}
        </DialogHeader>
        {user ? <WorkspaceSection onSwitched={() => onOpenChange(false)} /> : null}
        <nav aria-label="More" className="grid gap-3">
          {sections.map((section) => {
            const id = `more-${section.title.toLowerCase()}`;
            return (
              <div key={section.title}>
                <p
                  id={id}
                  className="pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
                >
                  {section.title}
                </p>
                <ul aria-labelledby={id} className="grid grid-cols-2 gap-1">
                  {section.items.map((item) => {
                    const active = pathname === item.to;
                    return (
                      <li key={item.to} className="min-w-0">
                        <Link
                          to={item.to}
                          onClick={() => onOpenChange(false)}
                          aria-current={active ? "page" : undefined}
                          className={cn(
                            "flex min-h-10 items-center gap-2 rounded-md px-2 py-1.5 text-sm",
                            active ? "bg-primary text-primary-foreground" : "hover:bg-accent",
                          )}
                        >
                          <item.icon className="size-4 shrink-0" aria-hidden />
                          <span className="min-w-0 break-words">{item.label}</span>
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </div>
            );
          })}
        </nav>
        {user ? (
          <Button
            variant="outline"
            onClick={() => {
              onOpenChange(false);
              signOut();
            }}
          >
            <LogOut /> Sign Out
          </Button>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The phone layouts' place for the header's workspace name, role and switcher. */
function WorkspaceSection({ onSwitched }: { onSwitched: () => void }) {
  const { user } = useUser();
  const list = useWorkspaces();
  const { switchTo, pending } = useSwitchTo({ onSwitched });
  if (!user) return null;
  const others = (list.data?.workspaces ?? []).filter((item) => item.id !== user.workspace.id);
  return (
    <section aria-labelledby="more-workspace" className="grid gap-1" data-testid="sheet-workspace">
      <p
        id="more-workspace"
        className="pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        Workspace
      </p>
      <div className="flex min-w-0 items-center gap-2 rounded-md bg-accent px-2 py-1.5">
        <Check className="size-4 shrink-0" aria-hidden />
        <WorkspaceLabel workspace={user.workspace} />
      </div>
      {others.length > 0 ? (
        <ul aria-label="Switch workspace" className="grid gap-1">
          {others.map((item) => (
            <li key={item.id} className="min-w-0">
              <button
                type="button"
                disabled={pending}
                onClick={() => switchTo(item)}
                className="flex min-h-10 w-full min-w-0 cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent disabled:opacity-60"
              >
                <span className="size-4 shrink-0" aria-hidden />
                <span className="grid min-w-0">
                  <span className="truncate">
                    <span className="sr-only">Switch to </span>
                    {item.name}
                  </span>
                  <span className="text-xs text-muted-foreground">{ROLE_LABELS[item.role]}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
