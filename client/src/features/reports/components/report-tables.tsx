import { AGENT_KIND_LABELS, type AgentReportRow, type CampaignReportRow } from "@common/reports";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatCount, formatRate, formatSeconds } from "../report-format";

const TH = "whitespace-nowrap px-3 py-2 text-right font-medium text-muted-foreground";
const TH_FIRST = "whitespace-nowrap px-3 py-2 text-left font-medium text-muted-foreground";
const TD = "whitespace-nowrap px-3 py-2 text-right tabular-nums";

/** A wide table scrolls inside its card, never the page (the 390 px layout). */
function Scroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
    <section className="overflow-x-auto" aria-label={`${label}, scrollable`} tabIndex={0}>
      {children}
    </section>
  );
}

export function CampaignTable({ rows }: { rows: CampaignReportRow[] }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>By campaign</CardTitle>
        <CardDescription>
          Each autodialer campaign's calls, and the calls outside campaigns (calls in, a contact's Dial)
        </CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No calls in this range.</p>
        ) : (
          <Scroll label="Figures by campaign">
            <table className="w-full text-sm">
              <thead className="border-b">
                <tr>
                  <th scope="col" className={TH_FIRST}>
                    Campaign
                  </th>
                  <th scope="col" className={TH}>
                    Calls
                  </th>
                  <th scope="col" className={TH}>
                    Contact rate
                  </th>
                  <th scope="col" className={TH}>
                    Connects
                  </th>
                  <th scope="col" className={TH}>
                    Conversions
                  </th>
                  <th scope="col" className={TH}>
                    Avg talk
                  </th>
                  <th scope="col" className={TH}>
                    Avg wait
                  </th>
                  <th scope="col" className={TH}>
                    Abandoned
                  </th>
                  <th scope="col" className={TH}>
                    Abandonment, 30 days
                  </th>
                  <th scope="col" className={TH}>
                    Calls/hour
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.campaignId ?? row.bulkRun ?? "other"} className="border-b last:border-0">
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {row.name}
                    </th>
                    <td className={TD}>{formatCount(row.calls)}</td>
                    <td className={TD}>{row.dials ? formatRate(row.contactRate) : "–"}</td>
                    <td className={TD}>{formatCount(row.connects)}</td>
                    <td className={TD}>
                      {formatCount(row.conversions)}{" "}
                      <span className="text-muted-foreground">({formatRate(row.conversionRate)})</span>
                    </td>
                    <td className={TD}>{formatSeconds(row.avgTalkSeconds)}</td>
                    <td className={TD}>{row.campaignId ? formatSeconds(row.avgWaitSeconds) : "–"}</td>
                    <td className={TD}>
                      {row.campaignId
                        ? `${formatCount(row.abandoned)} (${formatRate(row.abandonmentRate)})`
                        : "–"}
                    </td>
                    <td className={TD}>{row.last30Days ? formatRate(row.last30Days.ratePercent) : "–"}</td>
                    <td className={TD}>{row.callsPerHour}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
        )}
      </CardContent>
    </Card>
  );
}

export function AgentTable({ rows }: { rows: AgentReportRow[] }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>By agent</CardTitle>
        <CardDescription>Your reps and your AI agents, most conversions first</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No agent took a call in this range.</p>
        ) : (
          <Scroll label="Figures by agent">
            <table className="w-full text-sm">
              <thead className="border-b">
                <tr>
                  <th scope="col" className={TH_FIRST}>
                    Agent
                  </th>
                  <th scope="col" className={TH}>
                    Calls
                  </th>
                  <th scope="col" className={TH}>
                    Connects
                  </th>
                  <th scope="col" className={TH}>
                    Conversions
                  </th>
                  <th scope="col" className={TH}>
                    Talk time
                  </th>
                  <th scope="col" className={TH}>
                    Avg talk
                  </th>
                  <th scope="col" className={TH}>
                    Avg wait
                  </th>
                  <th scope="col" className={TH}>
                    Avg wrap-up
                  </th>
                  <th scope="col" className={TH}>
                    Calls/hour
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.kind}:${row.agentId}`} className="border-b last:border-0">
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      <span className="flex items-center gap-2 whitespace-nowrap">
                        {row.name}
                        <Badge variant={row.kind === "ai" ? "secondary" : "outline"}>
                          {AGENT_KIND_LABELS[row.kind]}
                        </Badge>
                      </span>
                    </th>
                    <td className={TD}>{formatCount(row.calls)}</td>
                    <td className={TD}>{formatCount(row.connects)}</td>
                    <td className={TD}>
                      {formatCount(row.conversions)}{" "}
                      <span className="text-muted-foreground">({formatRate(row.conversionRate)})</span>
                    </td>
                    <td className={TD}>{formatSeconds(row.talkSeconds)}</td>
                    <td className={TD}>{formatSeconds(row.avgTalkSeconds)}</td>
                    <td className={TD}>{formatSeconds(row.avgWaitSeconds)}</td>
                    <td className={TD}>{row.kind === "rep" ? formatSeconds(row.avgWrapUpSeconds) : "–"}</td>
                    <td className={TD}>{row.callsPerHour}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
        )}
      </CardContent>
    </Card>
  );
}
