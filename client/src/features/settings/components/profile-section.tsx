import { PROFILE_FAILED } from "@common/ai-settings";
import type { ProfileUpdate } from "@common/user";
import { UserRound } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
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
import { useUpdateProfile } from "../api/update-profile";
import { ChangePasswordForm } from "./change-password-form";

type ProfileField = "fullName" | "email" | "cellphoneNumber";

const LABELS: Record<ProfileField, string> = {
  fullName: "Full name",
  email: "Email",
  cellphoneNumber: "Cellphone number",
};

/**
 * Spec 2 §2: profile and caller ID. Each field saves by itself when it loses focus, and only
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
      await update.mutateAsync(change);
      toast({ title: "Profile Updated", description: `${LABELS[field]} saved.` });
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
      <CardContent className="grid gap-4 md:grid-cols-2" key={resetKey}>
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

function BlurField({
  label,
  saved,
  type = "text",
  hint,
  autoComplete,
  onCommit,
}: {
  label: string;
  saved: string;
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

  return (
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
