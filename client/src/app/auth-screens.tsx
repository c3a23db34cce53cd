import { lazy, Suspense } from "react";
import { useOpenedOnce } from "../lib/use-opened-once";

// What only a signed-out visitor (or a new account) sees loads on demand, so a signed-in first
// load carries none of it: the forms, their schemas and react-hook-form.
export const LandingPage = lazy(() =>
  import("../features/auth/landing-page").then((m) => ({ default: m.LandingPage })),
);
export const SignupPage = lazy(() =>
  import("../features/auth/signup-page").then((m) => ({ default: m.SignupPage })),
);
export const TermsModal = lazy(() =>
  import("../features/auth/components/terms-modal").then((m) => ({ default: m.TermsModal })),
);
const AuthDialog = lazy(() =>
  import("../features/auth/components/auth-dialog").then((m) => ({ default: m.AuthDialog })),
);

export type SignInDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The header's Sign In dialog, loaded when first opened. */
export function SignInDialog({ open, onOpenChange }: SignInDialogProps) {
  const opened = useOpenedOnce(open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
