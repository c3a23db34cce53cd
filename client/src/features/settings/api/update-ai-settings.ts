import { AiSettingsOut, type AiSettingsUpdate } from "@common/ai-settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshUser } from "../../../lib/auth/session";
import { calendarSettingsQueryOptions } from "../../../lib/shared-api/get-calendar-settings";
import { AI_SETTINGS_URL, aiSettingsQueryOptions } from "./get-ai-settings";

/** POST /api/ai-settings: any of the settings; the answer is all of them. */
export const updateAiSettings = (change: AiSettingsUpdate) =>
  requestParsed(AiSettingsOut, "POST", AI_SETTINGS_URL, change);

export function useUpdateAiSettings() {
  const queryClient = useQueryClient();
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: updateAiSettings,
    onSuccess: async (settings, change) => {
      queryClient.setQueryData(aiSettingsQueryOptions.queryKey, settings);
      // The time zone lives on the user; the duration is also the calendar panel's default.
      if (change.timezone) await refreshUser();
      if (change.appointmentDuration)
        await queryClient.invalidateQueries({ queryKey: calendarSettingsQueryOptions.queryKey });
    },
  });
}
