import { type Campaign, INVALID_PHONE } from "@common/dialer";
import { RefreshCw, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { serverMessage } from "../../../lib/toast";
import {
  useAddCampaignDoNotCall,
  useCampaignDoNotCall,
  useRemoveCampaignDoNotCall,
} from "../api/campaign-do-not-call";
import { plural, toastFailure, toastSuccess } from "../labels";

/**
 * The numbers one campaign never dials (the dial-time gate asks this list besides the workspace's
 * do-not-call list): everyone who works the campaign reads it, admins add and remove numbers.
 */
export function CampaignDoNotCall({ campaign, canManage }: { campaign: Campaign; canManage: boolean }) {
  const entries = useCampaignDoNotCall(campaign.id);
  const add = useAddCampaignDoNotCall(campaign.id);
  const remove = useRemoveCampaignDoNotCall(campaign.id);
  const [phoneNumber, setPhoneNumber] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!phoneNumber.trim()) {
      setError(INVALID_PHONE);
      return;
    }
    add.mutate(
      { phoneNumber },
      {
        onSuccess: (entry) => {
          setPhoneNumber("");
          setError(undefined);
          toastSuccess(`${entry.phoneNumber} will not be dialled by ${campaign.name}`);
        },
        onError: (failure) => setError(serverMessage(failure) ?? "The number could not be added"),
      },
    );
  };

  return (
    <Card role="region" aria-labelledby="campaign-dnc-title" className="min-w-0">
      <CardHeader className="gap-1.5">
        <CardTitle id="campaign-dnc-title" className="wrap-anywhere">
          Do not call: {campaign.name}
        </CardTitle>
        <CardDescription>
          Numbers this campaign never dials, besides the workspace&apos;s do-not-call list.
          {entries.data ? ` ${plural(entries.data.length, "number")}.` : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canManage ? (
          <form onSubmit={submit} className="flex flex-wrap items-start gap-2" noValidate>
            <Field label="Phone number" error={error} className="min-w-0 flex-1 basis-56">
              {(props) => (
                <Input
                  {...props}
                  type="tel"
                  autoComplete="off"
                  value={phoneNumber}
                  maxLength={40}
                  onChange={(event) => setPhoneNumber(event.target.value)}
                  placeholder="+1 (555) 123-4567"
                />
              )}
            </Field>
            <Button type="submit" className="mt-6" disabled={add.isPending}>
              {add.isPending ? "Adding..." : "Add Number"}
            </Button>
          </form>
        ) : null}
        {entries.isPending ? (
          <p className="text-sm text-muted-foreground">Loading the list...</p>
        ) : entries.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>The do-not-call list could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => entries.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </div>
        ) : entries.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No numbers: every lead may be dialled.</p>
        ) : (
          <ul aria-label="Campaign do-not-call numbers" className="grid max-h-72 divide-y overflow-y-auto">
            {entries.data.map((entry) => (
              <li key={entry.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="wrap-anywhere">{entry.phoneNumber}</span>
                {canManage ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${entry.phoneNumber}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(entry.id, {
                        onSuccess: () => toastSuccess(`${entry.phoneNumber} may be dialled again`),
                        onError: (failure) => toastFailure("The number could not be removed", failure),
                      })
                    }
                  >
                    <Trash2 aria-hidden /> Remove
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
