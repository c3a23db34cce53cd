import { TelephonyState, type TwilioConnectRequest } from "@common/telephony";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { telephonyStateQueryOptions } from "./get-telephony-state";

/** PUT /api/telephony/twilio: connects (or replaces) the account's Twilio credentials and number. */
export const connectTwilio = (body: TwilioConnectRequest) =>
  requestParsed(TelephonyState, "PUT", "/api/telephony/twilio", body);

export function useConnectTwilio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectTwilio,
    onSuccess: (state) => queryClient.setQueryData(telephonyStateQueryOptions.queryKey, state),
  });
}
