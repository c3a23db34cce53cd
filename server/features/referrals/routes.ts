import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  REFERRAL_REWARD_TEXT,
  ReferralClaimed,
  ReferralClaimRequest,
  ReferralOverview,
} from "../../../common/referrals";
import { presentReward, presentSignup } from "./presenter";
import type { ReferralsService } from "./service";

/** Settings → Referrals: any member sees the link and what it earned; a new workspace claims one. */
export const referralRoutes: FastifyPluginAsyncZod<{ referrals: ReferralsService }> = async (
  app,
  { referrals },
) => {
  app.get(
    "/api/referrals",
    { config: { role: "agent" }, schema: { response: { 200: ReferralOverview } } },
    async (request) => {
      const origin = `${request.protocol}://${request.host}`;
      const [{ code, link }, signups, rewards] = await Promise.all([
        referrals.link(request.account, origin),
        referrals.referredBy(request.account),
        referrals.rewardsOf(request.account),
      ]);
      const shown = rewards.map(({ reward, referral }) =>
        presentReward(request.account.id, reward, referral),
      );
      return {
        code,
        link,
        rewardText: REFERRAL_REWARD_TEXT,
        signups: signups.map(presentSignup),
        rewards: shown,
        totalCreditCents: shown.reduce((sum, reward) => sum + reward.amountCents, 0),
      };
    },
  );

  /** The new workspace's owner, right after signing up through a link. */
  app.post(
    "/api/referrals/claim",
    { config: { role: "owner" }, schema: { body: ReferralClaimRequest, response: { 200: ReferralClaimed } } },
    async (request) => {
      await referrals.claim(request.account, request.body.code);
      return { message: "Your sign-up through the referral link is recorded." };
    },
  );
};
