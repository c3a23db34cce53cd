import { LoginRequest } from "@common/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { toastError } from "../../../lib/toast";
import { useLogin } from "../api/login";

export function SignInForm({
  onDone,
  onLeave,
  defaultLogin = "",
}: {
  onDone?: () => void;
  /** Called when the person follows a link away from the form (a dialog closes). */
  onLeave?: () => void;
  defaultLogin?: string;
}) {
  const login = useLogin();
  const form = useForm<LoginRequest>({
    resolver: zodResolver(LoginRequest),
    defaultValues: { login: defaultLogin, password: "" },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => onDone?.(),
      onError: (error) => toastError("Sign In Failed", "Could not sign in. Please try again.", error),
    }),
  );

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field label="Email or username" error={errors.login?.message}>
        {(p) => <Input {...p} autoComplete="username" required {...form.register("login")} />}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(p) => (
          <Input
            {...p}
            type="password"
            autoComplete="current-password"
            required
            {...form.register("password")}
          />
        )}
      </Field>
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? "Signing in..." : "Sign In"}
      </Button>
      <Link
        to="/forgot-password"
        className="text-center text-sm text-primary underline"
        onClick={() => onLeave?.()}
      >
        Forgot your password?
      </Link>
    </form>
  );
}
