import { type Campaign, DISPOSITIONS, LEAD_STATUSES, type LeadStatus } from "@common/dialer";
import { ChevronLeft, ChevronRight, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { NativeSelect } from "../../../components/ui/native-select";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { LEADS_PER_PAGE, useCampaignLeads } from "../api/get-campaign-leads";
import { LEAD_STATUS_LABELS, leadName, plural } from "../labels";

/** A campaign's leads, filtered by status and paged by the server, with where each one stands. */
export function CampaignLeads({ campaign, timeZone }: { campaign: Campaign; timeZone: string }) {
  const [status, setStatus] = useState<LeadStatus | undefined>();
  const [page, setPage] = useState(1);
  const leads = useCampaignLeads(campaign.id, status, page, campaign.status === "active");
  const total = leads.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEADS_PER_PAGE));

  return (
    <Card role="region" aria-labelledby="campaign-leads-title" className="min-w-0">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid min-w-0 gap-1.5">
            <CardTitle id="campaign-leads-title" className="wrap-anywhere">
              Leads of {campaign.name}
            </CardTitle>
            <CardDescription>
              {leads.data
                ? `${plural(total, "lead")}${status ? ` ${LEAD_STATUS_LABELS[status].toLowerCase()}` : ""}`
                : " "}
            </CardDescription>
          </div>
          <Field label="Status" className="w-48">
            {(props) => (
              <NativeSelect
                {...props}
                value={status ?? ""}
                onChange={(event) => {
                  setStatus((event.target.value || undefined) as LeadStatus | undefined);
                  setPage(1);
                }}
              >
                <option value="">All leads</option>
                {LEAD_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {LEAD_STATUS_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </div>
      </CardHeader>
      <CardContent>
        {leads.isPending ? (
          <p className="text-sm text-muted-foreground">Loading leads...</p>
        ) : leads.isError && !leads.data ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>The leads could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => leads.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </div>
        ) : leads.data.leads.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            {status
              ? "No leads with this status."
              : "No leads yet: use Add Leads to paste some or import contacts."}
          </p>
        ) : (
          <>
            <ul
              aria-label="Campaign leads"
              className={cn("grid divide-y", leads.isPlaceholderData && "opacity-60 transition-opacity")}
            >
              {leads.data.leads.map((lead) => (
                <li
                  key={lead.id}
                  aria-label={leadName(lead)}
                  className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1 py-2.5"
                >
                  <div className="grid min-w-0 gap-0.5">
                    <p className="font-medium wrap-anywhere">{leadName(lead)}</p>
                    <p className="text-xs text-muted-foreground wrap-anywhere">
                      {lead.phoneNumber}
                      {lead.company && leadName(lead) !== lead.company ? ` · ${lead.company}` : ""}
                      {lead.email ? ` · ${lead.email}` : ""}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {plural(lead.attempts, "attempt")}
                      {lead.lastCallDate ? ` · last ${formatDateTime(lead.lastCallDate, timeZone)}` : ""}
                      {lead.disposition ? ` · ${DISPOSITIONS[lead.disposition].label}` : ""}
                      {lead.scheduledCallback
                        ? ` · call back ${formatDateTime(lead.scheduledCallback.at, timeZone)}${lead.scheduledCallback.agentOnly && lead.scheduledCallback.agentName ? ` (${lead.scheduledCallback.agentName})` : ""}`
                        : ""}
                    </p>
                  </div>
                  <Badge variant={lead.status === "do_not_call" ? "destructive" : "secondary"}>
                    {LEAD_STATUS_LABELS[lead.status]}
                  </Badge>
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <nav
                aria-label="Lead pages"
                className="flex items-center justify-between gap-2 border-t pt-3 text-sm"
              >
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setPage((current) => current - 1)}
                  disabled={page <= 1 || leads.isFetching}
                >
                  <ChevronLeft aria-hidden /> Previous
                </Button>
                <span aria-live="polite">
                  Page {page} of {pages}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setPage((current) => current + 1)}
                  disabled={page >= pages || leads.isFetching}
                >
                  Next <ChevronRight aria-hidden />
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
