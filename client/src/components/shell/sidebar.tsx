import { displayName } from "@common/user";
import { LogOut } from "lucide-react";
import { Link, useLocation } from "react-router";
import { isSidebarItemActive, moreSections, type NavItem, SIDEBAR_ITEMS } from "../../app/navigation";
import { useUser } from "../../lib/auth/use-user";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";
import { Avatar, useSignOut } from "./user-menu";

/**
 * Spec 1 §2.3: the sixteen items with their highlight rule, and the signed-in user at the foot.
 * Below them, the screens the spec routes to but never links (issue 9: every screen reachable).
 */
export function Sidebar() {
  const { pathname } = useLocation();
  const { user } = useUser();
  const signOut = useSignOut();
  const sections = moreSections({ desktop: true, admin: user?.role === "admin", shown: SIDEBAR_ITEMS });
  return (
    <aside className="sticky top-16 flex h-[calc(100dvh-4rem)] w-64 shrink-0 flex-col border-r bg-background">
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
        <ul className="grid gap-0.5">
          {SIDEBAR_ITEMS.map((item) => (
            <SidebarLink key={item.to} item={item} pathname={pathname} />
          ))}
        </ul>
        {sections.map((section) => {
          const id = `sidebar-${section.title.toLowerCase()}`;
          return (
            <div key={section.title} className="mt-4">
              <p
                id={id}
                className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
              >
                {section.title}
              </p>
              <ul aria-labelledby={id} className="grid gap-0.5">
                {section.items.map((item) => (
                  <SidebarLink key={item.to} item={item} pathname={pathname} />
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
            <p className="text-xs text-muted-foreground">{user.role === "admin" ? "Admin" : "User"}</p>
          </div>
          <Button variant="ghost" size="icon" aria-label="Sign out" title="Sign out" onClick={signOut}>
            <LogOut />
          </Button>
        </div>
      ) : null}
    </aside>
  );
}

function SidebarLink({ item, pathname }: { item: NavItem; pathname: string }) {
  const active = isSidebarItemActive(item.to, pathname);
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
