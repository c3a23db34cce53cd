import { type ReactNode, useEffect } from "react";
import { BottomNav } from "../../components/shell/bottom-nav";
import { Header } from "../../components/shell/header";
import { MaintenanceBanner } from "../../components/shell/maintenance-banner";
import { Sidebar } from "../../components/shell/sidebar";
import { FocusKeeper } from "../../components/ui/focus-keeper";
import { useUser } from "../../lib/auth/use-user";
import { cn } from "../../lib/cn";
import type { LayoutKind } from "../../lib/device";
import { SignInDialog } from "../auth-screens";
import { APP_TABS, MOBILE_TABS, moreSections } from "../navigation";
import { AppHeader } from "./app-header";

/**
 * The three layouts of the spec in one tree:
 * - desktop: top bar, side menu, the routes, bottom bar;
 * - mobile (narrow windows): the routes plus the six-tab bottom bar;
 * - app (phones): its own header, the routes and four tabs, inside the safe area.
 *
 * `<main>` sits at the same place in the tree whatever the layout, so a window resized across
 * the breakpoint (or a phone rotated) keeps the screen's state: an open dialog, a typed form.
 * Separate layout components would remount every screen at each switch.
 *
 * "Skip to main content" is the first Tab stop; the page scrolls a focused control clear of the
 * phone layouts' sticky header and fixed bottom bar (scroll padding on the page, set here while
 * the bar shows).
 */
export function Shell({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  const { user } = useUser();
  const desktop = kind === "desktop";
  const tabs = kind === "app" ? APP_TABS : MOBILE_TABS;
  const bottomBar = !desktop && Boolean(user);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle("has-bottom-bar", bottomBar);
    root.classList.toggle("has-app-header", kind === "app");
    return () => root.classList.remove("has-bottom-bar", "has-app-header");
  }, [bottomBar, kind]);
  return (
    <div className={cn("flex min-h-dvh flex-col", !desktop && "pt-safe", kind === "app" && "px-safe")}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg"
      >
        Skip to main content
      </a>
      <FocusKeeper />
      {desktop ? <Header SignInDialog={SignInDialog} /> : kind === "app" ? <AppHeader /> : null}
      <MaintenanceBanner />
      <div className="flex flex-1">
        {desktop && user ? <Sidebar /> : null}
        <main
          id="main"
          tabIndex={-1}
          className={cn("min-w-0 flex-1 outline-none", desktop ? "p-6" : "p-4 pb-24")}
        >
          {children}
        </main>
      </div>
      {desktop ? (
        <footer className="flex items-center justify-between border-t bg-background px-6 py-3 text-xs text-muted-foreground">
          <span>AI Platform · Advanced AI-powered telecommunications sales platform</span>
          <span>Calls are screened by your own AI assistant</span>
        </footer>
      ) : user ? (
        <BottomNav
          items={tabs}
          label={kind === "app" ? "App" : "Mobile"}
          more={moreSections({
            desktop: false,
            admin: user.role === "admin",
            role: user.workspace.role,
            shown: tabs,
          })}
        />
      ) : null}
    </div>
  );
}
