import { type ReactNode, Suspense } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { ErrorBoundary } from "../components/shell/error-boundary";
import { InstallCard } from "../components/shell/install-card";
import { MaintenancePage } from "../components/shell/maintenance-page";
import { NotFoundPage } from "../components/shell/not-found";
import { useUser } from "../lib/auth/use-user";
import { useLayoutKind } from "../lib/device";
import { useMaintenance } from "../lib/maintenance";
import { InviteScreen, LandingPage, SignupPage, TermsModal } from "./auth-screens";
import { Shell } from "./layouts/shell";
import { SCREENS } from "./screens";

export function App() {
  const kind = useLayoutKind();
  const location = useLocation();
  const { user, isLoading } = useUser();
  // Maintenance mode (issue 16): any request answered 503 with its message shows this instead.
  const maintenance = useMaintenance();
  if (maintenance) return <MaintenancePage />;

  /** App screens need an account; signed-out visitors see the landing page instead. */
  const signedIn = (element: ReactNode) => (isLoading ? <Loading /> : user ? element : <LandingPage />);

  return (
    <Shell kind={kind}>
      <ErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<Loading />}>
          <Routes>
            {SCREENS.filter((screen) => kind === "desktop" || !screen.desktopOnly).map((screen) => (
              <Route key={screen.path} path={screen.path} element={signedIn(screen.element)} />
            ))}
            <Route path="/signup" element={user ? <Navigate to="/" replace /> : <SignupPage />} />
            {/* Public: an invitation link works signed out (to sign up or in) and signed in (to join). */}
            <Route path="/invite/:token" element={isLoading ? <Loading /> : <InviteScreen />} />
            {/* Spec 2 sends a new account to /dashboard; the dashboard lives at /. */}
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
