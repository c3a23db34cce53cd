import { defineArea } from "../area";
import { houseAdRoutes } from "./routes";
import { houseAdsService } from "./service";

/** House ads on plans with ads, counted in the month's usage. */
export const houseAdsArea = defineArea({
  name: "house-ads",
  build: (core) =>
    houseAdsService({ db: core.database.db, billing: core.billing, counters: core.counters, now: core.now }),
  async routes(app, _context, houseAds) {
    await app.register(houseAdRoutes, { houseAds });
  },
});
