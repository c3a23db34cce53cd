import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { useRefreshUser } from "../../../lib/auth/session";
import { useRefreshTeam } from "./get-team";

/** POST /api/workspace/transfer (owner): the member becomes the owner, and the owner an admin. */
export const transferOwnership = (userId: string) =>
  apiRequest<void>("POST", "/api/workspace/transfer", { userId });

export function useTransferOwnership() {
  const refreshTeam = useRefreshTeam();
  const refreshUser = useRefreshUser();
  // The signed-in person's own role changed: the header and what the screens offer follow it.
  return useMutation({
    mutationFn: transferOwnership,
    onSuccess: () => Promise.all([refreshUser(), refreshTeam()]),
  });
}
