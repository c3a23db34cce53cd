import { PASSWORD_MIN, REQUIRED_FIELDS_MESSAGE } from "@common/auth";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { serverMessage, toast } from "../../../lib/toast";
import { useSignup } from "../api/signup";
import { withUsernameFromEmail } from "../email-sign-up";

export type InviteSignUpFormProps = {
  /** The invited address: the account must use it, so it is shown, not typed. */
  email: string;
  invitationToken: string;
  workspaceName: string;
  /** Called once the new account is signed in, as a member of the inviting workspace. */
  onDone: () => void;
  onSignInInstead: () => void;
};

/**
 * Sign-up through an invitation link: a name and a password for the invited address. The new
 * account joins the inviting workspace (and gets none of its own). The server's refusal (the link
 * expired or was withdrawn meanwhile, the team is full) shows beside the button.
 */
export function InviteSignUpForm({
  email,
  invitationToken,
  workspaceName,
  onDone,
  onSignInInstead,
}: InviteSignUpFormProps) {
  const signup = useSignup();
  const [fields, setFields] = useState({ name: "", password: "" });
  const [error, setError] = useState<string>();
  const [notCompleted, setNotCompleted] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!fields.name.trim() || !fields.password) {
      setError(REQUIRED_FIELDS_MESSAGE);
      return;
    }
    if (fields.password.length < PASSWORD_MIN) {
      setError(`Password must be at least ${PASSWORD_MIN} characters`);
      return;
    }
    setError(undefined);
    setNotCompleted(undefined);
    try {
      const answer = await withUsernameFromEmail(email, (username) =>
        signup.mutateAsync({
          username,
          email,
          password: fields.password,
          fullName: fields.name.trim(),
          planType: "personal",
          invitationToken,
        }),
      );
      if (!("user" in answer)) {
        setNotCompleted(answer.message);
        return;
      }
      toast({ title: "Account Created", description: `Welcome to ${workspaceName}.` });
      onDone();
    } catch (failure) {
      setError(serverMessage(failure) ?? "Failed to create account. Please try again.");
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign up to join">
      <Field label="Email" hint="The invitation is for this address.">
        {(p) => (
          <Input {...p} type="email" autoComplete="email" readOnly value={email} className="bg-muted" />
        )}
      </Field>
      <Field label="Full Name">
        {(p) => (
          <Input
            {...p}
            autoComplete="name"
            required
            value={fields.name}
            onChange={(event) => setFields((current) => ({ ...current, name: event.target.value }))}
          />
        )}
      </Field>
      <Field label="Password" hint={`At least ${PASSWORD_MIN} characters`}>
        {(p) => (
          <Input
            {...p}
            type="password"
            autoComplete="new-password"
            required
            value={fields.password}
            onChange={(event) => setFields((current) => ({ ...current, password: event.target.value }))}
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
          <Button type="button" variant="outline" size="sm" onClick={onSignInInstead}>
            Sign in instead
          </Button>
        </div>
      ) : null}
      <Button type="submit" disabled={signup.isPending}>
        {signup.isPending ? "Creating account..." : "Sign up and join"}
      </Button>
    </form>
  );
}
