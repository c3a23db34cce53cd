import type { TelephonyState } from "@common/telephony";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { TELEPHONY_URL } from "./telephony-state";

/** DELETE /api/telephony/twilio: forgets the credentials; calls go back to the simulator. */
export function useDisconnectTwilio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TelephonyState>("DELETE", "/api/telephony/twilio"),
    onSuccess: (state) => queryClient.setQueryData([TELEPHONY_URL], state),
  });
}
