import { EmailAnalyticsOut, EmailSettingsOut, type EmailSettingsUpdate } from "@common/email";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getParsed, requestParsed } from "../../../lib/api";
import { EMAIL_URL } from "./keys";
import { ANALYTICS_URL } from "./sending";

const SETTINGS_URL = `${EMAIL_URL}/settings`;

/** GET /api/email-marketing/settings: the sender's postal address, name, address and hourly cap. */
export const emailSettingsQueryOptions = queryOptions({
  queryKey: [SETTINGS_URL],
  queryFn: () => getParsed(EmailSettingsOut, SETTINGS_URL),
});
export const useEmailSettings = () => useQuery(emailSettingsQueryOptions);

/** PUT /api/email-marketing/settings. */
export const saveEmailSettings = (body: EmailSettingsUpdate) =>
  requestParsed(EmailSettingsOut, "PUT", SETTINGS_URL, body);
export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailSettings,
    onSuccess: (settings) => queryClient.setQueryData(emailSettingsQueryOptions.queryKey, settings),
  });
}

/** GET /api/email-marketing/analytics: campaigns, sent, failed, bounced, unsubscribed, suppressed. */
export const emailAnalyticsQueryOptions = queryOptions({
  queryKey: [ANALYTICS_URL],
  queryFn: () => getParsed(EmailAnalyticsOut, ANALYTICS_URL),
});
export const useEmailAnalytics = () => useQuery(emailAnalyticsQueryOptions);
