import type { AgentConsole } from "@common/dialer";
import { CalendarClock } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatDateTime } from "../../../lib/format";
import { leadName } from "../labels";

/** Callbacks due to this agent (their own and anyone's), soonest first; the dialer places them when due. */
export function CallbacksList({
  callbacks,
  timeZone,
}: {
  callbacks: AgentConsole["callbacks"];
  timeZone: string;
}) {
  return (
    <Card role="region" aria-labelledby="callbacks-title" className="min-w-0">
      <CardHeader>
        <CardTitle id="callbacks-title" className="flex items-center gap-2">
          <CalendarClock className="size-5 text-primary" aria-hidden /> Callbacks
        </CardTitle>
        <CardDescription>The dialer calls these back when they are due.</CardDescription>
      </CardHeader>
      <CardContent>
        {callbacks.length === 0 ? (
          <p className="text-sm text-muted-foreground">No callbacks scheduled.</p>
        ) : (
          <ul className="grid divide-y" aria-label="Scheduled callbacks">
            {callbacks.map(({ callback, lead, campaignName }) => (
              <li
                key={callback.id}
                aria-label={leadName(lead)}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 py-2"
              >
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere">{leadName(lead)}</p>
                  <p className="text-xs text-muted-foreground wrap-anywhere">
                    {formatDateTime(callback.at, timeZone)} · {lead.phoneNumber} · {campaignName}
                  </p>
                  {lead.notes ? <p className="text-xs wrap-anywhere">{lead.notes}</p> : null}
                </div>
                <Badge variant={callback.agentOnly ? "default" : "secondary"}>
                  {callback.agentOnly ? "Only you" : "Any agent"}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
