import { Stats } from "@common/calls";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** GET /api/stats: today's calls, spam blocked, appointments and success rate, in the account's day. */
export const getStats = () => getParsed(Stats, "/api/stats");

export const statsQueryOptions = queryOptions({ queryKey: ["/api/stats"], queryFn: getStats });

export const useStats = () => useQuery(statsQueryOptions);
