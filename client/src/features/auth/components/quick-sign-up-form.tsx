import { REQUIRED_FIELDS_MESSAGE } from "@common/auth";
import { formatDollars, SIGNUP_PLAN_DETAILS, SIGNUP_TRIAL_DAYS } from "@common/plans";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { toast, toastError } from "../../../lib/toast";
import { useSignup } from "../api/signup";
import { withUsernameFromEmail } from "../email-sign-up";

/**
 * The header dialog's short sign-up (Full Name, email, password) on the personal plan.
 * The account's username comes from the email; if it is taken a short suffix is added.
 * The full form with the plan choice lives at /signup.
 */
export function QuickSignUpForm({
  onDone,
  onSignInInstead,
}: {
  onDone?: () => void;
  /** Where "Sign in instead" leads, with the email typed here. */
  onSignInInstead?: (email: string) => void;
}) {
  const signup = useSignup();
  const [fields, setFields] = useState({ name: "", email: "", password: "" });
  const [error, setError] = useState<string>();
  // The server's answer when it created nothing and will not say why (an email already registered).
  const [notCompleted, setNotCompleted] = useState<string>();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!fields.name.trim() || !fields.email.trim() || !fields.password) {
      setError(REQUIRED_FIELDS_MESSAGE);
      return;
    }
    setError(undefined);
    setNotCompleted(undefined);
    try {
      const answer = await withUsernameFromEmail(fields.email, (username) =>
        signup.mutateAsync({
          username,
          email: fields.email,
          password: fields.password,
          fullName: fields.name,
          planType: "personal",
        }),
      );
      if (!("user" in answer)) {
        setNotCompleted(answer.message);
        return;
      }
      toast({ title: "Account Created", description: "Welcome to AI Platform." });
      onDone?.();
    } catch (failure) {
      toastError("Signup Failed", "Failed to create account", failure);
    }
  }

  const set = (key: keyof typeof fields) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field label="Full Name">
        {(p) => <Input {...p} autoComplete="name" required value={fields.name} onChange={set("name")} />}
      </Field>
      <Field label="Email">
        {(p) => (
          <Input
            {...p}
            type="email"
            autoComplete="email"
            required
            value={fields.email}
            onChange={set("email")}
          />
        )}
      </Field>
      <Field label="Password" hint="At least 8 characters">
        {(p) => (
          <Input
            {...p}
            type="password"
            autoComplete="new-password"
            required
            value={fields.password}
            onChange={set("password")}
          />
        )}
      </Field>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {notCompleted ? (
        <div
          role="status"
          className="grid gap-2 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm"
        >
          <p>{notCompleted}</p>
          {onSignInInstead ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onSignInInstead(fields.email.trim())}
            >
              Sign in instead
            </Button>
          ) : null}
        </div>
      ) : null}
      <Button type="submit" disabled={signup.isPending}>
        {signup.isPending ? "Creating account..." : "Sign Up"}
      </Button>
      <p className="text-center text-xs text-muted-foreground" data-testid="quick-sign-up-trial">
        The Personal plan, free for {SIGNUP_TRIAL_DAYS} days with no card needed; then{" "}
        {formatDollars(SIGNUP_PLAN_DETAILS.personal.priceCents)} a month, or the Free plan.
      </p>
      <p className="text-center text-xs text-muted-foreground">
        Setting up a business line?{" "}
        <Link to="/signup" className="text-primary underline" onClick={() => onDone?.()}>
          Choose the business plan
        </Link>
      </p>
    </form>
  );
}
