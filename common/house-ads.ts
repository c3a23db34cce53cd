import { z } from "zod";

/**
 * House ads: the app's own offers and tips, shown to workspaces on a plan with ads (Free) and
 * counted as they are seen (usage_tracking.adsViewed). Never anyone else's ads, never on a
 * paid plan.
 */
export const AD_PLACES = ["dashboard", "call-history"] as const;
export type AdPlace = (typeof AD_PLACES)[number];

export const HouseAd = z.object({
  id: z.string(),
  /** An upgrade offer, or a tip about something the app already does. */
  kind: z.enum(["upgrade", "tip"]),
  title: z.string(),
  body: z.string(),
  action: z.object({ label: z.string(), to: z.string() }),
});
export type HouseAd = z.infer<typeof HouseAd>;

const Place = z.enum(AD_PLACES, { error: "place must be dashboard or call-history" });

/** GET /api/house-ads?place=: the ad for that place, or null on a plan without ads. */
export const HouseAdQuery = z.object({ place: Place });
export const HouseAdResponse = z.object({ ad: HouseAd.nullable() });

/** POST /api/house-ads/views: the ad was on screen; counted once per showing. */
export const HouseAdViewRequest = z.object({
  adId: z.string({ error: "adId is required" }).trim().min(1, "adId is required").max(60),
  place: Place,
});
export const HouseAdViewResponse = z.object({ adsViewed: z.number().int() });

export const NO_ADS_ON_PLAN = "Your plan has no ads";
export const UNKNOWN_AD = "That ad does not exist";
