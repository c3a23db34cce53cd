import { formatDollars } from "@common/plans";
import { Copy, Gift } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { useUser } from "../../lib/auth/use-user";
import { toast } from "../../lib/toast";
import { useReferrals } from "./api/get-referrals";

const day = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone }).format(new Date(iso));

/**
 * Settings → Referrals: the workspace's link to share, who signed up through it, and the credits
 * earned (on the next Stripe invoice, or recorded when there is no card subscription).
 */
export function ReferralsSection() {
  const { user } = useUser();
  const timeZone = user?.timezone ?? "UTC";
  const referrals = useReferrals();
  const data = referrals.data;

  const copy = async () => {
    if (!data) return;
    try {
      await navigator.clipboard.writeText(data.link);
      toast({ title: "Link Copied", description: "Share it with someone who could use an AI assistant." });
    } catch {
      toast({ title: "Copy the link by hand", description: data.link });
    }
  };

  return (
    <Card id="referrals">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gift className="size-5 text-primary" aria-hidden /> Referrals
        </CardTitle>
        <CardDescription>{data?.rewardText ?? "Invite others and earn credit."}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {referrals.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading your referral link...
          </p>
        ) : referrals.isError || !data ? (
          <p role="alert" className="text-sm text-destructive">
            Your referral link could not be loaded. Please try again.
          </p>
        ) : (
          <>
            <div className="grid gap-1.5">
              <label htmlFor="referral-link" className="text-sm font-medium">
                Your referral link
              </label>
              <div className="flex flex-wrap gap-2">
                <Input id="referral-link" readOnly value={data.link} className="min-w-0 flex-1" />
                <Button type="button" variant="outline" onClick={() => void copy()}>
                  <Copy aria-hidden /> Copy link
                </Button>
              </div>
            </div>
            <p className="text-sm" data-testid="referral-credit">
              Credit earned: <span className="font-semibold">{formatDollars(data.totalCreditCents)}</span>
            </p>
            <section aria-labelledby="referral-signups" className="grid gap-2">
              <h3 id="referral-signups" className="text-sm font-semibold">
                Sign-ups through your link
              </h3>
              {data.signups.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nobody has signed up through your link yet.</p>
              ) : (
                <ul aria-label="Sign-ups through your link" className="grid gap-1.5 text-sm">
                  {data.signups.map((signup) => (
                    <li
                      key={signup.id}
                      className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2"
                    >
                      <span className="font-medium">{signup.email}</span>
                      <span className="text-muted-foreground">
                        signed up {day(signup.signedUpAt, timeZone)}
                      </span>
                      {signup.status === "rewarded" ? (
                        <Badge variant="success">
                          Rewarded {signup.rewardCents !== null ? formatDollars(signup.rewardCents) : ""}
                        </Badge>
                      ) : (
                        <Badge variant="secondary">Waiting for their first payment</Badge>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {data.rewards.length > 0 ? (
              <section aria-labelledby="referral-rewards" className="grid gap-2">
                <h3 id="referral-rewards" className="text-sm font-semibold">
                  Your credits
                </h3>
                <ul aria-label="Your credits" className="grid gap-1.5 text-sm">
                  {data.rewards.map((reward) => (
                    <li key={reward.id} className="rounded-md border px-3 py-2">
                      <span className="font-medium">{formatDollars(reward.amountCents)}</span>{" "}
                      {reward.reason === "you_referred"
                        ? "for a workspace you referred"
                        : "for joining through a referral"}
                      ,{" "}
                      {reward.provider === "stripe"
                        ? "taken off your next invoice"
                        : "recorded for your account (no card subscription to take it off)"}{" "}
                      <span className="text-muted-foreground">({day(reward.createdAt, timeZone)})</span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
