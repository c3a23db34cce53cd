import { displayName } from "@common/user";
import { ROLE_LABELS } from "@common/workspaces";
import { LogOut } from "lucide-react";
import { Link, useLocation } from "react-router";
import { activeSidebarItem, type NavItem, sidebarSections } from "../../app/navigation";
import { useUser } from "../../lib/auth/use-user";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";
import { Avatar, useSignOut } from "./user-menu";

/**
 * The sidebar's items under their product labels, grouped: the day's work first, then sales pages,
 * setup, and the tools and demos; each screen the spec routes to is here (every screen is
 * reachable), less those the member's role has no use for. The signed-in person at the foot.
 */
export function Sidebar() {
  const { pathname } = useLocation();
  const { user } = useUser();
  const signOut = useSignOut();
  const sections = sidebarSections({
    desktop: true,
    admin: user?.role === "admin",
    role: user?.workspace.role,
  });
  const activePath = activeSidebarItem(
    sections.flatMap((section) => section.items.map((item) => item.to)),
    pathname,
  );
  const roleLabel = user
    ? [ROLE_LABELS[user.workspace.role], user.role === "admin" ? "Platform admin" : null]
        .filter(Boolean)
        .join(" · ")
    : "";
  return (
    <aside className="sticky top-16 flex h-[calc(100dvh-4rem)] w-64 shrink-0 flex-col border-r bg-background">
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
        {sections.map((section, index) => {
          const id = `sidebar-${section.title.toLowerCase().replaceAll(" ", "-")}`;
          return (
            <div key={section.title} className={cn(index > 0 && "mt-4 border-t pt-3")}>
              <p
                id={id}
                className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
              >
                {section.title}
              </p>
              <ul aria-labelledby={id} className="grid gap-0.5">
                {section.items.map((item) => (
                  <SidebarLink key={item.to} item={item} active={item.to === activePath} />
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      {user ? (
        <div className="flex items-center gap-3 border-t p-3">
          <Avatar user={user} className="size-8 text-sm" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{displayName(user)}</p>
            <p className="text-xs text-muted-foreground" data-testid="sidebar-role">
              {roleLabel}
            </p>
          </div>
          <Button variant="ghost" size="icon" aria-label="Sign out" title="Sign out" onClick={signOut}>
            <LogOut />
          </Button>
        </div>
      ) : null}
    </aside>
  );
}

function SidebarLink({ item, active }: { item: NavItem; active: boolean }) {
  return (
    <li>
      <Link
        to={item.to}
        aria-current={active ? "page" : undefined}
        className={cn(
          "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
          active
            ? "bg-primary text-primary-foreground"
            : "text-muted-foreground hover:bg-accent hover:text-foreground",
        )}
      >
        <item.icon className="size-4 shrink-0" aria-hidden />
        {item.label}
      </Link>
    </li>
  );
}
