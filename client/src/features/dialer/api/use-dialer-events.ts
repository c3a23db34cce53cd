import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useWorkspace } from "../../../lib/auth/use-workspace";
import { isDialerQuery } from "./refresh-dialer";

/**
 * The /api/events types that change what the dialer screens show: the dialer's runtime announces
 * each step of a dialled attempt (answered, connected to an agent, ended) on its calls-table row.
 */
export const DIALER_EVENT_TYPES = ["call.started", "call.updated", "call.ended"] as const;

/**
 * Listens to /api/events (server-sent) and refreshes the dialer's queries the moment something
 * happens, so a connected call reaches the agent's console at once; the screens' polls remain
 * the fallback. Returns whether the stream is live.
 */
export function useDialerEvents(onLines?: (callId: string, lines: string[]) => void): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const linesRef = useRef(onLines);
  linesRef.current = onLines;
  // The stream carries one workspace's events: switching workspaces opens a new one.
  const workspaceId = useWorkspace().workspace?.id;
  useEffect(() => {
    if (!workspaceId || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events", { withCredentials: true });
    const refresh = () =>
      queryClient.invalidateQueries({ predicate: (query) => isDialerQuery(query.queryKey) });
    for (const type of DIALER_EVENT_TYPES) source.addEventListener(type, refresh);
    // A line said on a call (the console's conversation): the console speaks the callee's.
    source.addEventListener("call.updated", (message) => {
      try {
        const event = JSON.parse((message as MessageEvent<string>).data) as {
          callId?: string;
          lines?: string[];
        };
        if (event.callId && event.lines?.length) linesRef.current?.(event.callId, event.lines);
      } catch {
        // A malformed event only loses its words; the console reads them again.
      }
    });
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    return () => source.close();
  }, [queryClient, workspaceId]);
  return live;
}
