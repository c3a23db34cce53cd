import { ProcessDemoAnswer } from "@common/telephony";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";

/** POST /api/conversation/process: one caller message through the engine. */
export const processDemo = (body: { callId: string; message: string }) =>
  requestParsed(ProcessDemoAnswer, "POST", "/api/conversation/process", body);

export function useProcessDemo() {
  return useMutation({ mutationFn: processDemo });
}
