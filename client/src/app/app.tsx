import { type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { matchPath, Navigate, Route, Routes, useLocation } from "react-router";
import { ErrorBoundary } from "../components/shell/error-boundary";
import { InstallCard } from "../components/shell/install-card";
import { MaintenancePage } from "../components/shell/maintenance-page";
import { NotFoundPage } from "../components/shell/not-found";
import { useUser } from "../lib/auth/use-user";
import { useLayoutKind } from "../lib/device";
import { useMaintenance } from "../lib/maintenance";
import {
  ConfirmEmailPage,
  ForgotPasswordPage,
  InviteScreen,
  LandingPage,
  ResetPasswordPage,
  SignupPage,
  TermsModal,
} from "./auth-screens";
import { Shell } from "./layouts/shell";
import { SCREENS } from "./screens";

/** The routes outside the app's screens, by the name a person knows them by. */
const OTHER_TITLES: { path: string; title: string }[] = [
  { path: "/signup", title: "Sign Up" },
  { path: "/forgot-password", title: "Forgot Password" },
  { path: "/reset-password", title: "Reset Password" },
  { path: "/confirm-email", title: "Confirm Email" },
  { path: "/invite/:token", title: "Invitation" },
  { path: "/dashboard", title: "Dashboard" },
];

/** The name of the screen at `pathname`: its route's label, or "Page Not Found". */
export function screenTitle(pathname: string, signedIn: boolean): string {
  const screen = SCREENS.find((candidate) => matchPath(candidate.path, pathname));
  if (screen) return signedIn ? screen.title : "Welcome";
  return OTHER_TITLES.find((route) => matchPath(route.path, pathname))?.title ?? "Page Not Found";
}

/**
 * Each screen's own document title ("Call History · AI Platform"), and a polite announcement of
 * the screen reached when the route changes (a screen reader hears nothing else: the page does
 * not reload).
 */
function RouteAnnouncer({ title }: { title: string | null }) {
  const [announced, setAnnounced] = useState("");
  const first = useRef(true);
  useEffect(() => {
    // While the account loads, the page keeps index.html's title and nothing is announced.
    if (title === null) return;
    document.title = `${title} · AI Platform`;
    if (first.current) {
      first.current = false;
      return;
    }
    setAnnounced(title);
  }, [title]);
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announced}
    </p>
  );
}

export function App() {
  const kind = useLayoutKind();
  const location = useLocation();
  const { user, isLoading } = useUser();
  // Maintenance mode: any request answered 503 with its message shows this instead.
  const maintenance = useMaintenance();
  const title = isLoading ? null : screenTitle(location.pathname, Boolean(user));
  if (maintenance) return <MaintenancePage />;

  /** App screens need an account; signed-out visitors see the landing page instead. */
  const signedIn = (element: ReactNode) => (isLoading ? <Loading /> : user ? element : <LandingPage />);

  return (
    <Shell kind={kind}>
      <RouteAnnouncer title={title} />
      <ErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<Loading />}>
          <Routes>
            {SCREENS.filter((screen) => kind === "desktop" || !screen.desktopOnly).map((screen) => (
              <Route key={screen.path} path={screen.path} element={signedIn(screen.element)} />
            ))}
            <Route path="/signup" element={user ? <Navigate to="/" replace /> : <SignupPage />} />
            <Route
              path="/forgot-password"
              element={user ? <Navigate to="/" replace /> : <ForgotPasswordPage />}
            />
            {/* The links in account emails work signed in or out: each opens its own session. */}
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/confirm-email" element={<ConfirmEmailPage />} />
            {/* Public: an invitation link works signed out (to sign up or in) and signed in (to join). */}
            <Route path="/invite/:token" element={isLoading ? <Loading /> : <InviteScreen />} />
            {/* Sends a new account to /dashboard; the dashboard lives at /. */}
            <Route path="/dashboard" element={<Navigate to="/" replace />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
      {user && !user.acceptedTermsAt ? (
        <Suspense fallback={null}>
          <TermsModal />
        </Suspense>
      ) : null}
      <InstallCard />
    </Shell>
  );
}

function Loading() {
  return (
    <div
      role="status"
      className="flex min-h-[40vh] items-center justify-center text-sm text-muted-foreground"
    >
      Loading...
    </div>
  );
}
