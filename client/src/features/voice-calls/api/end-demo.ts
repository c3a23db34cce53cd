import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/** Ends a demo call the user closes (PATCH /api/calls/{id}); it is kept in Call History. */
export function useEndDemo() {
  return useMutation({
    mutationFn: (callId: string) => apiRequest("PATCH", `/api/calls/${callId}`, { isActive: false }),
  });
}
