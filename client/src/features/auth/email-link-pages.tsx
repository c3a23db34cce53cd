import { Password, PasswordResetRequest } from "@common/auth";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { serverMessage, toast } from "../../lib/toast";
import { useConfirmEmail, useRequestPasswordReset, useResetPassword } from "./api/email-links";

/** The pages the links in account emails open, and the form that asks for a reset link. */

function LinkPage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid w-full max-w-md gap-6 p-4 md:p-8">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold leading-none tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </div>
  );
}

function Problem({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
}

/** /forgot-password: an email address in, the same answer out whether or not it has an account. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PasswordResetRequest.safeParse({ email });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Please enter a valid email address");
      return;
    }
    setProblem(null);
    request.mutate(parsed.data, {
      onSuccess: ({ message }) => setAnswer(message),
      onError: (error) =>
        setProblem(serverMessage(error) ?? "The request could not be sent. Please try again."),
    });
  };

  return (
    <LinkPage
      title="Forgot your password?"
      description="Enter your account's email address and we will send you a link to choose a new password."
    >
      {answer ? (
        <p
          role="status"
          className="rounded-md bg-green-50 p-3 text-sm text-green-900"
          data-testid="reset-requested"
        >
          {answer}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field label="Email" error={problem ?? undefined}>
            {(props) => (
              <Input
                {...props}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? "Sending..." : "Send Reset Link"}
          </Button>
        </form>
      )}
      <p className="text-sm text-muted-foreground">
        Remembered it?{" "}
        <Link to="/" className="text-primary underline">
          Back to sign in
        </Link>
      </p>
    </LinkPage>
  );
}

/** /reset-password?token=...: a new password, twice; the person is signed in with it. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const reset = useResetPassword();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [problem, setProblem] = useState<{ field: "password" | "repeat" | "form"; message: string } | null>(
    null,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = Password.safeParse(password);
    if (!parsed.success) {
      setProblem({
        field: "password",
        message: parsed.error.issues[0]?.message ?? "Choose another password",
      });
      return;
    }
    if (repeat !== password) {
      setProblem({ field: "repeat", message: "The two passwords are not the same" });
      return;
    }
    setProblem(null);
    reset.mutate(
      { token, newPassword: password },
      {
        onSuccess: () => {
          toast({ title: "Password Changed", description: "You are signed in with your new password." });
          navigate("/", { replace: true });
        },
        onError: (error) =>
          setProblem({
            field: "form",
            message: serverMessage(error) ?? "The password could not be changed.",
          }),
      },
    );
  };

  return (
    <LinkPage
      title="Choose a new password"
      description="Every browser and device signed in to your account will be signed out."
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field
          label="New password"
          hint="At least 8 characters"
          error={problem?.field === "password" ? problem.message : undefined}
        >
          {(props) => (
            <Input
              {...props}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <Field label="New password again" error={problem?.field === "repeat" ? problem.message : undefined}>
          {(props) => (
            <Input
              {...props}
              type="password"
              autoComplete="new-password"
              value={repeat}
              onChange={(event) => setRepeat(event.target.value)}
            />
          )}
        </Field>
        <Problem message={problem?.field === "form" ? problem.message : null} />
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending ? "Saving..." : "Save New Password"}
        </Button>
      </form>
      {problem?.field === "form" ? (
        <p className="text-sm">
          <Link to="/forgot-password" className="text-primary underline">
            Send me a new link
          </Link>
        </p>
      ) : null}
    </LinkPage>
  );
}

/**
 * /confirm-email?token=...: one click confirms the address and signs the person in. A click, not
 * on load: mail scanners that open links must not spend them.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const confirm = useConfirmEmail();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    setProblem(null);
    confirm.mutate(
      { token },
      {
        onSuccess: ({ user }) => {
          toast({ title: "Email Confirmed", description: `${user.email} is confirmed. Welcome!` });
          navigate("/", { replace: true });
        },
        onError: (error) => setProblem(serverMessage(error) ?? "The email could not be confirmed."),
      },
    );
  };

  return (
    <LinkPage title="Confirm your email" description="Confirm this address to finish and sign in.">
      <Problem message={problem} />
      <Button onClick={submit} disabled={confirm.isPending}>
        {confirm.isPending ? "Confirming..." : "Confirm My Email Address"}
      </Button>
      {problem ? (
        <p className="text-sm text-muted-foreground">
          Signing in sends a new link while your address is unconfirmed; in Settings you can send one again.{" "}
          <Link to="/" className="text-primary underline">
            Go to sign in
          </Link>
        </p>
      ) : null}
    </LinkPage>
  );
}
