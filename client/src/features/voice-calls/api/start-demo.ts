import { StartDemoResponse } from "@common/telephony";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";

/** POST /api/conversation/start-demo: a demo call answered with the account's greeting. */
export const startDemo = (phoneNumber: string) =>
  requestParsed(StartDemoResponse, "POST", "/api/conversation/start-demo", { phoneNumber });

export function useStartDemo() {
  return useMutation({ mutationFn: startDemo });
}
