import { CallOut } from "@common/calls";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** GET /api/calls/{id}: one call with its transcript and analysis. */
export const getCall = (callId: string) => getParsed(CallOut, `/api/calls/${callId}`);

export const callQueryOptions = (callId: string | null) =>
  queryOptions({
    queryKey: [`/api/calls/${callId}`],
    queryFn: () => getCall(callId ?? ""),
    enabled: Boolean(callId),
  });

/** The call followed on screen; nothing is fetched while none is chosen. */
export const useCall = (callId: string | null) => useQuery(callQueryOptions(callId));
