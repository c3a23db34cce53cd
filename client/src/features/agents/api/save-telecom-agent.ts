import { type TelecomAgentSave, TelecomAgentSaveResponse } from "@common/agents";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { TELECOM_AGENTS_URL } from "./get-telecom-agents";

/** POST /api/agents/save: adds a new agent, or replaces the one with the same id. */
export function saveTelecomAgent(body: TelecomAgentSave) {
  return requestParsed(TelecomAgentSaveResponse, "POST", `${TELECOM_AGENTS_URL}/save`, body);
}

export function useSaveTelecomAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTelecomAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TELECOM_AGENTS_URL] }),
  });
}
