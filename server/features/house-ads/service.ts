import { type AdPlace, type HouseAd, NO_ADS_ON_PLAN, UNKNOWN_AD } from "../../../common/house-ads";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { Conflict, Invalid } from "../../domain/errors";
import type { BillingService } from "../billing/service";
import type { UsageCountersService } from "../usage/counters";
import { usageMonth } from "../usage/limits";
import { houseAdFor, isHouseAd } from "./catalogue";

export type HouseAdsDeps = {
  db: Db;
  billing: Pick<BillingService, "current">;
  counters: Pick<UsageCountersService, "month" | "addIn">;
  now?: () => Date;
};

/**
 * House ads on plans with ads: which one a place shows, and the count of those seen this month
 * (usage_tracking.adsViewed, in the workspace's time zone like every usage counter).
 */
export function houseAdsService(deps: HouseAdsDeps) {
  const now = deps.now ?? (() => new Date());

  async function showsAds(account: Account): Promise<boolean> {
    const { plan } = await deps.billing.current(account.id);
    return plan.features.hasAds;
  }

  return {
    /** The ad for a place, or null when the workspace's plan has none. */
    async next(account: Account, place: AdPlace): Promise<HouseAd | null> {
      if (!(await showsAds(account))) return null;
      const usage = await deps.counters.month(account.id, usageMonth(now(), account.timezone));
      return houseAdFor(usage.adsViewed, place);
    },

    /** Counts one showing of an ad; refused on a plan without ads, so a paid plan never counts any. */
    async viewed(account: Account, adId: string): Promise<number> {
      if (!isHouseAd(adId)) throw new Invalid(UNKNOWN_AD);
      if (!(await showsAds(account))) throw new Conflict(NO_ADS_ON_PLAN);
      const period = usageMonth(now(), account.timezone);
      await deps.counters.addIn(deps.db, account.id, period, { adsViewed: 1 });
      return (await deps.counters.month(account.id, period)).adsViewed;
    },
  };
}

export type HouseAdsService = ReturnType<typeof houseAdsService>;
