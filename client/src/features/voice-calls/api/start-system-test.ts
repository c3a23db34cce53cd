import { type StartSystemTestRequest, SystemTestStats } from "@common/telephony";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { systemTestStatsQueryOptions } from "./get-system-test-stats";

/** POST /api/call-system-test/start: N simulated calls (or the bulk demo's numbers). */
export const startSystemTest = (body: StartSystemTestRequest) =>
  requestParsed(SystemTestStats, "POST", "/api/call-system-test/start", body);

export function useStartSystemTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSystemTest,
    onSuccess: (stats) => queryClient.setQueryData(systemTestStatsQueryOptions.queryKey, stats),
  });
}
