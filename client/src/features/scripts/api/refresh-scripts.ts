import { useQueryClient } from "@tanstack/react-query";
import { SCRIPTS_URL } from "../../../lib/shared-api/get-ai-scripts";
import { TEMPLATES_URL } from "./get-script-templates";

/**
 * After any change: the scripts (one default at a time, so a change can touch several), the
 * templates' usage counts, and the agent tests a template adds.
 */
export function useRefreshScripts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [SCRIPTS_URL] }),
      queryClient.invalidateQueries({ queryKey: [TEMPLATES_URL] }),
      queryClient.invalidateQueries({ queryKey: ["/api/agent-tests"] }),
    ]);
}
