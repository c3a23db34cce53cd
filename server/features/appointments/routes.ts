import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AppointmentCreate,
  AppointmentIdParams,
  AppointmentOut,
  AppointmentUpdate,
} from "../../../common/appointments";
import type { AppDeps } from "../../app";
import { presentAppointment } from "./presenter";
import { appointmentRepository } from "./repository";
import { appointmentService } from "./service";

export const appointmentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const appointments = appointmentRepository(deps.database.db);
  const service = appointmentService(deps.database.db, appointments);

  app.get("/api/appointments", { schema: { response: { 200: z.array(AppointmentOut) } } }, async (request) =>
    (await appointments.list(request.user.id)).map(presentAppointment),
  );

  app.post(
    "/api/appointments",
    { schema: { body: AppointmentCreate, response: { 201: AppointmentOut } } },
    async (request, reply) => {
      const body = request.body;
      const created = await appointments.create(request.user.id, {
        title: body.title,
        description: body.description,
        startTime: new Date(body.startTime),
        endTime: new Date(body.endTime),
        attendeeName: body.attendeeName,
        attendeeEmail: body.attendeeEmail,
        attendeePhone: body.attendeePhone,
        status: body.status,
      });
      deps.events.publish(request.user.id, { type: "appointment.created", appointmentId: created.id });
      return reply.code(201).send(presentAppointment(created));
    },
  );

  /** Edit (any field) and Cancel (status cancelled) on the appointments screen. */
  app.patch(
    "/api/appointments/:id",
    { schema: { params: AppointmentIdParams, body: AppointmentUpdate, response: { 200: AppointmentOut } } },
    async (request) =>
      presentAppointment(await service.update(request.user.id, request.params.id, request.body)),
  );
};
