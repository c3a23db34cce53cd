import { defineArea } from "../area";
import { calendarRoutes } from "./routes";

export const calendarArea = defineArea({
  name: "calendar",
  async routes(app, { services }) {
    await app.register(calendarRoutes, { calendar: services.calendar });
  },
});
