import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useWorkspace } from "../../../lib/auth/use-workspace";
import { GRASSHOPPER_URL } from "./keys";

/**
 * The /api/events types that change what the phone system shows: a caller left a message, its
 * words are ready, or a call (a business number's, handed to the assistant) started or ended.
 */
const PHONE_SYSTEM_EVENT_TYPES = ["voicemail.received", "voicemail.transcribed", "call.ended"] as const;

/**
 * Listens to /api/events (server-sent) and refreshes the phone system's queries the moment a
 * voicemail arrives or is transcribed; the screen's polls remain the fallback.
 */
export function usePhoneSystemEvents(): void {
  const queryClient = useQueryClient();
  // The stream carries one workspace's events: switching workspaces opens a new one.
  const workspaceId = useWorkspace().workspace?.id;
  useEffect(() => {
    if (!workspaceId || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events", { withCredentials: true });
    const refresh = () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith(GRASSHOPPER_URL),
      });
    for (const type of PHONE_SYSTEM_EVENT_TYPES) source.addEventListener(type, refresh);
    return () => source.close();
  }, [queryClient, workspaceId]);
}
