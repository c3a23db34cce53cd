import { DialerAgentOut } from "@common/dialer";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { getParsed } from "../../../lib/api";
import { DIALER_URL } from "./get-campaigns";

/** GET /api/autodialer/agents: the workspace's members as dialer agents, with their status. */
export const AGENTS_URL = `${DIALER_URL}/agents`;

export const agentsQueryOptions = queryOptions({
  queryKey: [AGENTS_URL],
  queryFn: () => getParsed(z.array(DialerAgentOut), AGENTS_URL),
});

/** Refreshed every 10 s: agents change status on their own consoles. */
export const useDialerAgents = () => useQuery({ ...agentsQueryOptions, refetchInterval: 10_000 });
