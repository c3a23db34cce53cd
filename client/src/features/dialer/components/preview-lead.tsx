import type { Lead } from "@common/dialer";
import { Eye, Phone } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useDialLead } from "../api/dial-lead";
import { leadName, toastFailure, toastSuccess } from "../labels";
import { LeadDetails } from "./lead-details";
import { PastCalls } from "./past-calls";

/** Preview mode: the next lead, shown before the dialer calls it; the agent clicks to dial. */
export function PreviewLeadPanel({ lead, timeZone }: { lead: Lead; timeZone: string }) {
  const dial = useDialLead();
  return (
    <Card role="region" aria-labelledby="preview-lead-title">
      <CardHeader>
        <CardTitle id="preview-lead-title" className="flex items-center gap-2 wrap-anywhere">
          <Eye className="size-5 text-primary" aria-hidden /> Next lead: {leadName(lead)}
        </CardTitle>
        <CardDescription>Read the lead, then dial when you are ready.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <LeadDetails lead={lead} timeZone={timeZone} />
        <PastCalls leadId={lead.id} timeZone={timeZone} headingLevel={3} />
        <Button
          onClick={() =>
            // mutateAsync: this panel gives way to the call's as soon as the console refreshes.
            dial.mutateAsync(lead.id).then(
              () => toastSuccess(`Dialing ${leadName(lead)}`),
              (error: unknown) => toastFailure("Failed to dial the lead", error),
            )
          }
          disabled={dial.isPending}
        >
          <Phone aria-hidden /> {dial.isPending ? "Dialing..." : `Dial ${lead.phoneNumber}`}
        </Button>
      </CardContent>
    </Card>
  );
}
