import { ArrowLeft, Headset, Radio, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { useUser } from "../../lib/auth/use-user";
import { useCampaigns } from "./api/get-campaigns";
import { useAgentConsole } from "./api/get-console";
import { useDialerEvents } from "./api/use-dialer-events";
import { CallbacksList } from "./components/callbacks-list";
import { CurrentCallPanel, WaitingForCall } from "./components/current-call";
import { PreviewLeadPanel } from "./components/preview-lead";
import { StatusPanel } from "./components/status-panel";

/**
 * The agent console (issue 13 part 2): a member sets their status, receives the call the dialer
 * connects (live events on /api/events, a poll as fallback), sees the lead, and ends the call
 * with a disposition and notes or a callback for themselves or anyone.
 */
export function AgentConsolePage() {
  const { user } = useUser();
  const timeZone = user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const console = useAgentConsole();
  const campaigns = useCampaigns();
  const live = useDialerEvents();

  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            <Headset className="size-6 text-primary" aria-hidden /> Agent Console
          </h1>
          <p className="text-sm text-muted-foreground">
            Take the autodialer's calls: set yourself available and answered calls come to you.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={live ? "success" : "outline"} title="Live updates from the server">
            <Radio className="mr-1 size-3" aria-hidden /> {live ? "Live" : "Connecting..."}
          </Badge>
          <Button variant="outline" asChild>
            <Link to="/autodialer">
              <ArrowLeft aria-hidden /> Autodialer
            </Link>
          </Button>
        </div>
      </div>

      {console.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading your console...
        </p>
      ) : console.isError && !console.data ? (
        <div role="alert" className="grid justify-items-start gap-2 rounded-md border p-4 text-sm">
          <p className="font-semibold">Your console could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => console.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : (
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <div className="grid min-w-0 content-start gap-6">
            <StatusPanel console={console.data} campaigns={campaigns.data ?? []} timeZone={timeZone} />
            <CallbacksList callbacks={console.data.callbacks} timeZone={timeZone} />
          </div>
          <div className="grid min-w-0 content-start gap-6">
            {console.data.currentCall ? (
              <CurrentCallPanel
                call={console.data.currentCall}
                dispositions={console.data.dispositions}
                timeZone={timeZone}
              />
            ) : console.data.previewLead ? (
              <PreviewLeadPanel lead={console.data.previewLead} timeZone={timeZone} />
            ) : (
              <WaitingForCall status={console.data.agent.status} />
            )}
          </div>
        </div>
      )}
    </div>
  );
}
