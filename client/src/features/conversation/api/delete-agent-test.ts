import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { requestParsed } from "../../../lib/api";
import { AGENT_TESTS_URL } from "./get-agent-tests";

const Deleted = z.object({ deleted: z.literal(true), id: z.string() });

/** DELETE /api/agent-tests/:id. */
export function deleteAgentTest(id: string) {
  return requestParsed(Deleted, "DELETE", `${AGENT_TESTS_URL}/${id}`);
}

export function useDeleteAgentTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAgentTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [AGENT_TESTS_URL] }),
  });
}
