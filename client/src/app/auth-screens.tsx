import { lazy, Suspense } from "react";
import type { InviteSignInProps, InviteSignUpProps } from "../features/team/invite-page";
import { useOpenedOnce } from "../lib/use-opened-once";

// What only a signed-out visitor (or a new account) sees loads on demand, so a signed-in first
// load carries none of it: the forms, their schemas and react-hook-form.
export const LandingPage = lazy(() =>
  import("../features/auth/landing-page").then((m) => ({ default: m.LandingPage })),
);
export const SignupPage = lazy(() =>
  import("../features/auth/signup-page").then((m) => ({ default: m.SignupPage })),
);
export const ForgotPasswordPage = lazy(() =>
  import("../features/auth/email-link-pages").then((m) => ({ default: m.ForgotPasswordPage })),
);
export const ResetPasswordPage = lazy(() =>
  import("../features/auth/email-link-pages").then((m) => ({ default: m.ResetPasswordPage })),
);
export const ConfirmEmailPage = lazy(() =>
  import("../features/auth/email-link-pages").then((m) => ({ default: m.ConfirmEmailPage })),
);
export const TermsModal = lazy(() =>
  import("../features/auth/components/terms-modal").then((m) => ({ default: m.TermsModal })),
);
const InvitePage = lazy(() =>
  import("../features/team/invite-page").then((m) => ({ default: m.InvitePage })),
);
const InviteSignUpForm = lazy(() =>
  import("../features/auth/components/invite-sign-up-form").then((m) => ({ default: m.InviteSignUpForm })),
);
const SignInForm = lazy(() =>
  import("../features/auth/components/sign-in-form").then((m) => ({ default: m.SignInForm })),
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

/**
 * /invite/:token, open to everyone: the team feature's page, with the auth feature's forms for a
 * new account (the invited address, the invitation's token) and for signing in.
 */
export function InviteScreen() {
  return <InvitePage SignUpForm={InviteSignUp} SignInForm={InviteSignIn} />;
}

// Each form loads when first shown, inside the page rather than in place of it.
function InviteSignUp(props: InviteSignUpProps) {
  return (
    <Suspense fallback={<FormLoading />}>
      <InviteSignUpForm {...props} />
    </Suspense>
  );
}
function InviteSignIn(props: InviteSignInProps) {
  return (
    <Suspense fallback={<FormLoading />}>
      <SignInForm {...props} />
    </Suspense>
  );
}
function FormLoading() {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      Loading the form...
    </p>
  );
}
