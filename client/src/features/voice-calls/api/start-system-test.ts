import type { StartSystemTestRequest, SystemTestStats } from "@common/telephony";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { SYSTEM_TEST_STATS_URL } from "./system-test-stats";

/** POST /api/call-system-test/start: N simulated calls (or the bulk demo's numbers). */
export function useStartSystemTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartSystemTestRequest) =>
      apiRequest<SystemTestStats>("POST", "/api/call-system-test/start", body),
    onSuccess: (stats) => queryClient.setQueryData([SYSTEM_TEST_STATS_URL], stats),
  });
}
