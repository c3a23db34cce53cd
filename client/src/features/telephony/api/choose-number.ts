import { TelephonyState } from "@common/telephony";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { telephonyStateQueryOptions } from "./get-telephony-state";

/** PATCH /api/telephony/twilio: chooses another number of the connected Twilio account. */
export const chooseTwilioNumber = (phoneNumber: string) =>
  requestParsed(TelephonyState, "PATCH", "/api/telephony/twilio", { phoneNumber });

export function useChooseTwilioNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseTwilioNumber,
    onSuccess: (state) => queryClient.setQueryData(telephonyStateQueryOptions.queryKey, state),
  });
}
