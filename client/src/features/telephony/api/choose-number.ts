import type { TelephonyState } from "@common/telephony";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { TELEPHONY_URL } from "./telephony-state";

/** PATCH /api/telephony/twilio: chooses another number of the connected Twilio account. */
export function useChooseTwilioNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phoneNumber: string) =>
      apiRequest<TelephonyState>("PATCH", "/api/telephony/twilio", { phoneNumber }),
    onSuccess: (state) => queryClient.setQueryData([TELEPHONY_URL], state),
  });
}
