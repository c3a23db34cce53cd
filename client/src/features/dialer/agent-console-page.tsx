import type { SettableAgentStatus } from "@common/dialer";
import { ArrowLeft, Headset, Radio, RefreshCw } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { useUser } from "../../lib/auth/use-user";
import { useWorkspace } from "../../lib/auth/use-workspace";
import { useDialerAgents } from "./api/get-agents";
import { useCampaigns } from "./api/get-campaigns";
import { useAgentConsole } from "./api/get-console";
import { useSetAgentStatus } from "./api/set-agent-status";
import { useDialerEvents } from "./api/use-dialer-events";
import { CallConversation, speak, splitLine } from "./components/call-conversation";
import { CallbacksList } from "./components/callbacks-list";
import { CurrentCallPanel, WaitingForCall } from "./components/current-call";
import { HandOverForm } from "./components/hand-over";
import { PreviewLeadPanel } from "./components/preview-lead";
import { Softphone } from "./components/softphone";
import { StatusPanel } from "./components/status-panel";
import { SupervisorPanel } from "./components/supervisor-panel";
import { WrapUp } from "./components/wrap-up";
import { toastFailure } from "./labels";

/**
 * The agent desktop: a member sets their status, receives the call the dialer connects (live
 * events on /api/events, a poll as fallback) and talks: on the browser softphone when Twilio is
 * connected, else with the simulated callee in words (both sides' live transcript, the callee's
 * lines spoken aloud). Beside the call: the contact, the campaign's script, notes, its
 * dispositions and call-back scheduling; then the campaign's wrap-up before the next call.
 * Supervisors see every rep and join softphone calls.
 */
export function AgentConsolePage() {
  const { user } = useUser();
  const timeZone = user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const console = useAgentConsole();
  const campaigns = useCampaigns();
  const { can } = useWorkspace();
  const supervisor = can("admin");
  const [sound, setSound] = useState(true);
  const soundRef = useRef(sound);
  soundRef.current = sound;
  const callId = console.data?.currentCall?.callId ?? null;
  const callIdRef = useRef(callId);
  callIdRef.current = callId;
  // The words said on calls: a supervisor following a rep's call hears them too.
  const lineListeners = useRef(new Set<(callId: string, lines: string[]) => void>());
  const followLines = useCallback((listener: (callId: string, lines: string[]) => void) => {
    lineListeners.current.add(listener);
    return () => {
      lineListeners.current.delete(listener);
    };
  }, []);
  // The callee's words, spoken as they come (the simulator's conversation). The callee's greeting
  // can come before the console has read the call it belongs to: words of a call not shown yet
  // are kept a few seconds, and spoken if that call turns out to be this rep's.
  const unclaimed = useRef(new Map<string, { at: number; lines: string[] }>());
  const sayCallee = useCallback((lines: string[]) => {
    if (!soundRef.current) return;
    for (const line of lines) {
      const { speaker, words } = splitLine(line);
      if (speaker === "Callee") speak(words);
    }
  }, []);
  const live = useDialerEvents(
    useCallback(
      (id: string, lines: string[]) => {
        for (const listener of lineListeners.current) listener(id, lines);
        if (id === callIdRef.current) return sayCallee(lines);
        const now = Date.now();
        for (const [other, { at }] of unclaimed.current)
          if (now - at > 10_000) unclaimed.current.delete(other);
        const kept = unclaimed.current.get(id);
        unclaimed.current.set(id, { at: now, lines: [...(kept?.lines ?? []), ...lines] });
      },
      [sayCallee],
    ),
  );
  useEffect(() => {
    const kept = callId ? unclaimed.current.get(callId) : undefined;
    if (kept && Date.now() - kept.at < 10_000) sayCallee(kept.lines);
    unclaimed.current.clear();
  }, [callId, sayCallee]);
  const setStatus = useSetAgentStatus();
  const phone = console.data?.phone;
  const agents = useDialerAgents();
  const agentStatus = console.data?.agent.status;
  const onRegistered = useCallback(
    (on: boolean) => {
      // The dialer puts calls through to a softphone once the console says it is registered.
      if (!agentStatus || agentStatus === "on_call") return;
      setStatus.mutate(
        { status: agentStatus as SettableAgentStatus, softphone: on },
        { onError: (error) => toastFailure("The softphone could not be registered", error) },
      );
    },
    // The softphone calls this once, when it registers (it keeps the latest in a ref).
    [agentStatus, setStatus.mutate],
  );

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
          {/* The call (or the wrap-up) comes first: above the status on a phone, beside it on a wide screen. */}
          <div className="grid min-w-0 content-start gap-6 lg:col-start-2 lg:row-start-1">
            {console.data.agent.wrapUpUntil && !console.data.currentCall ? (
              <WrapUp
                until={console.data.agent.wrapUpUntil}
                pending={setStatus.isPending}
                onReady={() =>
                  setStatus.mutate(
                    { status: "available" },
                    { onError: (error) => toastFailure("Failed to change your status", error) },
                  )
                }
              />
            ) : null}
            {console.data.currentCall ? (
              <CurrentCallPanel
                call={console.data.currentCall}
                dispositions={console.data.dispositions}
                timeZone={timeZone}
                talk={(callLive) => (
                  <>
                    <CallConversation
                      inWords={phone !== "softphone"}
                      call={console.data.currentCall as NonNullable<typeof console.data.currentCall>}
                      transcript={console.data.transcript}
                      script={console.data.script}
                      live={callLive}
                      sound={sound}
                      onSound={setSound}
                    />
                    {/* On the softphone, transfers are the softphone's own. */}
                    {phone !== "softphone" && callLive ? (
                      <HandOverForm
                        attemptId={console.data.currentCall?.attemptId ?? ""}
                        agents={(agents.data ?? []).filter((agent) => agent.id !== console.data.agent.id)}
                      />
                    ) : null}
                  </>
                )}
              />
            ) : console.data.previewLead ? (
              <PreviewLeadPanel lead={console.data.previewLead} timeZone={timeZone} />
            ) : console.data.agent.wrapUpUntil ? null : (
              <WaitingForCall status={console.data.agent.status} />
            )}
          </div>
          <div className="grid min-w-0 content-start gap-6 lg:col-start-1 lg:row-start-1">
            <StatusPanel console={console.data} campaigns={campaigns.data ?? []} timeZone={timeZone} />
            {phone === "softphone" ? (
              <Softphone
                call={console.data.currentCall}
                agents={agents.data ?? []}
                meId={console.data.agent.id}
                onRegistered={onRegistered}
              />
            ) : null}
            <CallbacksList callbacks={console.data.callbacks} timeZone={timeZone} />
            {supervisor ? (
              <SupervisorPanel hasSoftphone={phone === "softphone"} followLines={followLines} />
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}
