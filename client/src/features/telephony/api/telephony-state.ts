import type { TelephonyState } from "@common/telephony";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const TELEPHONY_URL = "/api/telephony";

/** GET /api/telephony: who carries the account's calls, its numbers and where webhooks point. */
export const telephonyStateQuery = queryOptions<TelephonyState>({
  queryKey: [TELEPHONY_URL],
  // The live-call count in it moves with the calls; a slow refresh keeps it honest.
  refetchInterval: 10_000,
});

export const useTelephonyState = () => useQuery(telephonyStateQuery);
