import { END_BEFORE_START } from "../../../common/appointments";
import type { Db } from "../../db/client";
import { badRequest, notFound } from "../../http/errors";
import { type AppointmentRepository, type AppointmentRow, appointmentRepository } from "./repository";

/** A validated change (common/appointments AppointmentUpdate after parsing). */
export type AppointmentChange = {
  title?: string | undefined;
  description?: string | null | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  attendeeName?: string | null | undefined;
  attendeeEmail?: string | null | undefined;
  attendeePhone?: string | null | undefined;
  status?: "scheduled" | "completed" | "cancelled" | undefined;
};

export function appointmentService(db: Db, repository: AppointmentRepository = appointmentRepository(db)) {
  return {
    /** Applies a change to one of the owner's appointments; another account's id is "not found". */
    async update(userId: string, id: string, change: AppointmentChange): Promise<AppointmentRow> {
      const current = await repository.get(userId, id);
      if (!current) throw notFound("That appointment");
      const start = change.startTime ? new Date(change.startTime) : current.startTime;
      const end = change.endTime ? new Date(change.endTime) : current.endTime;
      if (end <= start) throw badRequest(END_BEFORE_START, [{ path: "endTime", message: END_BEFORE_START }]);

      const fields: Parameters<AppointmentRepository["update"]>[2] = {};
      if (change.title !== undefined) fields.title = change.title;
      if (change.description !== undefined) fields.description = change.description;
      if (change.startTime !== undefined) fields.startTime = start;
      if (change.endTime !== undefined) fields.endTime = end;
      if (change.attendeeName !== undefined) fields.attendeeName = change.attendeeName;
      if (change.attendeeEmail !== undefined) fields.attendeeEmail = change.attendeeEmail;
      if (change.attendeePhone !== undefined) fields.attendeePhone = change.attendeePhone;
      if (change.status !== undefined) fields.status = change.status;

      const updated = await repository.update(userId, id, fields);
      if (!updated) throw notFound("That appointment");
      return updated;
    },
  };
}

export type AppointmentService = ReturnType<typeof appointmentService>;
