import {
  DATA_DELETION_WARNING_DAYS,
  DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION,
  RECORDING_RETENTION_DAYS,
} from "@common/retention";
import { TERMS_VERSION } from "@common/user";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { toastError } from "../../../lib/toast";
import { useAcceptTerms } from "../api/accept-terms";

const CONSENTS = [
  { id: "tos", label: "I have read the Terms of Service" },
  { id: "privacy", label: "I have read the Privacy Policy" },
  {
    id: "consent",
    label: "I agree to be bound by these terms and consent to the processing of my data as described",
  },
] as const;

/** Shown until the signed-in user has accepted the terms; it cannot be dismissed otherwise. */
export function TermsModal() {
  const accept = useAcceptTerms();
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [declined, setDeclined] = useState(false);
  const allTicked = CONSENTS.every((c) => ticked[c.id]);

  return (
    <Dialog open>
      <DialogContent
        hideClose
        className="max-w-2xl"
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>Terms and Conditions</DialogTitle>
          <DialogDescription>
            Version {TERMS_VERSION} · Last updated January 2025. Please read and accept to continue.
          </DialogDescription>
        </DialogHeader>

        <section
          aria-label="Terms text"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable terms must be reachable by keyboard
          tabIndex={0}
          className="max-h-64 space-y-3 overflow-y-auto rounded-md border bg-muted/50 p-4 text-sm"
        >
          <h3 className="font-semibold">1. Who may use AI Platform</h3>
          <p>You must be at least 18 years old to create an account and use the service.</p>
          <h3 className="font-semibold">2. Calls, recordings and transcripts</h3>
          <p>
            The assistant answers, screens and records calls on your behalf. Call recordings and voicemail
            audio are kept for {RECORDING_RETENTION_DAYS} days and then deleted; transcripts stay with your
            call history. You are responsible for telling callers that calls may be recorded where the law
            requires it.
          </p>
          <h3 className="font-semibold">3. Your data</h3>
          <p>
            We keep your account information and your workspace's data for as long as your subscription lasts
            plus {DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION} days, then delete it; the workspace's owner is told
            by email {DATA_DELETION_WARNING_DAYS} days before. We process your data only to provide the
            service.
          </p>
          <h3 className="font-semibold">4. Services we rely on</h3>
          <p>
            To provide the service we use third-party providers: a telephony provider, an AI language
            provider, a voice provider and a maps service.
          </p>
          <h3 className="font-semibold">5. Billing and cancellation</h3>
          <p>
            Plans are billed monthly or annually through a card payment provider. You may cancel at any time;
            cancellation takes effect at the end of the current billing period and partial months are not
            refunded.
          </p>
          <h3 className="font-semibold">6. Changes to these terms</h3>
          <p>We will give you 30 days' notice before changes to these terms take effect.</p>
        </section>

        <div className="grid gap-3">
          {CONSENTS.map((consent) => (
            <div key={consent.id} className="flex items-start gap-3">
              <Checkbox
                id={`terms-${consent.id}`}
                checked={Boolean(ticked[consent.id])}
                onCheckedChange={(value) =>
                  setTicked((current) => ({ ...current, [consent.id]: value === true }))
                }
              />
              <Label htmlFor={`terms-${consent.id}`} className="font-normal leading-snug">
                {consent.label}
              </Label>
            </div>
          ))}
        </div>

        {declined ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-red-50 p-3 text-sm text-destructive"
          >
            You must accept the Terms and Conditions to use AI Platform.
          </p>
        ) : null}

        <DialogFooter>
          <Button variant="outline" onClick={() => setDeclined(true)}>
            Decline
          </Button>
          <Button
            disabled={!allTicked || accept.isPending}
            onClick={() =>
              accept.mutate(TERMS_VERSION, {
                onError: (error) =>
                  toastError("Error", "Could not record your acceptance. Please try again.", error),
              })
            }
          >
            Accept and Continue
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
