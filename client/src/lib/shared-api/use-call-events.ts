import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useWorkspace } from "../auth/use-workspace";
import { isCallQuery } from "./call-queries";

/**
 * Listens to /api/events (server-sent) and refreshes the call queries the moment something
 * happens; the 10 s and 30 s polls remain the fallback. Returns whether the stream is live.
 */
export function useCallEvents(): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  // The stream carries one workspace's events: switching workspaces opens a new one.
  const workspaceId = useWorkspace().workspace?.id;
  useEffect(() => {
    if (!workspaceId) return;
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events", { withCredentials: true });
    const refresh = () =>
      queryClient.invalidateQueries({ predicate: (query) => isCallQuery(query.queryKey) });
    const types = ["call.started", "call.updated", "call.ended", "appointment.created"];
    for (const type of types) source.addEventListener(type, refresh);
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    return () => source.close();
  }, [queryClient, workspaceId]);
  return live;
}
