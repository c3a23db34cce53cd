import { TelephonyState } from "@common/telephony";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { telephonyStateQueryOptions } from "./get-telephony-state";

/** DELETE /api/telephony/twilio: forgets the credentials; calls go back to the simulator. */
export const disconnectTwilio = () => requestParsed(TelephonyState, "DELETE", "/api/telephony/twilio");

export function useDisconnectTwilio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectTwilio,
    onSuccess: (state) => queryClient.setQueryData(telephonyStateQueryOptions.queryKey, state),
  });
}
