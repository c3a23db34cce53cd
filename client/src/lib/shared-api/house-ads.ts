import { type AdPlace, HouseAdResponse, HouseAdViewResponse } from "@common/house-ads";
import { useMutation, useQuery } from "@tanstack/react-query";
import { getParsed, requestParsed } from "../api";

export const HOUSE_ADS_URL = "/api/house-ads";

/** GET /api/house-ads?place=: the ad a place shows; null on a plan without ads. */
export const useHouseAd = (place: AdPlace) =>
  useQuery({
    queryKey: [HOUSE_ADS_URL, place],
    queryFn: () => getParsed(HouseAdResponse, `${HOUSE_ADS_URL}?place=${place}`),
    // One ad per visit: it changes when the page is opened again, not while it is read.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** POST /api/house-ads/views: the ad was on screen. */
export const useHouseAdViewed = () =>
  useMutation({
    mutationFn: (body: { adId: string; place: AdPlace }) =>
      requestParsed(HouseAdViewResponse, "POST", `${HOUSE_ADS_URL}/views`, body),
  });
