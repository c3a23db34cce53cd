import { REQUIRED_FIELDS_MESSAGE } from "@common/auth";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { ApiError } from "../../../lib/api";
import { toast, toastError } from "../../../lib/toast";
import { useSignup } from "../api/signup";

/**
 * The header dialog's short sign-up (spec 1 §3: Full Name, email, password) on the personal plan.
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
    const base = usernameFromEmail(fields.email);
    const attempt = (username: string) =>
      signup.mutateAsync({
        username,
        email: fields.email,
        password: fields.password,
        fullName: fields.name,
        planType: "personal",
      });
    try {
      let answer: Awaited<ReturnType<typeof attempt>>;
      try {
        answer = await attempt(base);
      } catch (first) {
        const usernameTaken =
          first instanceof ApiError && first.status === 409 && /username/i.test(first.message);
        if (!usernameTaken) throw first;
        answer = await attempt(`${base.slice(0, 27)}_${Math.floor(1000 + Math.random() * 9000)}`);
      }
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
      <p className="text-center text-xs text-muted-foreground">
        Setting up a business line?{" "}
        <Link to="/signup" className="text-primary underline" onClick={() => onDone?.()}>
          Choose the business plan
        </Link>
      </p>
    </form>
  );
}

function usernameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? "";
  const cleaned = local.replace(/[^A-Za-z0-9._-]/g, "").slice(0, 32);
  return cleaned.length >= 3 ? cleaned : `user_${cleaned}${Math.floor(100 + Math.random() * 900)}`;
}
