import { INDUSTRIES, industryLabel, type SignupPlan, SignupRequest } from "@common/auth";
import { formatDollars, SIGNUP_PLAN_DETAILS, SIGNUP_TRIAL_DAYS } from "@common/plans";
import { zodResolver } from "@hookform/resolvers/zod";
import { CheckIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { cn } from "../../lib/cn";
import { claimRememberedReferral, rememberedReferral, rememberReferralFrom } from "../../lib/referral";
import { toast, toastError } from "../../lib/toast";
import { useSignup } from "./api/signup";
import { AuthDialog } from "./components/auth-dialog";

type FormValues = SignupRequest;

export function SignupPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [referred, setReferred] = useState(false);
  useEffect(() => {
    rememberReferralFrom(search);
    setReferred(rememberedReferral() !== null);
  }, [search]);
  const signup = useSignup();
  const form = useForm<FormValues>({
    resolver: zodResolver(SignupRequest),
    defaultValues: {
      username: "",
      email: "",
      password: "",
      fullName: "",
      planType: "personal",
      businessInfo: {},
    },
  });
  const plan = form.watch("planType") ?? "personal";
  const errors = form.formState.errors;
  // Set when the server created nothing and will not say why (the email may already have an
  // account): the email typed, to offer signing in with it.
  const [notCompleted, setNotCompleted] = useState<{ message: string; email: string } | null>(null);
  const [signInOpen, setSignInOpen] = useState(false);

  const submit = form.handleSubmit(
    (values) => {
      const body = {
        ...values,
        businessInfo: values.planType === "business" ? values.businessInfo : undefined,
      };
      setNotCompleted(null);
      signup.mutate(body, {
        onSuccess: (answer) => {
          if (!("user" in answer)) {
            setNotCompleted({ message: answer.message, email: values.email });
            return;
          }
          toast({ title: "Account Created", description: "Your AI assistant is ready." });
          void claimRememberedReferral();
          navigate("/");
        },
        onError: (error) => toastError("Signup Failed", "Failed to create account", error),
      });
    },
    (invalid) => toastError("Signup Failed", firstMessage(invalid)),
  );

  return (
    <div className="mx-auto grid max-w-4xl gap-6 p-4 md:p-8">
      <div className="text-center">
        <h1 className="text-2xl font-bold md:text-3xl">Create your AI Platform account</h1>
        <p className="mt-1 text-muted-foreground">
          Choose a plan and try it free for {SIGNUP_TRIAL_DAYS} days, then tell us about you. Already have an
          account?{" "}
          <Link to="/" className="text-primary underline">
            Sign in
          </Link>
        </p>
      </div>

      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="sr-only">Plan</legend>
        {(Object.keys(SIGNUP_PLAN_DETAILS) as SignupPlan[]).map((id) => {
          const details = SIGNUP_PLAN_DETAILS[id];
          const selected = plan === id;
          return (
            <button
              key={id}
              type="button"
              aria-pressed={selected}
              onClick={() => form.setValue("planType", id, { shouldValidate: form.formState.isSubmitted })}
              className={cn(
                "rounded-lg border-2 bg-card p-5 text-left transition-colors",
                selected ? "border-primary ring-2 ring-primary/20" : "border-border hover:border-primary/50",
              )}
            >
              <div className="flex items-baseline justify-between">
                <span className="text-lg font-semibold">{details.name}</span>
                <span>
                  <span className="text-2xl font-bold">{formatDollars(details.priceCents)}</span>
                  <span className="text-sm text-muted-foreground">/month</span>
                </span>
              </div>
              <p className="mt-2 text-sm font-medium text-success" data-testid={`trial-${id}`}>
                {SIGNUP_TRIAL_DAYS}-day free trial, no card needed
              </p>
              <p className="text-xs text-muted-foreground">
                When it ends, the account moves to the Free plan unless you subscribe for{" "}
                {formatDollars(details.priceCents)} a month.
              </p>
              <ul className="mt-3 grid gap-1.5 text-sm">
                {details.features.map((feature) => (
                  <li key={feature} className="flex items-center gap-2">
                    <CheckIcon className="size-4 text-success" aria-hidden /> {feature}
                  </li>
                ))}
              </ul>
            </button>
          );
        })}
      </fieldset>

      {referred ? (
        <p role="note" className="rounded-md border border-primary/30 bg-primary/5 p-3 text-sm">
          You were invited with a referral link. When you first pay for a plan, you and the person who invited
          you each get a credit worth one month of it.
        </p>
      ) : null}

      <form onSubmit={submit} noValidate className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Account</CardTitle>
            <CardDescription>Your sign-in details.</CardDescription>
          </CardHeader>
          <CardContent className="grid items-start gap-4 md:grid-cols-2">
            <Field label="Username" error={errors.username?.message}>
              {(p) => <Input {...p} autoComplete="username" required {...form.register("username")} />}
            </Field>
            <Field label="Full Name" error={errors.fullName?.message}>
              {(p) => <Input {...p} autoComplete="name" {...form.register("fullName")} />}
            </Field>
            <Field label="Email" error={errors.email?.message}>
              {(p) => <Input {...p} type="email" autoComplete="email" required {...form.register("email")} />}
            </Field>
            <Field label="Password" error={errors.password?.message} hint="At least 8 characters">
              {(p) => (
                <Input
                  {...p}
                  type="password"
                  autoComplete="new-password"
                  required
                  {...form.register("password")}
                />
              )}
            </Field>
          </CardContent>
        </Card>

        {plan === "business" ? (
          <Card>
            <CardHeader>
              <CardTitle>Company information</CardTitle>
              <CardDescription>Your assistant uses this to answer for your business.</CardDescription>
            </CardHeader>
            <CardContent className="grid items-start gap-4 md:grid-cols-2">
              <Field label="Company name" error={errors.businessInfo?.companyName?.message}>
                {(p) => (
                  <Input
                    {...p}
                    required
                    autoComplete="organization"
                    {...form.register("businessInfo.companyName")}
                  />
                )}
              </Field>
              <Field label="Industry">
                {(p) => (
                  <NativeSelect {...p} {...form.register("businessInfo.industry")}>
                    <option value="">Choose an industry</option>
                    {INDUSTRIES.map((industry) => (
                      <option key={industry} value={industry}>
                        {industryLabel(industry)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Field label="Business description" className="md:col-span-2">
                {(p) => <Textarea {...p} rows={3} {...form.register("businessInfo.businessDescription")} />}
              </Field>
              <Field label="Why do people call you?">
                {(p) => (
                  <Input
                    {...p}
                    placeholder="Bookings, quotes, support..."
                    {...form.register("businessInfo.callPurpose")}
                  />
                )}
              </Field>
              <Field label="AI personality">
                {(p) => (
                  <Input
                    {...p}
                    placeholder="Warm and efficient"
                    {...form.register("businessInfo.aiPersonality")}
                  />
                )}
              </Field>
              <Field label="Greeting message">
                {(p) => (
                  <Input
                    {...p}
                    placeholder="Thanks for calling Acme, how can I help?"
                    {...form.register("businessInfo.greetingMessage")}
                  />
                )}
              </Field>
              <Field label="Business hours">
                {(p) => (
                  <Input
                    {...p}
                    placeholder="Mon-Fri 9:00-17:00"
                    {...form.register("businessInfo.businessHours")}
                  />
                )}
              </Field>
            </CardContent>
          </Card>
        ) : null}

        {notCompleted ? (
          <div
            role="status"
            className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4 text-sm"
          >
            <p className="font-medium">No account was created</p>
            <p>{notCompleted.message}</p>
            <div className="flex flex-wrap gap-2">
              <Button type="button" onClick={() => setSignInOpen(true)}>
                Sign in instead
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setNotCompleted(null);
                  form.setFocus("email");
                }}
              >
                Try a different email
              </Button>
            </div>
          </div>
        ) : null}

        <Button type="submit" size="lg" disabled={signup.isPending} className="justify-self-center px-10">
          {signup.isPending ? "Creating account..." : `Create ${SIGNUP_PLAN_DETAILS[plan].name} account`}
        </Button>
      </form>
      <AuthDialog
        open={signInOpen}
        onOpenChange={setSignInOpen}
        initialTab="signin"
        initialLogin={notCompleted?.email ?? ""}
      />
    </div>
  );
}

/** The message of the first invalid field, in form order. */
function firstMessage(errors: FieldErrors<FormValues>): string {
  return (
    errors.username?.message ??
    errors.email?.message ??
    errors.password?.message ??
    errors.fullName?.message ??
    errors.businessInfo?.companyName?.message ??
    "Please check the form"
  );
}
