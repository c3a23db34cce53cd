import type { ProcessDemoResponse } from "@common/telephony";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/** POST /api/conversation/process: one caller message through the engine. */
export function useProcessDemo() {
  return useMutation({
    mutationFn: (body: { callId: string; message: string }) =>
      apiRequest<ProcessDemoResponse>("POST", "/api/conversation/process", body),
  });
}
