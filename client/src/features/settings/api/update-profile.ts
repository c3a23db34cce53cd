import type { ProfileUpdate, User } from "@common/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, USER_QUERY_KEY } from "../../../lib/api";

/** PUT /api/user/profile: one field at a time (an email change carries the current password). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ProfileUpdate) => apiRequest<User>("PUT", "/api/user/profile", change),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
