import {
  CAMPAIGN_FAILED,
  CAMPAIGN_TYPE_LABELS,
  ENTERPRISE_CAMPAIGN_TYPES,
  type EnterpriseCallStats,
  type EnterpriseCampaignType,
  NO_CONTACTS_CHOSEN,
  type StartCampaignResponse,
} from "@common/enterprise";
import { Megaphone } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { formatDuration } from "../../../lib/format";
import { serverMessage, toast } from "../../../lib/toast";
import { useCallableContacts } from "../api/get-contacts";
import { useStartCampaign } from "../api/start-campaign";
import { StatCard } from "./stat-card";

/**
 * Campaigns: start a cold_outreach or follow_up campaign for chosen contacts. It becomes
 * an Autodialer campaign (the dialer's service) with the contacts as its leads, started at once.
 * Above it, the figures over the workspace's campaigns from GET /api/enterprise/call-stats.
 */
export function CampaignsTab({ stats, manage }: { stats: EnterpriseCallStats | undefined; manage: boolean }) {
  const [campaignType, setCampaignType] = useState<EnterpriseCampaignType>("cold_outreach");
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | undefined>();
  const [started, setStarted] = useState<StartCampaignResponse | null>(null);
  const contacts = useCallableContacts(search);
  const start = useStartCampaign();
  const shown = contacts.data?.contacts ?? [];
  const allShownChosen = shown.length > 0 && shown.every((contact) => chosen.has(contact.id));

  const toggle = (id: string, on: boolean) => {
    setError(undefined);
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  const toggleShown = () => {
    setError(undefined);
    setChosen((current) => {
      const next = new Set(current);
      for (const contact of shown) {
        if (allShownChosen) next.delete(contact.id);
        else next.add(contact.id);
      }
      return next;
    });
  };

  const submit = () => {
    if (chosen.size === 0) {
      setError(NO_CONTACTS_CHOSEN);
      return;
    }
    start.mutate(
      { campaignType, contactIds: [...chosen] },
      {
        onSuccess: (answer) => {
          setStarted(answer);
          setChosen(new Set());
          toast({
            title: "Campaign Started",
            description: `${answer.name}: ${answer.leadsAdded} lead${answer.leadsAdded === 1 ? "" : "s"} to call.`,
          });
        },
        onError: (failure) =>
          toast({
            title: "Campaign Failed",
            description: serverMessage(failure) ?? CAMPAIGN_FAILED,
            variant: "destructive",
          }),
      },
    );
  };

  const figures = stats?.campaign;
  return (
    <div className="grid grid-cols-1 gap-4">
      {figures ? (
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-3">
          <StatCard label="Total Leads" value={String(figures.totalLeads)} />
          <StatCard
            label="Contacted Leads"
            value={String(figures.contactedLeads)}
            hint="Dialled at least once"
          />
          <StatCard label="Qualified Leads" value={String(figures.qualifiedLeads)} hint="A person answered" />
          <StatCard label="Interested Leads" value={String(figures.interestedLeads)} />
          <StatCard
            label="Conversion Rate"
            value={`${figures.conversionRate}%`}
            hint="Sales over leads contacted"
          />
          <StatCard
            label="Average Call Duration"
            value={formatDuration(figures.averageCallDuration)}
            hint="Calls of the last 30 days"
          />
        </div>
      ) : null}
      <Card>
        <CardHeader>
          <h2 className="flex items-center gap-2 font-semibold">
            <Megaphone className="size-5" aria-hidden /> Start a campaign
          </h2>
          <CardDescription>
            The chosen contacts become the leads of a new Autodialer campaign, which starts dialling at once
            (within each lead's calling hours). Follow it on the{" "}
            <Link to="/autodialer" className="underline">
              Autodialer
            </Link>
            .
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {started ? (
            <p
              role="status"
              className="rounded-md border border-green-700/30 bg-green-50 p-3 text-sm text-green-900"
            >
              {started.name} is {started.status} with {started.leadsAdded} lead
              {started.leadsAdded === 1 ? "" : "s"}
              {started.skipped.length
                ? `; ${started.skipped.length} contact${started.skipped.length === 1 ? " was" : "s were"} left out (${started.skipped[0]?.reason})`
                : ""}
              .
            </p>
          ) : null}
          {manage ? null : (
            <p className="text-sm text-muted-foreground">Only admins and the owner can start campaigns.</p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Campaign type">
              {(props) => (
                <NativeSelect
                  {...props}
                  value={campaignType}
                  onChange={(event) => setCampaignType(event.target.value as EnterpriseCampaignType)}
                >
                  {ENTERPRISE_CAMPAIGN_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {CAMPAIGN_TYPE_LABELS[type]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Search contacts" hint="Contacts with a phone number, not on the do-not-call list.">
              {(props) => (
                <Input
                  {...props}
                  type="search"
                  placeholder="Name, phone, email or company"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              )}
            </Field>
          </div>
          <div className="grid gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                {chosen.size} chosen
                {contacts.data
                  ? ` · ${contacts.data.total} matching contact${contacts.data.total === 1 ? "" : "s"}`
                  : ""}
              </span>
              <Button size="sm" variant="outline" onClick={toggleShown} disabled={shown.length === 0}>
                {allShownChosen ? "Clear the shown" : "Choose all shown"}
              </Button>
            </div>
            {contacts.isError ? (
              <p role="alert" className="text-sm text-destructive">
                The contacts could not be loaded. Press Refresh to try again.
              </p>
            ) : shown.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {contacts.isLoading
                  ? "Loading contacts..."
                  : "No contacts to call. Add some on the Contact Manager."}
              </p>
            ) : (
              <ul className="grid max-h-72 gap-1 overflow-y-auto rounded-md border p-2" aria-label="Contacts">
                {shown.map((contact) => (
                  <li
                    key={contact.id}
                    className="flex items-center gap-3 rounded px-2 py-1.5 text-sm hover:bg-muted"
                  >
                    <Checkbox
                      id={`campaign-contact-${contact.id}`}
                      checked={chosen.has(contact.id)}
                      onCheckedChange={(on) => toggle(contact.id, on === true)}
                    />
                    <label
                      htmlFor={`campaign-contact-${contact.id}`}
                      className="flex min-w-0 flex-1 cursor-pointer items-center gap-3"
                    >
                      <span className="min-w-0 flex-1 wrap-anywhere">
                        {contact.name}
                        {contact.company ? (
                          <span className="text-muted-foreground"> · {contact.company}</span>
                        ) : null}
                      </span>
                      <span className="font-mono text-xs">{contact.phoneNumber}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <div>
            <Button onClick={submit} disabled={!manage || start.isPending}>
              {start.isPending ? "Starting..." : `Start Campaign${chosen.size ? ` (${chosen.size})` : ""}`}
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
