import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AutodialRequest,
  AutodialResponse,
  AvailabilityQuery,
  AvailabilityResponse,
  OrdersQuery,
  OrdersResponse,
  PackageIdParams,
  PackageResponse,
  PackagesResponse,
  PackageUpdate,
  ScheduleInstallationRequest,
  ScheduleInstallationResponse,
} from "../../../common/satellite";
import { presentOrder, presentPackage } from "./presenter";
import type { SatelliteService } from "./service";

/**
 * Satellite-internet sales ("Satellite internet"). Agents sell
 * (packages, availability, scheduling, orders, autodial); a workspace admin edits packages.
 * Paying goes through POST /api/subscription/checkout with the package's price id (billing).
 */
export const satelliteRoutes: FastifyPluginAsyncZod<{ satellite: SatelliteService }> = async (app, deps) => {
  const { satellite } = deps;

  app.get(
    "/api/viasat/packages",
    { config: { role: "agent" }, schema: { response: { 200: PackagesResponse } } },
    async (request) => ({ packages: (await satellite.packages(request.account)).map(presentPackage) }),
  );

  app.put(
    "/api/viasat/packages/:id",
    {
      config: { role: "admin" },
      schema: { params: PackageIdParams, body: PackageUpdate, response: { 200: PackageResponse } },
    },
    async (request) => ({
      package: presentPackage(
        await satellite.updatePackage(request.account, request.params.id, request.body),
      ),
    }),
  );

  app.get(
    "/api/viasat/availability",
    {
      config: { role: "agent" },
      schema: { querystring: AvailabilityQuery, response: { 200: AvailabilityResponse } },
    },
    async (request) => satellite.availability(request.account, request.query.date),
  );

  app.post(
    "/api/viasat/schedule-installation",
    {
      config: { role: "agent" },
      schema: { body: ScheduleInstallationRequest, response: { 200: ScheduleInstallationResponse } },
    },
    async (request) => {
      const order = await satellite.scheduleInstallation(request.account, request.body);
      return { confirmationNumber: order.confirmationNumber, order: presentOrder(order) };
    },
  );

  app.get(
    "/api/viasat/orders",
    { config: { role: "agent" }, schema: { querystring: OrdersQuery, response: { 200: OrdersResponse } } },
    async (request) => ({
      orders: (await satellite.orders(request.account, request.query.contactId)).map(presentOrder),
    }),
  );

  app.post(
    "/api/viasat/autodial",
    { config: { role: "agent" }, schema: { body: AutodialRequest, response: { 200: AutodialResponse } } },
    async (request) => satellite.autodial(request.account, request.body.contactId),
  );
};
