import { type Contact, NO_PHONE_NUMBER } from "@common/contacts";
import { Building2, Eye, Globe, Mail, MapPin, Pencil, Phone, PhoneOff } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { STATUS_LABELS, STATUS_STYLES, sourceLabel } from "../labels";

/** What a lead search left on the contact (serpApiData's searchLocation and searchKeyword). */
function searchFacts(data: Contact["serpApiData"]): string | null {
  if (!data) return null;
  const keyword = typeof data.searchKeyword === "string" ? data.searchKeyword : null;
  const location = typeof data.searchLocation === "string" ? data.searchLocation : null;
  if (!keyword && !location) return null;
  return [keyword, location].filter(Boolean).join(" in ");
}

/** "Contact (lead side)" as a card; Call and the preview only with a phone number. */
export function LeadCard({
  lead,
  timeZone,
  calling,
  onEdit,
  onPreview,
  onCall,
}: {
  lead: Contact;
  timeZone: string;
  calling: boolean;
  onEdit: () => void;
  onPreview: () => void;
  onCall: () => void;
}) {
  const found = searchFacts(lead.serpApiData);
  const website = lead.website?.trim();
  const href = website ? (/^https?:\/\//i.test(website) ? website : `https://${website}`) : null;
  return (
    <Card className="flex w-full min-w-0 flex-col">
      <CardHeader className="gap-2 pb-3">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="font-semibold leading-tight wrap-anywhere">{lead.name}</h2>
            {lead.company ? (
              <p className="flex items-center gap-1 text-sm text-muted-foreground">
                <Building2 className="size-3.5 shrink-0" aria-hidden />
                <span className="min-w-0 wrap-anywhere">{lead.company}</span>
              </p>
            ) : null}
          </div>
          <Badge className={cn("shrink-0", STATUS_STYLES[lead.contactStatus])} data-testid="lead-status">
            {STATUS_LABELS[lead.contactStatus]}
          </Badge>
        </div>
        <div className="flex flex-wrap gap-1.5 text-xs">
          <Badge variant="outline">Score {lead.leadScore}</Badge>
          <Badge variant="outline">{sourceLabel(lead.leadSource)}</Badge>
          {lead.doNotCall ? <Badge variant="warning">Do not call</Badge> : null}
        </div>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-1.5 text-sm">
        {lead.phoneNumber ? (
          <p className="flex items-center gap-2">
            <Phone className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 wrap-anywhere">{lead.phoneNumber}</span>
          </p>
        ) : null}
        {lead.email ? (
          <p className="flex items-center gap-2">
            <Mail className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 wrap-anywhere">{lead.email}</span>
          </p>
        ) : null}
        {lead.address ? (
          <p className="flex items-center gap-2">
            <MapPin className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 wrap-anywhere">{lead.address}</span>
          </p>
        ) : null}
        {href ? (
          <p className="flex items-center gap-2">
            <Globe className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="min-w-0 text-primary underline-offset-4 wrap-anywhere hover:underline"
            >
              {website}
            </a>
          </p>
        ) : null}
        {lead.industry || lead.businessType ? (
          <p className="text-muted-foreground wrap-anywhere">
            {[lead.industry, lead.businessType].filter(Boolean).join(" · ")}
          </p>
        ) : null}
        {found ? <p className="text-muted-foreground wrap-anywhere">Found searching {found}</p> : null}
        <p className="text-muted-foreground" data-testid="lead-calls">
          {lead.callCount === 0
            ? "Not called yet"
            : `${lead.callCount} ${lead.callCount === 1 ? "call" : "calls"}${lead.lastCalled ? `, last ${formatDateTime(lead.lastCalled, timeZone)}` : ""}`}
        </p>
        {lead.notes ? <p className="line-clamp-3 text-muted-foreground wrap-anywhere">{lead.notes}</p> : null}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${lead.name}`}>
          <Pencil aria-hidden />
          Edit
        </Button>
        {lead.phoneNumber ? (
          <>
            <Button
              variant="outline"
              size="sm"
              onClick={onPreview}
              aria-label={`Preview a call to ${lead.name}`}
            >
              <Eye aria-hidden />
              Preview
            </Button>
            <Button
              size="sm"
              onClick={onCall}
              disabled={calling}
              aria-label={calling ? `Calling ${lead.name}...` : `Call ${lead.name}`}
            >
              <Phone aria-hidden />
              {calling ? "Calling..." : "Call"}
            </Button>
          </>
        ) : (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <PhoneOff className="size-4" aria-hidden />
            {NO_PHONE_NUMBER}
          </p>
        )}
      </CardFooter>
    </Card>
  );
}
