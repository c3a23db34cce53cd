import type { TwilioTestResult } from "@common/telephony";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { TELEPHONY_URL } from "./telephony-state";

/** POST /api/telephony/twilio/test: asks Twilio whether the credentials and number work. */
export function useTestTwilio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TwilioTestResult>("POST", "/api/telephony/twilio/test"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [TELEPHONY_URL] }),
  });
}
