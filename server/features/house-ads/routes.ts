import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  HouseAdQuery,
  HouseAdResponse,
  HouseAdViewRequest,
  HouseAdViewResponse,
} from "../../../common/house-ads";
import type { HouseAdsService } from "./service";

/** House ads: any member of a workspace on a plan with ads sees and counts them. */
export const houseAdRoutes: FastifyPluginAsyncZod<{ houseAds: HouseAdsService }> = async (
  app,
  { houseAds },
) => {
  app.get(
    "/api/house-ads",
    { config: { role: "agent" }, schema: { querystring: HouseAdQuery, response: { 200: HouseAdResponse } } },
    async (request) => ({ ad: await houseAds.next(request.account, request.query.place) }),
  );

  app.post(
    "/api/house-ads/views",
    {
      config: { role: "agent" },
      schema: { body: HouseAdViewRequest, response: { 200: HouseAdViewResponse } },
    },
    async (request) => ({ adsViewed: await houseAds.viewed(request.account, request.body.adId) }),
  );
};
