import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AppointmentCreate,
  AppointmentIdParams,
  AppointmentListQuery,
  AppointmentOut,
  AppointmentOverlap,
  AppointmentSummary,
  AppointmentUpdate,
  PAGE_HEADERS,
} from "../../../common/appointments";
import type { EventBus } from "../../events/bus";
import { presentAppointment } from "./presenter";
import type { AppointmentService, BookingResult } from "./service";

export type AppointmentRouteDeps = { appointments: AppointmentService; events: EventBus };

export const appointmentRoutes: FastifyPluginAsyncZod<AppointmentRouteDeps> = async (app, deps) => {
  const service = deps.appointments;

  /** The 409 body: the clash named, and the appointments it clashes with. */
  const overlapBody = (result: Extract<BookingResult, { overlaps: unknown }>) => ({
    message: result.message,
    overlaps: result.overlaps.map(presentAppointment),
  });

  /**
   * Shows a plain array, so the body stays one; the page and the total travel in
   * headers (X-Total-Count, X-Total-Pages, X-Page, X-Limit and a Link to the next page).
   */
  app.get(
    "/api/appointments",
    {
      config: { role: "agent" },
      schema: { querystring: AppointmentListQuery, response: { 200: z.array(AppointmentOut) } },
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, total } = await service.list(request.account, query);
      const totalPages = Math.max(1, Math.ceil(total / query.limit));
      reply.header(PAGE_HEADERS.total, String(total));
      reply.header(PAGE_HEADERS.totalPages, String(totalPages));
      reply.header(PAGE_HEADERS.page, String(query.page));
      reply.header(PAGE_HEADERS.limit, String(query.limit));
      const link = (page: number, rel: string) =>
        `</api/appointments?${new URLSearchParams({ filter: query.filter, page: String(page), limit: String(query.limit) })}>; rel="${rel}"`;
      const links = [
        ...(query.page < totalPages ? [link(query.page + 1, "next")] : []),
        ...(query.page > 1 ? [link(Math.min(query.page - 1, totalPages), "prev")] : []),
      ];
      if (links.length) reply.header("link", links.join(", "));
      return rows.map(presentAppointment);
    },
  );

  app.get(
    "/api/appointments/summary",
    { config: { role: "agent" }, schema: { response: { 200: AppointmentSummary } } },
    async (request) => service.summary(request.account),
  );

  app.post(
    "/api/appointments",
    {
      config: { role: "agent" },
      schema: { body: AppointmentCreate, response: { 201: AppointmentOut, 409: AppointmentOverlap } },
    },
    async (request, reply) => {
      const result = await service.create(request.account, request.body);
      if (!result.saved) return reply.code(409).send(overlapBody(result));
      deps.events.publish(request.account.id, {
        type: "appointment.created",
        appointmentId: result.saved.id,
      });
      return reply.code(201).send(presentAppointment(result.saved));
    },
  );

  /** Edit (any field) and Cancel (status cancelled) on the appointments screen. */
  app.patch(
    "/api/appointments/:id",
    {
      config: { role: "agent" },
      schema: {
        params: AppointmentIdParams,
        body: AppointmentUpdate,
        response: { 200: AppointmentOut, 409: AppointmentOverlap },
      },
    },
    async (request, reply) => {
      const result = await service.update(request.account, request.params.id, request.body);
      if (!result.saved) return reply.code(409).send(overlapBody(result));
      return presentAppointment(result.saved);
    },
  );
};
