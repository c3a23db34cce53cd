import { ReferralOverview } from "@common/referrals";
import { useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

export const REFERRALS_URL = "/api/referrals";

/** GET /api/referrals: the workspace's link, the sign-ups through it and the credits earned. */
export const useReferrals = () =>
  useQuery({ queryKey: [REFERRALS_URL], queryFn: () => getParsed(ReferralOverview, REFERRALS_URL) });
