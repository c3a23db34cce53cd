import type { StartDemoResponse } from "@common/telephony";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/** POST /api/conversation/start-demo: a demo call answered with the account's greeting. */
export function useStartDemo() {
  return useMutation({
    mutationFn: (phoneNumber: string) =>
      apiRequest<StartDemoResponse>("POST", "/api/conversation/start-demo", { phoneNumber }),
  });
}
