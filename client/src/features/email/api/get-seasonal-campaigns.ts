import { SeasonalCampaignsOut } from "@common/email";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { EMAIL_URL } from "./keys";

/** GET /api/email-marketing/seasonal-campaigns: six ideas for the coming dates. */
export const seasonalCampaignsQueryOptions = queryOptions({
  queryKey: [EMAIL_URL, "seasonal-campaigns"],
  queryFn: () => getParsed(SeasonalCampaignsOut, `${EMAIL_URL}/seasonal-campaigns`),
});

/** The seasonal-ideas call is made only at step 5. */
export const useSeasonalCampaigns = (enabled: boolean) =>
  useQuery({ ...seasonalCampaignsQueryOptions, enabled });
