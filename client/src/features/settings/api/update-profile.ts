import type { ProfileUpdate } from "@common/user";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CurrentUser } from "../../../lib/auth/current-user";
import { useStoreUser } from "../../../lib/auth/session";

/** PUT /api/user/profile: one field at a time (an email change carries the current password). */
export const updateProfile = (change: ProfileUpdate): Promise<CurrentUser> =>
  requestParsed(CurrentUser, "PUT", "/api/user/profile", change);

export function useUpdateProfile() {
  const storeUser = useStoreUser();
  return useMutation({ mutationFn: updateProfile, onSuccess: storeUser });
}
