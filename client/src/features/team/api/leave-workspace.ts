import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { useSetSignedInUser } from "../../../lib/auth/session";

/** POST /api/workspace/leave (anyone but the owner): leaving ends this session, which worked there. */
export const leaveWorkspace = () => apiRequest<void>("POST", "/api/workspace/leave");

export function useLeaveWorkspace() {
  const setUser = useSetSignedInUser();
  return useMutation({ mutationFn: leaveWorkspace, onSuccess: () => setUser(null) });
}
