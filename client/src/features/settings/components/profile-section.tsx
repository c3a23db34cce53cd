import { PROFILE_FAILED } from "@common/ai-settings";
import type { ProfileUpdate } from "@common/user";
import { MailCheck, UserRound } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import type { CurrentUser } from "../../../lib/auth/current-user";
import { serverMessage, toast, toastError } from "../../../lib/toast";
import { useCancelEmailChange, useResendEmailConfirmation } from "../api/email-confirmation";
import { useUpdateProfile } from "../api/update-profile";
import { ChangePasswordForm } from "./change-password-form";

type ProfileField = "fullName" | "email" | "cellphoneNumber";

const LABELS: Record<ProfileField, string> = {
  fullName: "Full name",
  email: "Email",
  cellphoneNumber: "Cellphone number",
};

/**
 * Profile and caller ID. Each field saves by itself when it loses focus, and only
 * when its value changed. A new email asks for the current password first.
 */
export function ProfileSection({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);

  const save = async (
    field: ProfileField,
    value: string,
    currentPassword?: string,
  ): Promise<{ ok: true } | { ok: false; error: unknown }> => {
    const change = (
      field === "email"
        ? { email: value, ...(currentPassword ? { currentPassword } : {}) }
        : { [field]: value }
    ) as ProfileUpdate;
    try {
      const saved = await update.mutateAsync(change);
      if (field === "email" && saved.pendingEmail)
        toast({
          title: "Confirm Your New Email",
          description: `We sent a link to ${saved.pendingEmail}. Your email changes once you follow it.`,
        });
      else toast({ title: "Profile Updated", description: `${LABELS[field]} saved.` });
      return { ok: true };
    } catch (error) {
      // The password dialog shows its own error; the other fields get the spec's toast.
      if (field !== "email") toastError("Error", PROFILE_FAILED, error);
      return { ok: false, error };
    }
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 font-semibold leading-none tracking-tight">
          <UserRound className="size-5" aria-hidden />
          Profile and Caller ID
        </h2>
        <CardDescription>Each field is saved when you leave it.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 items-start gap-4 md:grid-cols-2" key={resetKey}>
        <BlurField
          label="Full Name"
          saved={user.fullName ?? ""}
          autoComplete="name"
          hint="How your assistant names you to callers."
          onCommit={async (value) => (await save("fullName", value)).ok}
        />
        <BlurField
          label="Email"
          type="email"
          saved={user.email}
          autoComplete="email"
          hint="Changing it asks for your password."
          below={<EmailStatus user={user} />}
          onCommit={async (value) => {
            if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
              toast({
                title: "Error",
                description: "Please enter a valid email address",
                variant: "destructive",
              });
              return false;
            }
            setPendingEmail(value);
            return false;
          }}
        />
        <BlurField
          label="Cellphone Number"
          type="tel"
          saved={user.cellphoneNumber ?? ""}
          autoComplete="tel"
          hint="Your caller ID: urgent calls are forwarded here."
          onCommit={async (value) => (await save("cellphoneNumber", value)).ok}
        />
      </CardContent>
      {/* Outside the keyed fields above: cancelling an email change must not clear a half-typed password. */}
      <CardContent>
        <ChangePasswordForm username={user.username} />
      </CardContent>
      <EmailPasswordDialog
        email={pendingEmail}
        onClose={(saved) => {
          setPendingEmail(null);
          // A cancelled change puts the saved email back in the field.
          if (!saved) setResetKey((key) => key + 1);
        }}
        save={(email, password) => save("email", email, password)}
      />
    </Card>
  );
}

/**
 * Whether the email is confirmed, or which new address waits for its link, with the link again
 * and (for a change) a way to keep the current address.
 */
function EmailStatus({ user }: { user: CurrentUser }) {
  const resend = useResendEmailConfirmation();
  const cancel = useCancelEmailChange();
  const sendAgain = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => toast({ title: "Link Sent", description: message }),
      onError: (error) => toastError("Error", "The link could not be sent. Please try again.", error),
    });
  if (!user.pendingEmail && user.emailVerified)
    return (
      <p
        className="flex min-w-0 items-center gap-1.5 self-center text-sm text-muted-foreground wrap-anywhere"
        data-testid="email-status"
      >
        <MailCheck className="size-4 text-success" aria-hidden />
        {user.email} is confirmed.
      </p>
    );
  return (
    <div
      className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 wrap-anywhere"
      data-testid="email-status"
    >
      <p>
        {user.pendingEmail
          ? `Waiting for you to confirm ${user.pendingEmail}: follow the link we sent there. Until then your email stays ${user.email}.`
          : `${user.email} is not confirmed yet: follow the link we sent to it.`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" disabled={resend.isPending} onClick={sendAgain}>
          {resend.isPending ? "Sending..." : "Send Link Again"}
        </Button>
        {user.pendingEmail ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () =>
                  toast({ title: "Change Cancelled", description: `Your email stays ${user.email}.` }),
                onError: (error) => toastError("Error", PROFILE_FAILED, error),
              })
            }
          >
            Keep My Current Email
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function BlurField({
  label,
  saved,
  type = "text",
  hint,
  autoComplete,
  onCommit,
  below,
}: {
  label: string;
  saved: string;
  /** Shown under the field (the email's confirmation). */
  below?: ReactNode;
  type?: string;
  hint: string;
  autoComplete: string;
  /** Saves the value; true when it was saved. */
  onCommit: (value: string) => Promise<boolean>;
}) {
  const [value, setValue] = useState(saved);
  const [busy, setBusy] = useState(false);
  // The server's answer (a cleaned phone number, a lower-cased email) replaces what was typed.
  useEffect(() => setValue(saved), [saved]);

  const commit = async () => {
    const next = value.trim();
    if (next === saved.trim()) return;
    setBusy(true);
    try {
      await onCommit(next);
    } finally {
      setBusy(false);
    }
  };

  const field = (
    <Field label={label} hint={hint}>
      {(props) => (
        <Input
          {...props}
          type={type}
          value={value}
          autoComplete={autoComplete}
          aria-busy={busy}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => void commit()}
          onKeyDown={(event) => {
            if (event.key === "Enter") event.currentTarget.blur();
          }}
        />
      )}
    </Field>
  );
  return below ? (
    <div className="grid content-start gap-2">
      {field}
      {below}
    </div>
  ) : (
    field
  );
}

function EmailPasswordDialog({
  email,
  onClose,
  save,
}: {
  email: string | null;
  onClose: (saved: boolean) => void;
  save: (email: string, password: string) => Promise<{ ok: true } | { ok: false; error: unknown }>;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (email !== null) {
      setPassword("");
      setError(null);
    }
  }, [email]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email) return;
    if (!password) {
      setError("Please enter your current password to change your email");
      return;
    }
    setBusy(true);
    const result = await save(email, password);
    setBusy(false);
    if (result.ok) onClose(true);
    else setError(serverMessage(result.error) ?? PROFILE_FAILED);
  };

  return (
    <Dialog open={email !== null} onOpenChange={(open) => (open ? undefined : onClose(false))}>
      <DialogContent className="max-w-md">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Confirm your password</DialogTitle>
            <DialogDescription>
              Your email is how you sign in and recover your account. Enter your current password to change it
              to {email}.
            </DialogDescription>
          </DialogHeader>
          <Field label="Current password" error={error ?? undefined}>
            {(props) => (
              <Input
                {...props}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onClose(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Save Email"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
