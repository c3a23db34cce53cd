import type { AiSettings, AiSettingsUpdate } from "@common/ai-settings";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, USER_QUERY_KEY } from "../../../lib/api";

/** GET and POST /api/ai-settings: how the assistant answers, and the account's time zone. */
export const AI_SETTINGS_URL = "/api/ai-settings";

export const aiSettingsQuery = queryOptions<AiSettings>({ queryKey: [AI_SETTINGS_URL] });

export const useAiSettings = () => useQuery(aiSettingsQuery);

export function useUpdateAiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AiSettingsUpdate) => apiRequest<AiSettings>("POST", AI_SETTINGS_URL, change),
    onSuccess: async (settings, change) => {
      queryClient.setQueryData(aiSettingsQuery.queryKey, settings);
      // The time zone lives on the user; the duration is also the calendar panel's default.
      if (change.timezone) await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      if (change.appointmentDuration)
        await queryClient.invalidateQueries({ queryKey: ["/api/calendar/settings"] });
    },
  });
}
