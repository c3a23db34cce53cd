import { appointments } from "../../db/schema";
import { defineArea } from "../area";
import { appointmentRoutes } from "./routes";

export const appointmentsArea = defineArea({
  name: "appointments",
  tables: { appointments },
  async routes(app, { services }) {
    await app.register(appointmentRoutes, { appointments: services.appointments, events: services.events });
  },
});
