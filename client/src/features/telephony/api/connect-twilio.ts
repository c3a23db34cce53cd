import type { TelephonyState, TwilioConnectRequest } from "@common/telephony";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { TELEPHONY_URL } from "./telephony-state";

/** PUT /api/telephony/twilio: connects (or replaces) the account's Twilio credentials and number. */
export function useConnectTwilio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwilioConnectRequest) =>
      apiRequest<TelephonyState>("PUT", "/api/telephony/twilio", body),
    onSuccess: (state) => queryClient.setQueryData([TELEPHONY_URL], state),
  });
}
