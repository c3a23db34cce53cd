import { Crown } from "lucide-react";
import { Link } from "react-router";
import { ApiError } from "../lib/api";
import { serverMessage } from "../lib/toast";
import { PaymentsUnavailable } from "./payments-unavailable";
import { Button } from "./ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "./ui/card";

/** The server refused because the account's plan lacks the feature (402, or 403 with a plan message). */
export function isPlanRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 402 || (error.status === 403 && /plan/i.test(error.bodyText)))
  );
}

/**
 * /business-plan: the page a plan without the feature sees, with an upgrade button to
 * /subscription. Also used in place of any gated section, with the server's message.
 */
export function UpgradeRequired({
  title,
  description,
  error,
  headingLevel = 2,
  paymentsUnavailable,
}: {
  title: string;
  description: string;
  /** The server's refusal, whose message names the plans that include the feature. */
  error?: unknown;
  headingLevel?: 1 | 2 | 3;
  /** Why no plan can be bought on this server: said in place of the upgrade button. */
  paymentsUnavailable?: string | null;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Card className="border-amber-300 bg-amber-50/60" role="region" aria-label={title}>
      <CardHeader className="items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <Crown className="size-6" aria-hidden />
        </span>
        <Heading className="text-lg font-semibold leading-none tracking-tight">{title}</Heading>
        <CardDescription className="max-w-prose text-slate-700">{description}</CardDescription>
        {error ? (
          <p className="max-w-prose text-sm text-slate-700" data-testid="plan-refusal">
            {serverMessage(error)}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="flex justify-center">
        {paymentsUnavailable ? (
          <PaymentsUnavailable message={paymentsUnavailable} className="max-w-prose" />
        ) : (
          <Button asChild>
            <Link to="/subscription">
              <Crown aria-hidden />
              Upgrade Plan
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
