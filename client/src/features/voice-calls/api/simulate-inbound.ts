import type { SimulatedInboundRequest } from "@common/telephony";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { requestParsed } from "../../../lib/api";
import { activeVoiceCallsQueryOptions } from "./get-active-voice-calls";

/** The 202 answer; the server's route declares it inline, with no name in common/ to share. */
const SimulatedInboundStarted = z.object({ callSid: z.string(), to: z.string() });

/** POST /api/telephony/simulator/calls: the simulator rings the account's number with a caller's script. */
export const simulateInbound = (body: SimulatedInboundRequest) =>
  requestParsed(SimulatedInboundStarted, "POST", "/api/telephony/simulator/calls", body);

export function useSimulateInbound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateInbound,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activeVoiceCallsQueryOptions.queryKey }),
  });
}
