import { PasswordChange } from "@common/user";
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { ApiError } from "../../../lib/api";
import { serverMessage, toast, toastError } from "../../../lib/toast";
import { useChangePassword } from "../api/change-password";

const MISMATCH = "The new passwords do not match";

/** The server's rules (common/user.ts) plus typing the new password twice, which only the form needs. */
const PasswordForm = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((value, ctx) => {
    const checked = PasswordChange.safeParse({
      currentPassword: value.currentPassword,
      newPassword: value.newPassword,
    });
    for (const issue of checked.error?.issues ?? []) {
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
    if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MISMATCH });
    }
  });
type PasswordFormValues = z.infer<typeof PasswordForm>;

const EMPTY: PasswordFormValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * Settings → Profile: change the password. The current one is asked first; on success every other
 * browser and device is signed out and this one stays, which the confirmation says.
 */
export function ChangePasswordForm({ username }: { username: string }) {
  const change = useChangePassword();
  const form = useForm<PasswordFormValues>({ resolver: zodResolver(PasswordForm), defaultValues: EMPTY });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const { otherSessionsEnded } = await change.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY);
      toast({
        title: "Password Changed",
        description:
          otherSessionsEnded > 0
            ? `You were signed out on ${otherSessionsEnded} other ${otherSessionsEnded === 1 ? "device" : "devices"}; you stay signed in here.`
            : "You stay signed in here.",
      });
    } catch (error) {
      const message = serverMessage(error);
      if (error instanceof ApiError && error.status === 403 && message) {
        form.setError("currentPassword", { message }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 429 && message) {
        form.setError("root", { message });
      } else {
        toastError("Error", "Could not change your password. Please try again.", error);
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 border-t pt-4">
      <div>
        <h3 className="flex items-center gap-2 font-medium">
          <KeyRound className="size-4" aria-hidden />
          Password
        </h3>
        <p className="text-sm text-muted-foreground">
          Changing it signs you out on your other devices; this one stays signed in.
        </p>
      </div>
      {/* Password managers file the new password under this account. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <div className="grid items-start gap-4 md:grid-cols-3">
        <Field label="Current password" error={errors.currentPassword?.message}>
          {(p) => (
            <Input
              {...p}
              type="password"
              autoComplete="current-password"
              {...form.register("currentPassword")}
            />
          )}
        </Field>
        <Field label="New password" error={errors.newPassword?.message} hint="At least 8 characters">
          {(p) => (
            <Input {...p} type="password" autoComplete="new-password" {...form.register("newPassword")} />
          )}
        </Field>
        <Field label="Confirm new password" error={errors.confirmPassword?.message}>
          {(p) => (
            <Input {...p} type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
          )}
        </Field>
      </div>
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.message}
        </p>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={change.isPending}>
        {change.isPending ? "Changing..." : "Change Password"}
      </Button>
    </form>
  );
}
