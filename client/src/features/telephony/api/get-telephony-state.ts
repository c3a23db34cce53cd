import { TelephonyState } from "@common/telephony";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

export const TELEPHONY_URL = "/api/telephony";

/** GET /api/telephony: who carries the account's calls, its numbers and where webhooks point. */
export const getTelephonyState = () => getParsed(TelephonyState, TELEPHONY_URL);

export const telephonyStateQueryOptions = queryOptions({
  queryKey: [TELEPHONY_URL],
  queryFn: getTelephonyState,
  // The live-call count in it moves with the calls; a slow refresh keeps it honest.
  refetchInterval: 10_000,
});

export const useTelephonyState = () => useQuery(telephonyStateQueryOptions);
