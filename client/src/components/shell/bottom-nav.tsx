import { Link, useLocation } from "react-router";
import type { NavItem, NavSection } from "../../app/navigation";
import { cn } from "../../lib/cn";
import { MoreSheet } from "./more-sheet";

/**
 * A fixed tab bar; a tab is highlighted only on an exact path match. The last tab,
 * "More", opens the account and every screen the tabs do not name.
 */
export function BottomNav({ items, label, more }: { items: NavItem[]; label: string; more: NavSection[] }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className="fixed inset-x-0 bottom-0 z-30 border-t bg-background pb-safe px-safe">
      <ul className="flex">
        {items.map((item) => {
          const active = pathname === item.to;
          return (
            <li key={item.to} className="flex-1">
              <Link
                to={item.to}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium",
                  active ? "text-primary" : "text-muted-foreground",
                )}
              >
                <item.icon className="size-5" aria-hidden />
                {item.label}
              </Link>
            </li>
          );
        })}
        <li className="flex-1">
          <MoreSheet sections={more} />
        </li>
      </ul>
    </nav>
  );
}
