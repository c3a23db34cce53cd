import { TwilioTestResult } from "@common/telephony";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { telephonyStateQueryOptions } from "./get-telephony-state";

/** POST /api/telephony/twilio/test: asks Twilio whether the credentials and number work. */
export const testTwilio = () => requestParsed(TwilioTestResult, "POST", "/api/telephony/twilio/test");

export function useTestTwilio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testTwilio,
    onSettled: () => queryClient.invalidateQueries({ queryKey: telephonyStateQueryOptions.queryKey }),
  });
}
