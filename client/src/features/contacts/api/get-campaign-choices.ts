import { CampaignOut } from "@common/dialer";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { getParsed } from "../../../lib/api";

/**
 * GET /api/autodialer/campaigns, for "Add to campaign" on a selection of contacts: the campaigns
 * to choose from (the contacts screens' own fetcher; the autodialer has its own).
 */
export function useCampaignChoices(enabled: boolean) {
  return useQuery({
    queryKey: ["/api/autodialer/campaigns", "choices"],
    queryFn: () => getParsed(z.array(CampaignOut), "/api/autodialer/campaigns"),
    enabled,
  });
}
