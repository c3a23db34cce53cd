import { AiSettingsOut } from "@common/ai-settings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** GET and POST /api/ai-settings: how the assistant answers, and the account's time zone. */
export const AI_SETTINGS_URL = "/api/ai-settings";

export const getAiSettings = () => getParsed(AiSettingsOut, AI_SETTINGS_URL);

export const aiSettingsQueryOptions = queryOptions({ queryKey: [AI_SETTINGS_URL], queryFn: getAiSettings });

export const useAiSettings = () => useQuery(aiSettingsQueryOptions);
