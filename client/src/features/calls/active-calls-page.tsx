import type { Call } from "@common/calls";
import { TRANSCRIPT_PREVIEW_CHARS } from "@common/calls";
import { PhoneCall } from "lucide-react";
import { useEffect, useState } from "react";
import { ClassificationBadge } from "../../components/classification-badge";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { useUser } from "../../lib/auth/use-user";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/format";
import { useCallEvents } from "../../lib/shared-api/use-call-events";
import { toastError } from "../../lib/toast";
import { useEndCall } from "./api/end-call";
import { useActiveCall } from "./api/get-active-call";
import { useActiveCalls } from "./api/get-active-calls";
import { useCall } from "./api/get-call";
import { useSimulateCall } from "./api/simulate-call";
import { AnalysisSummary, LiveCall } from "./components/live-call";

/** The live call, the quick actions that start one, and every active call. */
export function ActiveCallsPage() {
  const live = useCallEvents();
  const activeCall = useActiveCall();
  const activeCalls = useActiveCalls();
  const [focusId, setFocusId] = useState<string | null>(null);
  const [details, setDetails] = useState<Call | null>(null);

  // Follow the newest active call until the user picks one.
  useEffect(() => {
    if (!focusId && activeCall.data) setFocusId(activeCall.data.id);
  }, [focusId, activeCall.data]);

  const focused = useCall(focusId);
  const calls = activeCalls.data?.calls ?? [];
  const count = calls.length;

  return (
    // One shrinkable column (minmax(0, 1fr)): a long caller name or transcript word wraps
    // instead of widening the page.
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Active Calls</h1>
          <p className="text-sm text-muted-foreground">
            Watch your assistant screen calls as they happen{live ? "" : " (reconnecting to live updates...)"}
            .
          </p>
        </div>
        <Badge variant={count ? "default" : "secondary"} data-testid="active-count">
          {count} Active Call{count === 1 ? "" : "s"}
        </Badge>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2">
          <CardHeader>
            <CardTitle>Current Call in Progress</CardTitle>
          </CardHeader>
          <CardContent>
            <LiveCall call={focusId ? (focused.data ?? null) : null} onEnded={() => setFocusId(null)} />
          </CardContent>
        </Card>
        <QuickActions onStarted={setFocusId} />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>All Active Calls</CardTitle>
        </CardHeader>
        <CardContent>
          {activeCalls.isLoading ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading...
            </p>
          ) : count === 0 ? (
            <div className="py-8 text-center">
              <PhoneCall className="mx-auto size-8 text-muted-foreground" aria-hidden />
              <p className="mt-2 font-semibold">No Active Calls</p>
              <p className="text-sm text-muted-foreground">
                Calls your assistant is handling will show here.
              </p>
            </div>
          ) : (
            <ul className="divide-y" aria-label="Active calls">
              {calls.map((call) => (
                <ActiveCallRow
                  key={call.id}
                  call={call}
                  onView={() => setDetails(call)}
                  onFocus={() => setFocusId(call.id)}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <CallDetailsDialog call={details} onClose={() => setDetails(null)} />
    </div>
  );
}

function QuickActions({ onStarted }: { onStarted: (callId: string) => void }) {
  const simulate = useSimulateCall();
  const [phoneNumber, setPhoneNumber] = useState("+1 (555) 010-0199");
  const [callerName, setCallerName] = useState("");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
        <CardDescription>Simulate an incoming call, then type or say what the caller says.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            simulate.mutate(
              { phoneNumber, ...(callerName.trim() ? { callerName } : {}) },
              {
                onSuccess: (call) => onStarted(call.id),
                onError: (error) => toastError("Simulation Failed", "Failed to start call simulation", error),
              },
            );
          }}
        >
          <Field label="Caller number">
            {(p) => (
              <Input {...p} type="tel" value={phoneNumber} onChange={(e) => setPhoneNumber(e.target.value)} />
            )}
          </Field>
          <Field label="Caller name (optional)">
            {(p) => <Input {...p} value={callerName} onChange={(e) => setCallerName(e.target.value)} />}
          </Field>
          <Button type="submit" disabled={simulate.isPending}>
            <PhoneCall /> {simulate.isPending ? "Starting..." : "Start Call Simulation"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ActiveCallRow({ call, onView, onFocus }: { call: Call; onView: () => void; onFocus: () => void }) {
  const { user } = useUser();
  const endCall = useEndCall();
  const dot = call.transferredAt ? "bg-green-500" : call.isOnHold ? "bg-amber-500" : "bg-red-500";
  return (
    <li className="flex flex-col gap-2 py-3 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className={cn("inline-block size-2.5 rounded-full", dot)} aria-hidden />
          <button
            type="button"
            className="min-w-0 text-left font-medium wrap-anywhere hover:underline"
            onClick={onFocus}
          >
            {call.callerName || "Unknown Caller"}
          </button>
          <span className="text-sm text-muted-foreground">{call.phoneNumber}</span>
          <ClassificationBadge value={call.classification} />
          <span className="text-xs text-muted-foreground">
            Started {formatDateTime(call.startTime, user?.timezone ?? "UTC", "h:mm:ss a")}
          </span>
        </div>
        {/* The first 150 characters, on at most two lines, wrapping even a long word. */}
        <p
          className="mt-1 line-clamp-2 text-sm text-muted-foreground wrap-anywhere"
          data-testid="transcript-preview"
        >
          {call.transcript.slice(0, TRANSCRIPT_PREVIEW_CHARS)}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" variant="outline" onClick={onView}>
          View Details
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={endCall.isPending}
          onClick={() =>
            endCall.mutate(
              {
                callId: call.id,
                duration: Math.floor((Date.now() - new Date(call.startTime).getTime()) / 1000),
              },
              { onError: (error) => toastError("Error", "Failed to end the call", error) },
            )
          }
        >
          End Call
        </Button>
      </div>
    </li>
  );
}

function CallDetailsDialog({ call, onClose }: { call: Call | null; onClose: () => void }) {
  return (
    <Dialog open={call !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {call ? (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6 leading-snug wrap-anywhere">
                {call.callerName || "Unknown Caller"}
              </DialogTitle>
              <DialogDescription>
                {call.phoneNumber} · {call.status.replace("_", " ")}
              </DialogDescription>
            </DialogHeader>
            <pre className="max-h-80 overflow-y-auto rounded-md bg-muted p-3 text-sm whitespace-pre-wrap wrap-anywhere">
              {call.transcript}
            </pre>
            {call.analysis ? (
              <AnalysisSummary analysis={call.analysis} actionTaken={call.actionTaken} />
            ) : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
